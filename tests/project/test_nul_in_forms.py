"""A NUL byte in a page's form, an uploaded text file or an API form field is a 400 that names it, and changes
nothing (PostgreSQL refuses NUL in text: each of these was a 500 there)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cardcollections.collection.services import collection_change
from cardcollections.models import CardProposal
from cardcollections.models import CollectionEntry
from cardcollections.models import ImportJob
from cardcollections.models import Trade

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices_copy(alice, bob, cv_cards) -> CollectionEntry:
    return collection_change(owner=alice, card=cv_cards["means"], delta=2)


@pytest.mark.parametrize(("field", "value"), [("to", "bo\x00b"), ("game", "chapter\x00"), ("message", "hi\x00there")])
def test_a_nul_in_the_trade_offer_form_is_refused_naming_the_field(client, alice, alices_copy, field, value):
    client.force_login(alice)
    form = {"to": "bob", "game": "chapter-and-verse", f"give-{alices_copy.pk}": "1", "message": "hi", field: value}
    response = client.post("/trades/new/", form)
    assert response.status_code == 400
    assert f"The form field '{field}' contains a NUL byte." in response.content.decode()
    assert not Trade.objects.exists()


def test_a_collection_file_holding_a_nul_is_refused_and_no_job_is_made(client, alice, cv_cards):
    client.force_login(alice)
    upload = SimpleUploadedFile("c.csv", b"Count,Name,Set,Number,Condition,Notes\n1,Pride Cycle,CV1,17,,a\x00b\n")
    response = client.post("/collection/chapter-and-verse/import/", {"format": "csv", "mode": "add", "file": upload})
    assert response.status_code == 400  # the form again, with its error
    assert "The file contains a NUL byte" in response.content.decode()
    assert not ImportJob.objects.exists() and not CollectionEntry.objects.filter(owner=alice).exists()


def test_a_nul_in_an_api_form_field_is_a_400_naming_it(moderator, api_as, cv_cards):
    upload = SimpleUploadedFile("c.csv", b"set,number,title\nCV1,50,X\n", content_type="text/csv")
    response = api_as(moderator).post(
        "/api/v1/proposals/bulk/", {"game": "chapter\x00", "source": "s", "file": upload}, format="multipart"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "game"
    assert not CardProposal.objects.exists()


@pytest.mark.parametrize("marker", ["a\\u0000b", "\\ud800"], ids=["nul", "lone-surrogate"])
def test_a_proposed_card_whose_list_holds_text_no_column_can_store_is_refused(client, alice, cv_cards, marker):
    client.force_login(alice)
    form = {
        "set": "CV1",
        "number": "99",
        "title": "New Card",
        "sacrifice": "1",
        "reference": "Alma 1:1",
        "scripture": "text",
        "standard_work": "book-of-mormon",
        "markers": f'["{marker}"]',
        "source": "my copy",
    }
    response = client.post("/proposals/new/chapter-and-verse/", form)
    assert response.status_code == 400  # the form again, with its error
    assert "must not contain" in response.content.decode()
    assert not CardProposal.objects.exists()

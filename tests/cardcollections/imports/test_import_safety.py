"""Imports that would lose data quietly are refused: a broken CSV quote, and replacing with a file of no cards."""

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.imports.services import collection_import
from cardcollections.models import CollectionEntry
from cardcollections.models import Game

pytestmark = pytest.mark.django_db

HEADER = "Count,Name,Set,Number,Condition,Notes\n"


@pytest.fixture
def cv(small_catalogs) -> Game:
    return Game.objects.get(slug="chapter-and-verse")


def _owned(user) -> dict:
    return dict(CollectionEntry.objects.filter(owner=user, quantity__gt=0).values_list("card__title", "quantity"))


def test_an_unterminated_quote_is_refused_with_its_line_and_nothing_changes(alice, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    text = HEADER + '2,Pride Cycle,CV1,17,,"a note\n3,By Small Means,,,,\n'
    summary, problems = collection_import(owner=alice, game=cv, text=text, fmt="csv", mode="add")
    assert summary is None
    assert [p.line for p in problems] == [2], [p.message for p in problems]
    assert "not valid CSV" in problems[0].message
    assert _owned(alice) == {"Pride Cycle": 1}


@pytest.mark.parametrize("text", [HEADER, HEADER + "\n\n"])
def test_replacing_with_a_header_only_file_is_refused_unless_confirmed(alice, cv, cv_cards, text):
    collection_change(owner=alice, card=cv_cards["pride"], delta=3)
    summary, problems = collection_import(owner=alice, game=cv, text=text, fmt="csv", mode="replace")
    assert summary is None and "would empty your Chapter and Verse collection" in problems[0].message
    assert _owned(alice) == {"Pride Cycle": 3}
    summary, problems = collection_import(
        owner=alice, game=cv, text=text, fmt="csv", mode="replace", confirm_empty=True
    )
    assert problems == [] and summary["removed"] == 3
    assert _owned(alice) == {}


def test_the_api_says_so_and_takes_the_confirmation(alice, api_as, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    client = api_as(alice, "token")
    body = {"game": "chapter-and-verse", "text": HEADER, "mode": "replace"}
    refused = client.post("/api/v1/collection/imports/", body, format="json")
    assert refused.status_code == 400 and "no cards" in str(refused.json())
    assert _owned(alice) == {"Pride Cycle": 2}
    done = client.post("/api/v1/collection/imports/", {**body, "confirm_empty": True}, format="json")
    assert done.status_code == 201, done.content
    assert _owned(alice) == {}


def test_the_page_asks_for_the_confirmation(client, alice, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    client.force_login(alice)
    url = "/collection/chapter-and-verse/import/"
    form = {"format": "csv", "mode": "replace", "text": HEADER}
    page = client.post(url, form)
    assert page.status_code == 400 and "confirm_empty" in page.content.decode()
    assert _owned(alice) == {"Pride Cycle": 2}
    assert client.post(url, {**form, "confirm_empty": "on"}).status_code == 302
    assert _owned(alice) == {}

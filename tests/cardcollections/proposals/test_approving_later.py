"""A proposal approved later applies what it proposed, and only that: an edit changes its own fields over
the card as it is then (another edit approved meanwhile stays), clears what it cleared, a bulk file never
overwrites a card made since, and odd values are refused when proposed, not with a 500 when approved."""

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Card
from cardcollections.models import CardProposal
from cardcollections.proposals.services import ProposalClosed
from cardcollections.proposals.services import proposal_approve
from cardcollections.proposals.services import proposal_bulk_create
from cardcollections.proposals.services import proposal_create
from rules.catalog import CatalogError
from tests.cardcollections.proposals.test_services import NEW_CARD
from tests.conftest import BB_SMALL
from tests.conftest import CV_SMALL
from tests.html_forms import prefilled

pytestmark = pytest.mark.django_db
NEW = NEW_CARD  # a new card CV2 9, as the service tests propose it


def test_two_edits_of_one_card_approved_in_turn_both_stand(alice, bob, moderator, cv_cards):
    card = cv_cards["pride"]
    title = proposal_create(
        proposer=alice, game=card.game, card=card, fields={"title": "Pride Cycle (Revised)"}, source="n"
    )
    cost = proposal_create(proposer=bob, game=card.game, card=card, fields={"sacrifice": 5}, source="n")
    proposal_approve(proposal=title, moderator=moderator)
    proposal_approve(proposal=cost, moderator=moderator)
    card.refresh_from_db()
    assert (card.title, card.sacrifice) == ("Pride Cycle (Revised)", 5)


def test_an_edit_on_the_page_clears_an_emptied_field(alice, moderator, cv_cards):
    card = cv_cards["pride"]
    assert card.text
    client = Client()
    client.force_login(alice)
    form = {**prefilled(client, f"/cards/{card.pk}/propose/"), "text": "", "source": "my copy"}
    assert client.post(f"/cards/{card.pk}/propose/", form).status_code == 302
    proposal_approve(proposal=CardProposal.objects.get(), moderator=moderator)
    card.refresh_from_db()
    assert card.text == "" and card.title == "Pride Cycle"


def test_an_armory_card_can_be_edited_on_the_page(alice, starter_catalogs):
    card = Card.objects.filter(game__slug="warriors-of-the-promised-land", kind="armory").first()
    client = Client()
    client.force_login(alice)
    # The prefilled form as it stands, with new rules text: its Prophet box (warriors only) is unticked and
    # was sent as "prophet: false", which an armory card cannot have.
    form = {**prefilled(client, f"/cards/{card.pk}/propose/"), "text": "Shields all your cards.", "source": "my copy"}
    response = client.post(f"/cards/{card.pk}/propose/", form)
    assert response.status_code == 302, response.content.decode()


def test_a_bulk_file_never_overwrites_a_card_made_since_it_was_uploaded(alice, moderator, second_moderator, cv_cards):
    game = cv_cards["means"].game
    upload = SimpleUploadedFile(
        "c.json", json.dumps({"game": game.slug, "sets": [], "cards": [{**NEW, "title": "Bulk Title"}]}).encode()
    )
    bulk = proposal_bulk_create(moderator=moderator, game=game, upload=upload, source="list")
    proposal_approve(proposal=proposal_create(proposer=alice, game=game, fields=NEW, source="n"), moderator=moderator)
    with pytest.raises(ProposalClosed, match="CV2 9 has become a card since"):
        proposal_approve(proposal=bulk, moderator=second_moderator)
    assert Card.objects.get(card_set__code="CV2", number="9").title == "Line upon Line"


def test_a_bulk_row_for_a_card_changes_its_fields_over_the_card_as_it_is_when_approved(
    alice, moderator, second_moderator, cv_cards
):
    card = cv_cards["pride"]
    row = {
        "set": "CV1",
        "number": card.number,
        "title": card.title,
        "sacrifice": 7,
        "scripture": card.scripture,
        "reference": card.reference,
        "standard_work": card.standard_work,
    }
    bulk = proposal_bulk_create(
        moderator=moderator,
        game=card.game,
        upload=SimpleUploadedFile("c.json", json.dumps({"game": card.game.slug, "sets": [], "cards": [row]}).encode()),
        source="list",
    )
    edit = proposal_create(proposer=alice, game=card.game, card=card, fields={"text": "Changed meanwhile."}, source="n")
    proposal_approve(proposal=edit, moderator=moderator)
    proposal_approve(proposal=bulk, moderator=second_moderator)
    card.refresh_from_db()
    assert (card.sacrifice, card.text) == (7, "Changed meanwhile.")


# An army no column can hold the effort of (Bible Battles bounds no number of its own).
BB_GIANT = {**BB_SMALL["cards"][2], "number": "9", "title": "Giant", "effort": 2**63}


@pytest.mark.parametrize(
    ("game", "fields", "field"),
    [
        ("chapter-and-verse", {**NEW, "set": "CV1", "number": "1 "}, "number"),  # CV1 1 exists: padding hid it
        ("chapter-and-verse", {**NEW, "rulings": [{"text": "x", "source": "http://[x"}]}, "rulings"),
        ("bible-battles", BB_GIANT, "effort"),  # no bound of its own: the columns' one
    ],
    ids=["padded-key", "bracketed-link", "huge-number"],
)
def test_odd_values_are_refused_when_proposed(alice, small_catalogs, api_as, game, fields, field):
    response = api_as(alice).post("/api/v1/proposals/", {"game": game, "fields": fields, "source": "n"}, format="json")
    assert response.status_code == 400, response.content
    assert field in json.dumps(response.json())
    assert not CardProposal.objects.exists()


def test_the_loader_reports_a_bracketed_link_and_a_huge_number_by_path():
    document = copy.deepcopy(CV_SMALL)
    document["cards"][0].update(provenance="published", source="https://[blog")
    with pytest.raises(CatalogError) as error:
        catalog_load(document=document)
    assert "cards[0].source" in {p.path for p in error.value.problems}
    with pytest.raises(CatalogError) as error:
        catalog_load(document={"game": "bible-battles", "sets": [{"code": "BB1", "name": "B"}], "cards": [BB_GIANT]})
    assert "cards[0].effort" in {p.path for p in error.value.problems}


def test_set_and_number_sorts_numbers_as_they_count(cv_cards):
    catalog_load(document={"game": "chapter-and-verse", "sets": [], "cards": [{**NEW, "set": "CV1", "number": "3"}]})
    html = Client().get("/catalog/chapter-and-verse/?sort=set").content.decode()
    numbers = sorted(Card.objects.filter(card_set__code="CV1"), key=lambda c: html.index(f"/cards/{c.pk}/"))
    assert [c.number for c in numbers] == sorted((c.number for c in numbers), key=lambda n: (len(n), n))

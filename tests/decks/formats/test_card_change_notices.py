"""An approved card edit the deck rules read re-checks the game's saved decks and registrations in a
worker (the decks app listens to the collections app's signal) and leaves notices."""

# ruff: noqa: F811 (fixtures imported from tests.decks.events.fixtures are arguments of the tests)

import pytest

from cardcollections.models import Card
from cardcollections.proposals.services import proposal_approve
from cardcollections.proposals.services import proposal_create
from decks.formats.tasks import card_decks_recheck_task
from decks.models import Deck
from decks.models import DeckNotice
from decks.models import Registration
from tests.decks.events.fixtures import bob_deck  # noqa: F401
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import event  # noqa: F401
from tests.decks.events.fixtures import registered  # noqa: F401
from tests.decks.events.fixtures import sent  # noqa: F401

pytestmark = pytest.mark.django_db


def approve_edit(alice, moderator, title: str, fields: dict, capture) -> None:
    card = Card.objects.get(title=title, card_set__code="CV1")
    proposal = proposal_create(proposer=alice, game=card.game, card=card, fields=fields, source="errata")
    with capture(execute=True):
        proposal_approve(proposal=proposal, moderator=moderator)


def test_a_card_made_unique_leaves_a_notice_on_each_deck_and_registration_it_made_illegal(
    alice, bob, moderator, registered, sent, django_capture_on_commit_callbacks
):
    deck = Deck.objects.get(pk=registered.deck_id)
    assert deck.legal and registered.validation["legal"]

    approve_edit(alice, moderator, "Verse 003", {"effects": [{"kind": "unique"}]}, django_capture_on_commit_callbacks)
    assert sent == [{"name": "decks.card_decks_recheck", "args": ["chapter-and-verse", ["Verse 003"]]}]
    assert not DeckNotice.objects.exists()  # nothing until the worker runs

    counts = card_decks_recheck_task("chapter-and-verse", ["Verse 003"])
    assert counts == {"checked": 1, "noticed": 1, "cleared": 0, "registrations": 1, "registrations_noticed": 1}
    assert not Deck.objects.get(pk=deck.pk).legal
    registration = Registration.objects.get(pk=registered.pk)
    assert registration.recheck_legal is False and registration.validation["legal"]  # the snapshot stays
    messages = sorted(DeckNotice.objects.filter(owner=bob).values_list("message", flat=True))
    assert messages[0].startswith("A card changed (Verse 003): Bob's faith is no longer legal")
    assert messages[1].startswith("A card changed (Verse 003): your registration for Autumn Open is no longer legal")

    # Idempotent: a second run writes no second notice.
    again = card_decks_recheck_task("chapter-and-verse", ["Verse 003"])
    assert (again["noticed"], again["registrations_noticed"]) == (0, 0)
    assert DeckNotice.objects.count() == 2


def test_an_edit_the_rules_do_not_read_queues_no_recheck(
    alice, moderator, bob_deck, sent, django_capture_on_commit_callbacks
):
    approve_edit(alice, moderator, "Verse 003", {"scripture": "A new verse text."}, django_capture_on_commit_callbacks)
    assert sent == []

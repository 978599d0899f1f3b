"""Learning fixtures: alice's deck of the small Chapter and Verse catalog, and her verses."""

import pytest

from cardcollections.models import Game
from decks.lists.services import deck_create
from learning.models import LearnedVerse
from learning.services import verses_add_from_deck


@pytest.fixture
def alice_deck(cv_cards, alice):
    """alice's deck: both printings of "By Small Means" (one verse), Faith Without Works, Pride Cycle."""
    cv = Game.objects.get(slug="chapter-and-verse")
    cards = [
        {"set": c.card_set.code, "number": c.number, "title": c.title, "count": 1}
        for c in (cv_cards["means"], cv_cards["means2"], cv_cards["faith"], cv_cards["pride"])
    ]
    return deck_create(owner=alice, game=cv, name="Verses", cards=cards)


@pytest.fixture
def alice_verses(alice, alice_deck) -> dict:
    """alice learns her deck's three verses, by reference."""
    verses_add_from_deck(user=alice, deck=alice_deck)
    return {v.card.reference: v for v in LearnedVerse.objects.filter(user=alice).select_related("card")}


@pytest.fixture
def bob_verse(bob, cv_cards):
    from learning.services import verses_add_from_set

    verses_add_from_set(user=bob, card_set=cv_cards["faith"].card_set)
    return LearnedVerse.objects.filter(user=bob).first()

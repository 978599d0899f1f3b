"""Shared set-up of the event tests (imported by tests/decks/test_events_*.py; holds no tests itself).

alice organises an event; bob registers his deck; charlie is the stranger.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from cardcollections.models import CardSet, Game
from decks.services.decks import deck_create
from decks.services.events import event_create
from decks.services.formats import tournament_format_create
from tests.decks.conftest import legal_cv_text, verse_title

CV = "chapter-and-verse"


def spring_text(cards: int = 33, first: int = 3) -> str:
    """`cards` cards of plain verses from Verse `first` on, 3 of each: legal in Spring Open at 30 to 45."""
    lines, left, i = [], cards, first
    while left > 0:
        lines.append(f"{min(3, left)} {verse_title(i)}")
        left -= 3
        i += 1
    return "\n".join(lines)


@pytest.fixture
def cv(cv_catalog) -> Game:
    return Game.objects.get(slug=CV)


@pytest.fixture
def spring(cv, alice):
    """alice's tournament format: CV1 only, Verse 001 banned, 30 to 45 cards, on advanced."""
    return tournament_format_create(
        organiser=alice,
        slug="spring-open",
        name="Spring Open",
        game=cv,
        base_format="advanced",
        legal_sets=CardSet.objects.filter(game=cv, code="CV1"),
        banned_titles=["Verse 001"],
        min_size=30,
        max_size=45,
    )


@pytest.fixture
def event(cv, alice):
    """alice's event, advanced, registration open for a week."""
    return event_create(
        organiser=alice,
        name="Autumn Open",
        game=cv,
        format_slug="advanced",
        deadline=timezone.now() + timedelta(days=7),
        description="Five rounds.",
    )


@pytest.fixture
def bob_deck(cv, bob):
    return deck_create(owner=bob, game=cv, name="Bob's faith", format_slug="advanced", decklist=legal_cv_text())


@pytest.fixture
def registered(event, bob, bob_deck):
    from decks.services.events import registration_create

    return registration_create(event=event, player=bob, deck=bob_deck)


def close(event) -> None:
    """Move the event's deadline into the past (as if time had passed)."""
    from decks.models import Event

    Event.objects.filter(pk=event.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    event.refresh_from_db()

"""Shared set-up of the event tests (made fixtures of tests/decks/events/ by its conftest.py, imported by
tests/decks/formats/; holds no tests itself).

alice organises an event; bob registers his deck; charlie is the stranger.
"""

from datetime import timedelta

import pytest
from celery import current_app
from django.utils import timezone

from cardcollections.models import CardSet
from cardcollections.models import Game
from decks.events.services import event_create
from decks.formats.services import FormatRules
from decks.formats.services import tournament_format_create
from decks.formats.services import tournament_format_update
from decks.lists.services import deck_create
from decks.models import TournamentFormat
from tests.decklists import copies_per_title
from tests.decks.conftest import legal_cv_text
from tests.decks.conftest import verse_title

CV = "chapter-and-verse"


def spring_text(cards: int = 33, first: int = 3) -> str:
    """`cards` cards of plain verses from Verse `first` on, 3 of each: legal in Spring Open at 30 to 45."""
    return "\n".join(f"{count} {verse_title(i)}" for i, count in enumerate(copies_per_title(cards, 3), start=first))


@pytest.fixture
def sent(monkeypatch) -> list[dict]:
    """Messages recorded instead of sent to the broker."""
    messages: list[dict] = []
    monkeypatch.setattr(
        current_app, "send_task", lambda name, args, **options: messages.append({"name": name, "args": args})
    )
    return messages


@pytest.fixture
def cv(cv_catalog) -> Game:
    return Game.objects.get(slug=CV)


def cv1_format(game: Game, organiser, slug: str, name: str, **rules) -> TournamentFormat:
    """A tournament format on advanced: CV1 only, 30 to 45 cards; `rules` (banned_titles...) add to or change that."""
    legal_sets = CardSet.objects.filter(game=game, code="CV1")
    rules = FormatRules(
        **{"base_format": "advanced", "legal_sets": legal_sets, "min_size": 30, "max_size": 45, **rules}
    )
    return tournament_format_create(organiser=organiser, slug=slug, name=name, game=game, rules=rules)


@pytest.fixture
def spring(cv, alice):
    """alice's tournament format: CV1 only, Verse 001 banned, 30 to 45 cards, on advanced."""
    return cv1_format(cv, alice, "spring-open", "Spring Open", banned_titles=["Verse 001"])


def ban_verse_003(spring, alice, **options) -> None:
    """alice bans Verse 003 in Spring Open as well (`options`, such as queue=, go to the update)."""
    tournament_format_update(
        fmt=spring,
        user=alice,
        name=spring.name,
        rules=FormatRules.of(spring, banned_titles=["Verse 001", "Verse 003"]),
        **options,
    )


def open_event(organiser, game: Game, name: str, **fields):
    """`organiser`'s event in the advanced format, registration open for a week."""
    return event_create(
        organiser=organiser,
        name=name,
        game=game,
        format_slug="advanced",
        deadline=timezone.now() + timedelta(days=7),
        **fields,
    )


@pytest.fixture
def event(cv, alice):
    """alice's event, advanced, registration open for a week."""
    return open_event(alice, cv, "Autumn Open", description="Five rounds.")


@pytest.fixture
def bob_deck(cv, bob):
    return deck_create(owner=bob, game=cv, name="Bob's faith", format_slug="advanced", decklist=legal_cv_text())


@pytest.fixture
def registered(event, bob, bob_deck):
    from decks.events.services import registration_create

    return registration_create(event=event, player=bob, deck=bob_deck)


def close(event) -> None:
    """Move the event's deadline into the past (as if time had passed)."""
    from decks.models import Event

    Event.objects.filter(pk=event.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    event.refresh_from_db()


def lists_public(event) -> None:
    """The organiser's choice to show the top decks' lists, as made before the first registration: once a deck is
    registered while they are private, they stay so (issue #34; tests/decks/events/test_decklists_privacy.py)."""
    from decks.models import Event

    Event.objects.filter(pk=event.pk).update(decklists_public=True)
    event.refresh_from_db()


def register_players(event, names: list[str]) -> list:
    """Users named `names` (existing ones reused), each registered for `event` with a legal deck."""
    from django.contrib.auth import get_user_model

    from decks.events.services import registration_create

    users = []
    for name in names:
        user, _ = get_user_model().objects.get_or_create(username=name)
        deck = deck_create(
            owner=user, game=event.game, name=f"{name}'s deck", format_slug="advanced", decklist=legal_cv_text()
        )
        registration_create(event=event, player=user, deck=deck)
        users.append(user)
    return users


@pytest.fixture
def seven(event, bob):
    """Seven players registered for alice's event: bob, dora, eli, finn, gia, hal, ivy."""
    return register_players(event, ["bob", "dora", "eli", "finn", "gia", "hal", "ivy"])

"""Every unsafe deck and event page (the builder's partials included) refuses a session post without
its CSRF token with a 403, and changes nothing; and every one that writes counts its posts against the
caller's write limit, as the API does (past it, a 429 that changes nothing)."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from cardcollections.models import CardReservation, Game, WishlistEntry
from decks.events.services import event_create, registration_create
from decks.lists.services import deck_create
from decks.models import Deck, DeckFolder, DeckNotice, DeckTag, DeckVersion, Event, EventCheck, Registration
from decks.organise.services import folder_create
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db

MODELS = (
    Deck,
    DeckVersion,
    DeckNotice,
    DeckFolder,
    DeckTag,
    CardReservation,
    WishlistEntry,
    Event,
    EventCheck,
    Registration,
)


def state() -> dict:
    return {m.__name__: sorted(map(str, m.objects.values_list())) for m in MODELS}


@pytest.fixture
def world(cv_catalog, alice):
    cv = Game.objects.get(slug="chapter-and-verse")
    deck = deck_create(owner=alice, game=cv, name="Mine", decklist=legal_cv_text())
    event = event_create(
        organiser=alice, name="Open", game=cv, format_slug="advanced", deadline=timezone.now() + timedelta(days=1)
    )
    registration_create(event=event, player=alice, deck=deck)
    notice = DeckNotice.objects.create(deck=deck, owner=alice, format="advanced", message="m", findings=[])
    folder = folder_create(owner=alice, name="Spring")
    return {"deck": deck.pk, "event": event.pk, "notice": notice.pk, "folder": folder.pk}


POSTS = [
    ("/decks/builder/save/", {"game": "chapter-and-verse", "name": "New", "cards": "[]"}),
    ("/decks/builder/save/", {"deck": "{deck}", "name": "Taken", "cards": "[]"}),
    ("/decks/builder/panel/", {"deck": "{deck}", "cards": "[]"}),
    ("/decks/import/", {"game": "chapter-and-verse", "decklist": "2 Verse 001"}),
    ("/decks/{deck}/built/", {"built": "on", "confirm": "1"}),
    ("/decks/{deck}/missing/wishlist/", {"all": "1"}),
    ("/decks/{deck}/clone/", {}),
    ("/decks/{deck}/delete/", {"confirm": "yes"}),
    ("/decks/notices/{notice}/dismiss/", {}),
    ("/decks/{deck}/organise/", {"folder": "{folder}", "tags": "aggro", "archived": "on"}),
    ("/decks/folders/", {"name": "Summer"}),
    ("/decks/folders/{folder}/rename/", {"name": "Summer"}),
    ("/decks/folders/{folder}/delete/", {}),
    ("/events/new/", {"name": "E", "game": "chapter-and-verse", "format": "advanced", "deadline": "2099-01-01T10:00"}),
    ("/events/{event}/edit/", {"name": "E", "format": "advanced", "deadline": "2099-01-01T10:00"}),
    ("/events/{event}/register/", {"deck": "{deck}"}),
    ("/events/{event}/withdraw/", {}),
    ("/events/{event}/checks/", {}),
]


@pytest.mark.parametrize(("path", "data"), POSTS, ids=[p for p, _ in POSTS])
def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(world, alice, path, data):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    before = state()
    response = client.post(path.format(**world), {k: v.format(**world) for k, v in data.items()}, HTTP_X_BUILDER="1")
    assert response.status_code == 403
    assert state() == before


# The builder's panel writes nothing: it is not counted as a write, but as a live check (below).
WRITES = [(path, data) for path, data in POSTS if path != "/decks/builder/panel/"]


@pytest.mark.parametrize(("path", "data"), WRITES, ids=[p for p, _ in WRITES])
def test_a_post_past_the_write_limit_is_a_429_and_changes_nothing(world, alice, one_write_a_minute, path, data):
    client = Client()
    client.force_login(alice)
    address, form = path.format(**world), {k: v.format(**world) for k, v in data.items()}
    client.post(address, form, HTTP_X_BUILDER="1")  # the one write the limit allows, whatever it answers
    before = state()
    response = client.post(address, form, HTTP_X_BUILDER="1")
    assert response.status_code == 429, response.content[:300]
    assert state() == before


def test_the_builder_panel_is_counted_as_a_live_check_not_a_write(world, alice, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "live_user": "2/min",
            "writes_user": "1/min",
        },
    }
    cache.clear()
    client = Client()
    client.force_login(alice)
    panel = {"deck": str(world["deck"]), "cards": "[]"}
    statuses = [client.post("/decks/builder/panel/", panel, HTTP_X_BUILDER="1").status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    # The panels spent none of the write limit: a save still goes through.
    save = {"game": "chapter-and-verse", "name": "New", "cards": "[]"}
    assert client.post("/decks/builder/save/", save, HTTP_X_BUILDER="1").status_code != 429
    cache.clear()

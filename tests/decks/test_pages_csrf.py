"""Every unsafe deck and event page (the builder's partials included) refuses a session post without
its CSRF token with a 403, and changes nothing; and every one that writes counts its posts against the
caller's write limit, as the API does (past it, a 429 that changes nothing)."""

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import resolve
from django.utils import timezone

from cardcollections.models import CardReservation
from cardcollections.models import Game
from cardcollections.models import PrintJob
from cardcollections.models import WishlistEntry
from decks.comments.services import comment_create
from decks.events.services import event_create
from decks.events.services import registration_create
from decks.formats.services import FormatRules
from decks.formats.services import tournament_format_create
from decks.guests.services import guest_add
from decks.lists.services import deck_create
from decks.models import Deck
from decks.models import DeckComment
from decks.models import DeckFolder
from decks.models import DeckLike
from decks.models import DeckNotice
from decks.models import DeckTag
from decks.models import DeckVersion
from decks.models import Event
from decks.models import EventCheck
from decks.models import EventJudge
from decks.models import Follow
from decks.models import GuestPlayer
from decks.models import JudgeCall
from decks.models import Registration
from decks.models import TournamentFormat
from decks.organise.services import folder_create
from tests.decks.conftest import legal_cv_text
from tests.project.routes import route_paths
from tests.project.routes import url_routes

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
    DeckLike,
    DeckComment,
    Follow,
    TournamentFormat,
    PrintJob,
    GuestPlayer,
    EventJudge,
    JudgeCall,
)


def state() -> dict:
    return {m.__name__: sorted(map(str, m.objects.values_list())) for m in MODELS}


@pytest.fixture
def world(cv_catalog, alice, bob):
    cv = Game.objects.get(slug="chapter-and-verse")
    deck = deck_create(owner=alice, game=cv, name="Mine", decklist=legal_cv_text())
    event = event_create(
        organiser=alice, name="Open", game=cv, format_slug="advanced", deadline=timezone.now() + timedelta(days=1)
    )
    registration_create(event=event, player=alice, deck=deck)
    guest = guest_add(organiser=alice, event=event, name="Ruth", deck=deck)
    notice = DeckNotice.objects.create(deck=deck, owner=alice, format="advanced", message="m", findings=[])
    folder = folder_create(owner=alice, name="Spring")
    shared = deck_create(owner=alice, game=cv, name="Shared", decklist=legal_cv_text(), visibility="public")
    comment = comment_create(deck=shared, author=alice, body="First.")
    tournament_format_create(
        organiser=alice, slug="spring", name="Spring", game=cv, rules=FormatRules(base_format="advanced")
    )
    return {
        "deck": deck.pk,
        "event": event.pk,
        "notice": notice.pk,
        "folder": folder.pk,
        "shared": shared.pk,
        "comment": comment.pk,
        "guest": guest.pk,
        "code": guest.claim_code,
    }


POSTS = [
    ("/decks/builder/save/", {"game": "chapter-and-verse", "name": "New", "cards": "[]"}),
    ("/decks/builder/save/", {"deck": "{deck}", "name": "Taken", "cards": "[]"}),
    ("/decks/builder/panel/", {"deck": "{deck}", "cards": "[]"}),
    ("/decks/import/", {"game": "chapter-and-verse", "decklist": "2 Verse 001"}),
    ("/decks/{deck}/built/", {"built": "on", "confirm": "1"}),
    ("/decks/{deck}/missing/wishlist/", {"all": "1"}),
    ("/decks/{deck}/clone/", {}),
    ("/decks/{deck}/print-and-play/job/", {"paper": "a4", "bleed": "0"}),
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
    ("/events/{event}/format-version/", {}),
    ("/events/{event}/close/", {}),
    ("/events/{event}/guests/", {"name": "Boaz", "deck": "{deck}"}),
    ("/events/{event}/guests/{guest}/remove/", {}),
    ("/events/claim/", {"code": "{code}"}),
    ("/events/{event}/call-judge/", {"note": "Help"}),
    ("/events/{event}/calls/{event}/answer/", {}),
    ("/events/{event}/judges/", {"username": "bob"}),
    ("/events/{event}/judges/{event}/remove/", {}),
    ("/events/{event}/co-organisers/", {"username": "bob"}),
    ("/events/{event}/co-organisers/{event}/remove/", {}),
    ("/events/{event}/handicaps/", {"registration": "{event}", "handicap": "5"}),
    ("/events/{event}/handicaps/suggest/", {"a": "{event}", "b": "{event}"}),
    ("/decks/{deck}/like/", {}),
    ("/decks/{deck}/comments/", {"body": "Nice list."}),
    ("/players/bob/follow/", {}),
    ("/decks/starters/no-such-starter/copy/", {}),
    ("/decks/{shared}/comments/{comment}/edit/", {"body": "Edited."}),
    ("/decks/{shared}/comments/{comment}/delete/", {}),
    (
        "/decks/formats/new/",
        {"slug": "summer", "name": "Summer", "game": "chapter-and-verse", "base_format": "advanced"},
    ),
    ("/decks/formats/spring/edit/", {"name": "Spring again", "base_format": "advanced"}),
]


@pytest.mark.parametrize(("path", "data"), POSTS, ids=[p for p, _ in POSTS])
def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(world, alice, path, data):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    before = state()
    response = client.post(path.format(**world), {k: v.format(**world) for k, v in data.items()}, HTTP_X_BUILDER="1")
    assert response.status_code == 403
    assert state() == before


# The builder's panel writes nothing: it is not counted as a write, but as a live check (below). The handicap
# suggestion plays games: it is counted by the compute limit (tests/decks/events/test_handicaps.py).
NOT_WRITES = {"/decks/builder/panel/", "/events/{event}/handicaps/suggest/"}
WRITES = [(path, data) for path, data in POSTS if path not in NOT_WRITES]


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


# Page posts covered by tests of their own: the tournament pages (test_tournament_pages.py) and the
# live checks, counted by the live limit, not the write limit (test_rate_limits.py and above).
COVERED_ELSEWHERE = re.compile(r"^events/<int:event_id>/(run/|drop/|matches/)")
LIVE = {
    "decks/validate/",
    "decks/writeup/preview/",
    "decks/goldfish/costs/",
    "decks/goldfish/exact/",
    "decks/goldfish/replay/",
}


def test_the_tables_list_every_deck_and_event_page_that_takes_a_post(world, alice):
    client = Client()
    client.force_login(alice)
    listed = {resolve(path.format(**world)).route for path, _ in POSTS}
    values = {"uuid": [str(world["deck"])], "int": [str(world["event"])], "str": ["bob"], "slug": ["x"]}
    unlisted = []
    for route in url_routes(re.compile(r"^(?!decks/|events/|players/)")):
        if route in listed or route in LIVE or COVERED_ELSEWHERE.match(route):
            continue
        for path in route_paths(route, values):
            if client.post(path, HTTP_X_BUILDER="1").status_code != 405:
                unlisted.append(route)
    assert unlisted == [], "\n".join(unlisted)

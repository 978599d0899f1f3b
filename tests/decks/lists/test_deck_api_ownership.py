"""Ownership, table-driven: every saved-deck endpoint and method, as the owner, as a stranger
(charlie), as someone who may read the deck but does not own it, and anonymously; with session
and token authentication, and a session without its CSRF token.

The rulings under test:
- a deck the caller may not read (someone else's private deck) is a 404 for everything, ids do not leak;
- a deck the caller may read (unlisted or public) but does not own is a 403 for every write and for
  the owner-only `missing`; reading, exporting, comparing and cloning it are allowed;
- anonymous callers get 401/403 for every write, for `missing` and for their own lists; reading a
  private deck is a 404 for them, reading a public one is allowed.
"""

import pytest
from django.db.models import Q
from rest_framework.test import APIClient

from cardcollections.collection.services import collection_change
from cardcollections.models import Card, CardReservation, Game
from decks.lists.services import deck_create, deck_set_built, deck_update
from decks.models import Deck, DeckLike, DeckVersion
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db
CV = "chapter-and-verse"


@pytest.fixture
def world(cv_catalog, alice, bob):
    """alice's private deck (built, two versions), alice's public deck, and bob's public deck."""
    cv = Game.objects.get(slug=CV)
    collection_change(owner=alice, card=Card.objects.get(title="Verse 001"), delta=2)
    private = deck_create(owner=alice, game=cv, name="Alice secret", decklist="2 Verse 001\n")
    deck_update(deck=private, decklist=legal_cv_text())
    deck_set_built(deck=private, built=True)
    public = deck_create(owner=alice, game=cv, name="Alice shown", decklist="1 Verse 002\n", visibility="public")
    bobs = deck_create(owner=bob, game=cv, name="Bob shown", decklist="1 Verse 003\n", visibility="public")
    return {"deck": str(private.pk), "public": str(public.pk), "bobs": str(bobs.pk)}


def snapshot() -> dict:
    return {
        m.__name__: sorted(tuple(sorted((k, str(v)) for k, v in r.items())) for r in m.objects.values())
        for m in (Deck, DeckVersion, CardReservation, DeckLike)
    }


def alice_state() -> dict:
    return {
        "decks": sorted(Deck.objects.filter(owner__username="alice").values_list("id", "name", "version", "built")),
        "versions": DeckVersion.objects.filter(deck__owner__username="alice").count(),
        "reservations": sorted(
            CardReservation.objects.filter(owner__username="alice").values_list("holder", "quantity")
        ),
    }


# (method, path, body) on a deck addressed by id; "{deck}" is replaced by the deck under test.
DECK_READS = [
    ("get", "/api/v1/decks/{deck}/", None),
    ("get", "/api/v1/decks/{deck}/export/", None),
    ("get", "/api/v1/decks/{deck}/export/?as=json", None),
    ("get", "/api/v1/decks/{deck}/versions/", None),
    ("get", "/api/v1/decks/{deck}/versions/1/", None),
    ("get", "/api/v1/decks/{deck}/compare/?with={deck}", None),
    ("get", "/api/v1/decks/{bobs}/compare/?with={deck}", None),
    ("get", "/api/v1/decks/{deck}/compare/?with={bobs}", None),
    ("get", "/api/v1/decks/{deck}/validation/", None),
]
DECK_WRITES = [
    ("patch", "/api/v1/decks/{deck}/", {"name": "Taken"}),
    ("patch", "/api/v1/decks/{deck}/", {"decklist": "1 Verse 009\n", "visibility": "public"}),
    ("delete", "/api/v1/decks/{deck}/", None),
    ("put", "/api/v1/decks/{deck}/built/", {"built": False}),
    ("get", "/api/v1/decks/{deck}/missing/", None),  # owner-only read: the owner's collection
]
CLONE = [("post", "/api/v1/decks/{deck}/clone/", None)]
# Liking: any deck the caller may read but their own (decks/likes/).
LIKES = [("post", "/api/v1/decks/{deck}/like/", None), ("delete", "/api/v1/decks/{deck}/like/", None)]
OWN_ROUTES = [
    ("get", "/api/v1/decks/", None),
    ("get", "/api/v1/decks/?game=chapter-and-verse", None),
    ("post", "/api/v1/decks/", {"game": CV, "name": "Charlie's", "decklist": "1 Verse 004\n"}),
    ("post", "/api/v1/decks/import/", {"game": CV, "decklist": "1 Verse 005\n"}),
    ("get", "/api/v1/decks/liked/", None),
]


def call(client, method: str, path: str, body):
    if body is None:
        return getattr(client, method)(path)
    return getattr(client, method)(path, body, format="json")


def cell(method: str, path: str, auth: str = "") -> str:
    return f"{auth} {method.upper()} {path}".strip()


def address(path: str, world: dict, deck: str) -> str:
    return path.format(**{**world, "deck": world[deck]})


def test_a_stranger_gets_404_for_a_private_deck_and_changes_nothing(world, charlie, api_as, auth):
    client = api_as(charlie, auth)
    before = snapshot()
    failures = []
    for method, path, body in DECK_READS + DECK_WRITES + CLONE + LIKES:
        response = call(client, method, address(path, world, "deck"), body)
        if response.status_code != 404:
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
        if b"Alice secret" in response.content:
            failures.append((cell(method, path, auth), "shows the deck"))
        if snapshot() != before:
            failures.append((cell(method, path, auth), "changed the database"))
            before = snapshot()
    assert failures == []


def test_a_reader_who_is_not_the_owner_reads_and_clones_but_cannot_write(world, charlie, api_as, auth):
    client = api_as(charlie, auth)
    failures = []
    for method, path, body in DECK_READS:
        response = call(client, method, address(path, world, "public"), body)
        if response.status_code != 200:
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
    before = alice_state()
    for method, path, body in DECK_WRITES:
        response = call(client, method, address(path, world, "public"), body)
        if response.status_code != 403:
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
        if alice_state() != before:
            failures.append((cell(method, path, auth), "changed alice's decks"))
    response = call(client, "post", address(CLONE[0][1], world, "public"), None)
    if response.status_code != 201 or response.json()["owner"] != "charlie":
        failures.append((cell("post", CLONE[0][1], auth), response.status_code))
    assert alice_state() == before
    assert failures == []


def test_a_stranger_reaches_only_their_own_decks(world, charlie, api_as, auth):
    client = api_as(charlie, auth)
    failures = []
    for method, path, body in OWN_ROUTES:
        before = alice_state()
        response = call(client, method, path, body)
        if response.status_code not in (200, 201):
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
        if alice_state() != before:
            failures.append((cell(method, path, auth), "changed alice's decks"))
        if method == "get" and b"Alice" in response.content:
            failures.append((cell(method, path, auth), "shows alice's decks"))
    assert failures == []
    assert set(Deck.objects.filter(owner=charlie).values_list("name", flat=True)) == {"Charlie's", "Imported deck"}


def test_anonymous_callers_cannot_write_or_list_their_own_and_see_only_readable_decks(world):
    before = snapshot()
    client = APIClient()
    failures = []
    for deck in ("deck", "public"):
        for method, path, body in DECK_WRITES + CLONE + LIKES:
            response = call(client, method, address(path, world, deck), body)
            if response.status_code not in (401, 403):
                failures.append((cell(method, path), deck, response.status_code))
        for method, path, body in DECK_READS:
            response = call(client, method, address(path, world, deck), body)
            expected = 404 if deck == "deck" else 200
            if response.status_code != expected:
                failures.append((cell(method, path), deck, response.status_code))
    for method, path, body in OWN_ROUTES:
        response = call(client, method, path, body)
        if response.status_code not in (401, 403):
            failures.append((cell(method, path), response.status_code))
    assert failures == []
    assert snapshot() == before


def test_the_owner_reaches_every_endpoint_of_their_private_deck(world, alice, api_as, auth):
    client = api_as(alice, auth)
    failures = []
    for method, path, body in [*DECK_READS, DECK_WRITES[-1]]:
        response = call(client, method, address(path, world, "deck"), body)
        if response.status_code != 200:
            failures.append((cell(method, path, auth), response.status_code))
    # Delete last: everything else needs the deck.
    for method, path, body in sorted(DECK_WRITES[:-1] + CLONE, key=lambda route: route[0] == "delete"):
        response = call(client, method, address(path, world, "deck"), body)
        if response.status_code not in (200, 201, 204):
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
    assert failures == []
    assert not Deck.objects.filter(pk=world["deck"]).exists()


def test_a_reader_likes_a_deck_they_may_read_and_the_owner_their_own_never(world, alice, charlie, api_as, auth):
    reader = api_as(charlie, auth)
    for method, path, _ in LIKES:
        response = call(reader, method, address(path, world, "public"), None)
        assert response.status_code == 200, (method, response.content[:200])
    assert not DeckLike.objects.exists()  # liked, then unliked
    before = alice_state()
    response = call(api_as(alice, auth), "post", address(LIKES[0][1], world, "public"), None)
    assert response.status_code == 400 and not DeckLike.objects.exists()
    assert alice_state() == before


def test_a_session_write_without_the_csrf_token_is_refused(world, alice, api_as):
    client = api_as(alice, "session", csrf=False)
    before = snapshot()
    failures = []
    for method, path, body in [*DECK_WRITES[:-1], *CLONE, *LIKES, *OWN_ROUTES[2:4]]:
        response = call(client, method, address(path, world, "deck"), body)
        if response.status_code != 403:
            failures.append((cell(method, path, "session"), response.status_code))
    assert failures == []
    assert snapshot() == before
    assert client.get(f"/api/v1/decks/{world['deck']}/").status_code == 200  # reads need no token


def test_a_stranger_cannot_goldfish_a_private_deck_and_ids_do_not_leak(world, charlie):
    from decks.goldfish.checks import GoldfishInputError, goldfish_prepare

    body = {"mode": "exact", "turns": 1, "queries": [{"name": "any", "filter": {}}]}
    answers = []
    for deck_id in (world["deck"], "6a0b7b9e-0000-4000-8000-000000000000"):
        with pytest.raises(GoldfishInputError) as info:
            goldfish_prepare(data={**body, "deck": deck_id}, user=charlie)
        answers.append(info.value.to_dict())
    assert answers[0] == answers[1] == {"field": "deck", "message": "no saved deck with this id that you may read"}
    assert goldfish_prepare(data={**body, "deck": world["deck"]}, user=Deck.objects.get(pk=world["deck"]).owner)
    assert goldfish_prepare(data={**body, "deck": world["public"]}, user=charlie)


def test_stranger_results_do_not_depend_on_whether_the_deck_exists(world, charlie, api_as):
    """A made-up id and alice's private deck answer alike, for every route."""
    client = api_as(charlie, "token")
    made_up = "6a0b7b9e-0000-4000-8000-000000000000"
    failures = []
    for method, path, body in DECK_READS + DECK_WRITES + CLONE + LIKES:
        real = call(client, method, address(path, world, "deck"), body)
        fake = call(client, method, path.format(**{**world, "deck": made_up}), body)
        if (real.status_code, real.content) != (fake.status_code, fake.content):
            failures.append((cell(method, path), real.status_code, fake.status_code))
    assert failures == []
    assert not Deck.objects.filter(Q(owner=charlie)).exists()

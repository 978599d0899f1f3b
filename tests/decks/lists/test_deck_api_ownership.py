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
from cardcollections.models import Card
from cardcollections.models import CardReservation
from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.lists.services import deck_set_built
from decks.lists.services import deck_update
from decks.models import Deck
from decks.models import DeckFolder
from decks.models import DeckLike
from decks.models import DeckTag
from decks.models import DeckVersion
from decks.organise.services import deck_organise
from decks.organise.services import folder_create
from tests.decks.conftest import legal_cv_text
from tests.ownership import call
from tests.ownership import cell
from tests.ownership import fill
from tests.ownership import unexpected_statuses
from tests.ownership import walk

pytestmark = pytest.mark.django_db
CV = "chapter-and-verse"


@pytest.fixture
def world(cv_catalog, alice, bob):
    """alice's private deck (built, two versions, tagged), alice's public deck, bob's public deck; both of
    alice's decks are in her folder "Secret folder"."""
    cv = Game.objects.get(slug=CV)
    collection_change(owner=alice, card=Card.objects.get(title="Verse 001"), delta=2)
    private = deck_create(owner=alice, game=cv, name="Alice secret", decklist="2 Verse 001\n")
    deck_update(deck=private, decklist=legal_cv_text())
    deck_set_built(deck=private, built=True)
    public = deck_create(owner=alice, game=cv, name="Alice shown", decklist="1 Verse 002\n", visibility="public")
    bobs = deck_create(owner=bob, game=cv, name="Bob shown", decklist="1 Verse 003\n", visibility="public")
    folder = folder_create(owner=alice, name="Secret folder")
    deck_organise(deck=private, folder=folder, tags=["secret-tag"])
    deck_organise(deck=public, folder=folder)
    return {"deck": str(private.pk), "public": str(public.pk), "bobs": str(bobs.pk), "folder": str(folder.pk)}


def snapshot() -> dict:
    return {
        m.__name__: sorted(tuple(sorted((k, str(v)) for k, v in r.items())) for r in m.objects.values())
        for m in (Deck, DeckVersion, CardReservation, DeckFolder, DeckTag, DeckLike)
    }


def alice_state() -> dict:
    return {
        "decks": sorted(
            Deck.objects.filter(owner__username="alice").values_list(
                "id", "name", "version", "built", "folder", "archived"
            )
        ),
        "tags": sorted(DeckTag.objects.filter(deck__owner__username="alice").values_list("deck", "name")),
        "folders": sorted(DeckFolder.objects.filter(owner__username="alice").values_list("id", "name")),
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
    ("get", "/api/v1/decks/{deck}/comments/", None),
]
DECK_WRITES = [
    ("patch", "/api/v1/decks/{deck}/", {"name": "Taken"}),
    ("patch", "/api/v1/decks/{deck}/", {"decklist": "1 Verse 009\n", "visibility": "public"}),
    ("delete", "/api/v1/decks/{deck}/", None),
    ("put", "/api/v1/decks/{deck}/built/", {"built": False}),
    ("put", "/api/v1/decks/{deck}/organise/", {"tags": ["mine"], "archived": True, "folder": None}),
    ("get", "/api/v1/decks/{deck}/missing/", None),  # owner-only read: the owner's collection
]
CLONE = [("post", "/api/v1/decks/{deck}/clone/", None)]
# Reads of any deck the caller may read, for signed-in callers only (their own collection against it).
SIGNED_IN_READS = [("get", "/api/v1/decks/{deck}/buildable/", None)]
# Liking: any deck the caller may read but their own (decks/likes/).
LIKES = [("post", "/api/v1/decks/{deck}/like/", None), ("delete", "/api/v1/decks/{deck}/like/", None)]
OWN_ROUTES = [
    ("get", "/api/v1/decks/", None),
    ("get", "/api/v1/decks/?game=chapter-and-verse", None),
    ("post", "/api/v1/decks/", {"game": CV, "name": "Charlie's", "decklist": "1 Verse 004\n"}),
    ("post", "/api/v1/decks/import/", {"game": CV, "decklist": "1 Verse 005\n"}),
    ("get", "/api/v1/deck-folders/", None),
    ("get", "/api/v1/decks/export-all/", None),
    ("get", "/api/v1/decks/?tag=secret-tag", None),
    ("post", "/api/v1/deck-folders/", {"name": "Charlie's folder"}),
    ("get", "/api/v1/decks/liked/", None),
]
# alice's folder, and using it: (method, path, body) with "{folder}" her folder's id (or a made-up one).
FOLDER_ROUTES = [
    ("patch", "/api/v1/deck-folders/{folder}/", {"name": "Taken"}),
    ("delete", "/api/v1/deck-folders/{folder}/", None),
    ("get", "/api/v1/decks/?folder={folder}", None),
    ("post", "/api/v1/deck-folders/", {"name": "Inside", "parent": "{folder}"}),
    ("put", "/api/v1/decks/{bobs}/organise/", {"folder": "{folder}"}),
]
# Words only alice may be shown: her private deck's name and tag, her folder's name.
SECRETS = (b"Alice secret", b"secret-tag", b"Secret folder")


def ids(world: dict, deck: str) -> dict:
    """The world's ids, with "{deck}" standing for one of its decks: "deck" (alice's private one) or "public"."""
    return {**world, "deck": world[deck]}


def address(path: str, world: dict, deck: str) -> str:
    return fill(path, ids(world, deck))


def test_a_stranger_gets_404_for_a_private_deck_and_changes_nothing(world, charlie, api_as, auth):
    routes = DECK_READS + DECK_WRITES + CLONE + SIGNED_IN_READS + LIKES
    failures = []
    for method, path, response, changed in walk(api_as(charlie, auth), routes, ids(world, "deck"), state=snapshot):
        if response.status_code != 404:
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
        if any(secret in response.content for secret in SECRETS):
            failures.append((cell(method, path, auth), "shows the deck"))
        if changed:
            failures.append((cell(method, path, auth), "changed the database"))
    assert failures == []


def test_a_reader_who_is_not_the_owner_reads_and_clones_but_cannot_write(world, charlie, api_as, auth):
    client = api_as(charlie, auth)
    failures = []
    for method, path, body in DECK_READS + SIGNED_IN_READS:
        response = call(client, method, address(path, world, "public"), body)
        if response.status_code != 200:
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
        if b"Secret folder" in response.content:
            failures.append((cell(method, path, auth), "shows alice's folder"))
    before = alice_state()
    for method, path, response, changed in walk(client, DECK_WRITES, ids(world, "public"), state=alice_state):
        if response.status_code != 403:
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
        if changed:
            failures.append((cell(method, path, auth), "changed alice's decks"))
    response = call(client, "post", address(CLONE[0][1], world, "public"), None)
    if response.status_code != 201 or response.json()["owner"] != "charlie":
        failures.append((cell("post", CLONE[0][1], auth), response.status_code))
    assert alice_state() == before
    assert failures == []


def test_a_stranger_reaches_only_their_own_decks(world, charlie, api_as, auth):
    failures = []
    for method, path, response, changed in walk(api_as(charlie, auth), OWN_ROUTES, world, state=alice_state):
        if response.status_code not in (200, 201):
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
        if changed:
            failures.append((cell(method, path, auth), "changed alice's decks"))
        if method == "get" and (b"Alice" in response.content or b"Secret folder" in response.content):
            failures.append((cell(method, path, auth), "shows alice's decks"))
    assert failures == []
    assert set(Deck.objects.filter(owner=charlie).values_list("name", flat=True)) == {"Charlie's", "Imported deck"}


def test_anonymous_callers_cannot_write_or_list_their_own_and_see_only_readable_decks(world):
    before = snapshot()
    client = APIClient()
    failures = []
    for deck in ("deck", "public"):
        signed_in_only = DECK_WRITES + CLONE + SIGNED_IN_READS + LIKES
        failures += unexpected_statuses(client, signed_in_only, ids(world, deck), (401,), label=deck)
        readable = 404 if deck == "deck" else 200
        failures += unexpected_statuses(client, DECK_READS, ids(world, deck), (readable,), label=deck)
    failures += unexpected_statuses(client, OWN_ROUTES, world, (401,))
    assert failures == []
    assert snapshot() == before


def test_the_owner_reaches_every_endpoint_of_their_private_deck(world, alice, api_as, auth):
    client = api_as(alice, auth)
    reads = [*DECK_READS, DECK_WRITES[-1], *SIGNED_IN_READS]
    failures = unexpected_statuses(client, reads, ids(world, "deck"), (200,), label=auth)
    # Delete last: everything else needs the deck.
    writes = sorted(DECK_WRITES[:-1] + CLONE, key=lambda route: route[0] == "delete")
    failures += unexpected_statuses(client, writes, ids(world, "deck"), (200, 201, 204), label=auth)
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
    own_writes = [route for route in OWN_ROUTES if route[0] != "get"]
    writes = [*DECK_WRITES[:-1], *CLONE, *LIKES, *own_writes]
    assert unexpected_statuses(client, writes, ids(world, "deck"), (403,), label="session") == []
    assert snapshot() == before
    assert client.get(f"/api/v1/decks/{world['deck']}/").status_code == 200  # reads need no token


def test_a_stranger_cannot_goldfish_a_private_deck_and_ids_do_not_leak(world, charlie):
    from decks.goldfish.checks import GoldfishInputError
    from decks.goldfish.checks import goldfish_prepare

    body = {"mode": "exact", "turns": 1, "queries": [{"name": "any", "filter": {}}]}
    answers = []
    for deck_id in (world["deck"], "6a0b7b9e-0000-4000-8000-000000000000"):
        with pytest.raises(GoldfishInputError) as info:
            goldfish_prepare(data={**body, "deck": deck_id}, user=charlie)
        answers.append(info.value.to_dict())
    assert answers[0] == answers[1] == {"field": "deck", "message": "no saved deck with this id that you may read"}
    assert goldfish_prepare(data={**body, "deck": world["deck"]}, user=Deck.objects.get(pk=world["deck"]).owner)
    assert goldfish_prepare(data={**body, "deck": world["public"]}, user=charlie)


def test_a_stranger_cannot_replay_a_game_of_a_private_deck_and_ids_do_not_leak(world, alice, charlie, api_as):
    body = {"turns": 2, "trials": 10, "seed": 1, "game_number": 2}
    made_up = "6a0b7b9e-0000-4000-8000-000000000000"
    for user, auth in ((charlie, "token"), (charlie, "session"), (None, None)):
        client = api_as(user, auth) if user is not None else APIClient()
        real = client.post("/api/v1/goldfish/replay/", {**body, "deck": world["deck"]}, format="json")
        fake = client.post("/api/v1/goldfish/replay/", {**body, "deck": made_up}, format="json")
        assert (real.status_code, real.json()) == (fake.status_code, fake.json())
        assert real.status_code == 400 and real.json()["field"] == "deck"
        # Nothing of the deck shows: not a title of its cards.
        assert "Verse" not in real.content.decode()
    owner = api_as(alice, "token").post("/api/v1/goldfish/replay/", {**body, "deck": world["deck"]}, format="json")
    assert owner.status_code == 200 and owner.json()["cards"]
    public = api_as(charlie, "token").post("/api/v1/goldfish/replay/", {**body, "deck": world["public"]}, format="json")
    assert public.status_code == 200


def test_only_its_owner_can_cancel_a_goldfish_job_of_a_saved_deck(world, charlie, api_as, monkeypatch, settings):
    """alice's queued goldfish job (of her private deck): charlie and an anonymous caller get 404 for
    reading and cancelling it, and it keeps running; alice cancels it (the goldfish page's Cancel button)."""
    from decks.goldfish import services as goldfish_services
    from decks.goldfish.models import GoldfishJob

    settings.GOLDFISH_INLINE_SECONDS = 0.0
    monkeypatch.setattr(goldfish_services.current_app, "send_task", lambda *args, **kwargs: None)
    alice = Deck.objects.get(pk=world["deck"]).owner
    body = {"deck": world["deck"], "mode": "simulate", "turns": 2, "trials": 1000, "queries": [{"name": "any"}]}
    owner = api_as(alice, "session")
    created = owner.post("/api/v1/goldfish/", body, format="json")
    assert created.status_code == 202, created.json()
    job = f"/api/v1/goldfish/{created.json()['id']}/"
    for other in (api_as(charlie, "session"), api_as(charlie, "token"), APIClient()):
        assert other.get(job).status_code == 404
        assert other.delete(job).status_code == 404
    assert GoldfishJob.objects.get().status == "queued"
    assert owner.delete(job).status_code == 200
    assert GoldfishJob.objects.get().status == "cancelled"


def test_stranger_results_do_not_depend_on_whether_the_deck_exists(world, charlie, api_as):
    """A made-up id and alice's private deck answer alike, for every route."""
    client = api_as(charlie, "token")
    made_up = "6a0b7b9e-0000-4000-8000-000000000000"
    failures = []
    for method, path, body in DECK_READS + DECK_WRITES + CLONE + SIGNED_IN_READS + LIKES:
        real = call(client, method, address(path, world, "deck"), body)
        fake = call(client, method, path.format(**{**world, "deck": made_up}), body)
        if (real.status_code, real.content) != (fake.status_code, fake.content):
            failures.append((cell(method, path), real.status_code, fake.status_code))
    assert failures == []
    assert not Deck.objects.filter(Q(owner=charlie)).exists()


def _with_folder(value, folder: str, world: dict):
    """A route's path or body with "{folder}" (and the deck ids) filled in; a folder id in a body is a number."""
    if isinstance(value, str):
        return value.format(**{**world, "folder": folder})
    if isinstance(value, dict):
        return {k: (int(folder) if v == "{folder}" else v) for k, v in value.items()}
    return value


def test_a_stranger_cannot_see_rename_delete_or_use_someone_elses_folder(world, charlie, bob, api_as, auth):
    """alice's folder answers bob as a made-up folder does, and nothing changes."""
    client = api_as(bob, auth)
    made_up = str(int(world["folder"]) + 1000)
    before = snapshot()
    failures = []
    for method, path, body in FOLDER_ROUTES:
        real = call(
            client, method, _with_folder(path, world["folder"], world), _with_folder(body, world["folder"], world)
        )
        fake = call(client, method, _with_folder(path, made_up, world), _with_folder(body, made_up, world))
        if real.status_code not in (400, 404) or (real.status_code, real.content) != (fake.status_code, fake.content):
            failures.append((cell(method, path, auth), real.status_code, fake.status_code, real.content[:200]))
        if any(secret in real.content for secret in SECRETS):
            failures.append((cell(method, path, auth), "shows alice's folder"))
    assert failures == []
    assert snapshot() == before


def test_the_owner_renames_fills_filters_and_deletes_her_folder(world, alice, api_as):
    client = api_as(alice, "token")
    folder = world["folder"]
    listed = client.get("/api/v1/decks/", {"folder": folder}).json()["results"]
    assert {d["name"] for d in listed} == {"Alice secret", "Alice shown"}
    assert all(d["folder"]["name"] == "Secret folder" for d in listed)
    assert client.patch(f"/api/v1/deck-folders/{folder}/", {"name": "Spring"}, format="json").status_code == 200
    inside = client.post("/api/v1/deck-folders/", {"name": "Drafts", "parent": int(folder)}, format="json")
    assert inside.status_code == 201
    deeper = client.post("/api/v1/deck-folders/", {"name": "Deeper", "parent": inside.json()["id"]}, format="json")
    assert deeper.status_code == 400 and deeper.json()["field"] == "parent"
    assert client.delete(f"/api/v1/deck-folders/{folder}/").status_code == 204
    assert not DeckFolder.objects.filter(owner=alice).exists()
    assert Deck.objects.filter(owner=alice).count() == 2  # the decks stay, in no folder


def test_the_buildable_list_shows_public_decks_only_and_needs_a_sign_in(world, charlie, api_as, auth):
    response = api_as(charlie, auth).get("/api/v1/decks/buildable/")
    assert response.status_code == 200
    assert {r["deck"]["name"] for r in response.json()["results"]} == {"Alice shown", "Bob shown"}
    assert APIClient().get("/api/v1/decks/buildable/").status_code == 401


def test_a_private_decks_comments_are_nobody_elses_business(world, alice, bob, charlie, api_as, auth):
    """bob commented on alice's deck while it was public; once it is private only alice reaches them."""
    from decks.comments.services import comment_create
    from decks.models import DeckComment

    deck = Deck.objects.get(pk=world["public"])
    comment = comment_create(deck=deck, author=bob, body="Shown while public")
    deck_update(deck=deck, visibility="private")
    routes = [
        ("get", "/api/v1/decks/{deck}/comments/", None),
        ("post", "/api/v1/decks/{deck}/comments/", {"body": "hello"}),
        ("patch", f"/api/v1/decks/{{deck}}/comments/{comment.pk}/", {"body": "changed"}),
        ("delete", f"/api/v1/decks/{{deck}}/comments/{comment.pk}/", None),
    ]
    failures = []
    for user in (bob, charlie):  # the author too: the deck is no longer his to read
        client = api_as(user, auth)
        for method, path, body in routes:
            response = call(client, method, address(path, world, "public"), body)
            if response.status_code != 404 or b"Shown while public" in response.content:
                failures.append((user.username, cell(method, path, auth), response.status_code))
    for method, path, body in routes:
        response = call(APIClient(), method, address(path, world, "public"), body)
        if response.status_code not in (401, 403, 404) or b"Shown while public" in response.content:
            failures.append(("anonymous", cell(method, path), response.status_code))
    assert failures == []
    assert list(DeckComment.objects.values_list("body", flat=True)) == ["Shown while public"]
    mine = api_as(alice, auth).get(f"/api/v1/decks/{world['public']}/comments/")
    assert [c["body"] for c in mine.json()["results"]] == ["Shown while public"]

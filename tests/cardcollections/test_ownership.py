"""Ownership, table-driven: every collection and trade endpoint, every method, as the owner, as a
stranger (charlie: 404 for someone else's object, and the database unchanged) and anonymously,
with session and with token authentication."""

import pytest
from django.db.models import Q
from knox.models import AuthToken
from rest_framework.test import APIClient

from cardcollections.blocks.models import PlayerBlock
from cardcollections.collection.services import collection_change
from cardcollections.collection.services import trade_list_set
from cardcollections.collection.services import wishlist_set
from cardcollections.imports.services import import_job_create
from cardcollections.imports.services import import_job_run
from cardcollections.models import Card
from cardcollections.models import CardProposal
from cardcollections.models import CardRevision
from cardcollections.models import CollectionEntry
from cardcollections.models import CollectionSettings
from cardcollections.models import ImportJob
from cardcollections.models import LedgerEntry
from cardcollections.models import Notification
from cardcollections.models import NotificationSettings
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.models import WishlistEntry
from cardcollections.notifications.services import notify
from cardcollections.proposals.services import proposal_create
from cardcollections.tokens.selectors import token_id
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import trade_propose
from tests.ownership import call
from tests.ownership import cell
from tests.ownership import fill
from tests.ownership import unexpected_statuses
from tests.ownership import walk

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(alice, bob, cv_cards):
    """alice's private things: a collection row on her trade list, a wish, an import, an open offer to bob, an API token."""
    entry = collection_change(owner=alice, card=cv_cards["pride"], delta=3)
    trade_list_set(owner=alice, entry=entry, for_trade=1)
    wish = wishlist_set(owner=alice, card=cv_cards["faith"], wanted=2)
    job = import_job_create(
        owner=alice, game=cv_cards["pride"].game, text="Count,Name\n1,Pride Cycle\n", fmt="csv", mode="add"
    )
    import_job_run(job_id=job.pk)
    collection_change(owner=bob, card=cv_cards["means"], delta=1)
    trade = trade_propose(
        proposer=alice,
        recipient=bob,
        lines=[
            LineSpec(TradeLine.Side.PROPOSER, cv_cards["pride"].pk, 1),
            LineSpec(TradeLine.Side.RECIPIENT, cv_cards["means"].pk, 1),
        ],
    )
    token, _ = AuthToken.objects.create(user=alice)
    note = notify(alice, kind="trade-declined", message="bob declined your offer.", url=f"/trades/{trade.pk}/")
    proposal = proposal_create(
        proposer=alice, game=cv_cards["pride"].game, card=cv_cards["pride"], fields={"sacrifice": 5}, source="a note"
    )
    return {
        "notification": note.pk,
        "proposal": proposal.pk,
        "entry": entry.pk,
        "wish": wish.pk,
        "job": job.pk,
        "trade": trade.pk,
        "card": cv_cards["means"].pk,
        "token": token_id(token),
    }


def snapshot() -> dict:
    models = (
        CollectionEntry,
        WishlistEntry,
        LedgerEntry,
        Trade,
        TradeLine,
        CollectionSettings,
        ImportJob,
        Notification,
        NotificationSettings,
        CardProposal,
        CardRevision,
    )
    state = {m.__name__: sorted(tuple(sorted(r.items())) for r in m.objects.values()) for m in models}
    state["AuthToken"] = sorted(AuthToken.objects.values_list("user_id", "digest"))
    return state


# (method, path, body): alice's objects, addressed by id. A stranger gets 404 from each.
OBJECT_ROUTES = [
    ("get", "/api/v1/collection/{entry}/", None),
    ("patch", "/api/v1/collection/{entry}/", {"quantity": 0}),
    ("delete", "/api/v1/collection/{entry}/", None),
    ("get", "/api/v1/tradelist/{entry}/", None),
    ("patch", "/api/v1/tradelist/{entry}/", {"for_trade": 0}),
    ("delete", "/api/v1/tradelist/{entry}/", None),
    ("get", "/api/v1/wishlist/{wish}/", None),
    ("patch", "/api/v1/wishlist/{wish}/", {"wanted": 9}),
    ("delete", "/api/v1/wishlist/{wish}/", None),
    ("get", "/api/v1/collection/imports/{job}/", None),
    ("get", "/api/v1/trades/{trade}/", None),
    ("post", "/api/v1/trades/{trade}/accept/", None),
    ("post", "/api/v1/trades/{trade}/decline/", None),
    ("post", "/api/v1/trades/{trade}/withdraw/", None),
    ("post", "/api/v1/trades/{trade}/counter/", {"give": [{"card": "{card}", "quantity": 1}]}),
    ("get", "/api/v1/users/alice/collection/", None),
    ("delete", "/api/v1/account/token/{token}/", None),
    ("post", "/api/v1/notifications/{notification}/read/", None),
    # Card proposals: only their proposer and the moderators see them; only moderators review.
    ("get", "/api/v1/proposals/{proposal}/", None),
    ("put", "/api/v1/proposals/{proposal}/", {"fields": {"sacrifice": 6}, "source": "mine now"}),
    ("post", "/api/v1/proposals/{proposal}/scan/", None),
    ("post", "/api/v1/proposals/{proposal}/approve/", None),
    ("post", "/api/v1/proposals/{proposal}/reject/", {"reason": "no"}),
    ("post", "/api/v1/proposals/{proposal}/ask-changes/", {"note": "change it"}),
]

# Routes about "my" things: a stranger reaches only their own, so alice's never show and never change.
OWN_ROUTES = [
    ("get", "/api/v1/collection/", None),
    ("post", "/api/v1/collection/", {"card": "{card}", "quantity": 2}),
    ("post", "/api/v1/collection/adjust/", {"card": "{card}", "delta": 1}),
    ("get", "/api/v1/collection/ledger/", None),
    ("get", "/api/v1/collection/settings/", None),
    ("patch", "/api/v1/collection/settings/", {"visibility": "public"}),
    ("post", "/api/v1/collection/settings/share-link/", None),
    ("get", "/api/v1/collection/export/?game=chapter-and-verse", None),
    ("post", "/api/v1/collection/imports/", {"game": "chapter-and-verse", "text": "Count,Name\n1,Pride Cycle\n"}),
    ("get", "/api/v1/wishlist/", None),
    ("post", "/api/v1/wishlist/", {"card": "{card}", "wanted": 1}),
    ("get", "/api/v1/tradelist/", None),
    ("get", "/api/v1/trades/", None),
    ("post", "/api/v1/trades/", {"recipient": "bob", "give": [{"card": "{card}", "quantity": 1}]}),
    ("get", "/api/v1/matches/", None),
    ("get", "/api/v1/proposals/", None),
    (
        "post",
        "/api/v1/proposals/",
        {"game": "chapter-and-verse", "card": "{card}", "fields": {"sacrifice": 3}, "source": "a note"},
    ),
    ("get", "/api/v1/proposals/review/", None),
    ("post", "/api/v1/proposals/bulk/", None),
    ("get", "/api/v1/account/token/", None),
    ("get", "/api/v1/notifications/", None),
    ("get", "/api/v1/notifications/unread-count/", None),
    ("post", "/api/v1/notifications/read-all/", None),
    ("get", "/api/v1/notifications/settings/", None),
    ("patch", "/api/v1/notifications/settings/", {"email": False}),
    ("get", "/api/v1/blocks/", None),
    ("post", "/api/v1/blocks/", {"username": "bob"}),
    ("delete", "/api/v1/blocks/bob/", None),
    ("post", "/api/v1/account/token/", None),
    # Last: with token authentication it revokes the caller's own token.
    ("post", "/api/v1/account/token/logout-all/", None),
]


def alice_state() -> dict:
    # Only alice's rows (and the trade with bob): a stranger's own writes are allowed to change theirs.
    return {
        "entries": sorted(
            CollectionEntry.objects.filter(owner__username="alice").values_list("id", "quantity", "for_trade", "notes")
        ),
        "wishes": sorted(WishlistEntry.objects.filter(owner__username="alice").values_list("id", "wanted")),
        "ledger": LedgerEntry.objects.filter(owner__username__in=["alice", "bob"]).count(),
        "trades": sorted(
            Trade.objects.filter(Q(proposer__username="alice") | Q(recipient__username="alice")).values_list(
                "id", "status"
            )
        ),
        "settings": sorted(
            CollectionSettings.objects.filter(owner__username="alice").values_list("visibility", "share_token")
        ),
        "tokens": sorted(AuthToken.objects.filter(user__username="alice").values_list("digest", flat=True)),
        "notifications": sorted(Notification.objects.filter(user__username="alice").values_list("id", "read")),
        "notification_settings": sorted(
            NotificationSettings.objects.filter(user__username="alice").values_list("email", flat=True)
        ),
        "proposals": sorted(
            CardProposal.objects.filter(proposer__username="alice").values_list("id", "status", "source", "updated")
        ),
        "cards": sorted(Card.objects.values_list("id", "sacrifice", "modified")),
        "blocks": sorted(PlayerBlock.objects.filter(blocker__username="alice").values_list("blocked_id", flat=True)),
    }


# Each test walks its whole table and reports every failing cell at once; the calls
# that must change nothing leave the database as it was, so one set-up serves them all.
def test_a_stranger_gets_404_for_someone_elses_object_and_changes_nothing(world, charlie, api_as, auth):
    failures = []
    for method, path, response, changed in walk(api_as(charlie, auth), OBJECT_ROUTES, world, state=snapshot):
        if response.status_code != 404:
            failures.append((cell(method, path, auth), response.status_code, response.content[:200]))
        if changed:
            failures.append((cell(method, path, auth), "changed the database"))
    assert failures == []


def test_a_stranger_reaches_only_their_own_things(world, charlie, api_as, auth):
    failures = []
    for method, path, response, changed in walk(api_as(charlie, auth), OWN_ROUTES, world, state=alice_state):
        if response.status_code >= 500:
            failures.append((cell(method, path, auth), response.status_code))
        if changed:
            failures.append((cell(method, path, auth), "changed alice's things"))
        # None of alice's rows appear, not even in matches: she has not chosen to be in them (issue #34).
        if method == "get" and (b"Pride Cycle" in response.content or b"alice" in response.content):
            failures.append((cell(method, path, auth), "shows alice's things"))
    assert failures == []


def test_anonymous_users_are_refused_everything(world):
    before = snapshot()
    failures = []
    for method, path, body in OBJECT_ROUTES + OWN_ROUTES:
        response = call(APIClient(), method, fill(path, world), fill(body, world))
        expected = {404} if path.startswith("/api/v1/users/") else {401}
        if response.status_code not in expected:
            failures.append((cell(method, path), response.status_code))
    assert failures == []
    assert snapshot() == before


def test_the_owner_reads_every_one_of_their_objects(world, alice, api_as, auth):
    reads = [route for route in OBJECT_ROUTES if route[0] == "get"]
    assert unexpected_statuses(api_as(alice, auth), reads, world, (200,), label=auth) == []

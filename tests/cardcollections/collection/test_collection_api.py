"""The collection and trade API: what an owner can do, in the schema, with CSRF kept on for sessions."""

import pytest
import yaml

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_visibility_set
from cardcollections.collection.services import trade_list_change
from cardcollections.models import CollectionEntry
from cardcollections.models import ImportJob
from cardcollections.models import LedgerEntry
from cardcollections.models import Trade


@pytest.mark.django_db
def test_it_sets_adjusts_and_lists_my_collection(token_alice, cv_cards):
    response = token_alice.post(
        "/api/v1/collection/", {"card": cv_cards["pride"].pk, "quantity": 3, "condition": "NM"}, format="json"
    )
    assert response.status_code == 200, response.json()
    entry_id = response.json()["id"]
    assert (
        token_alice.post(
            "/api/v1/collection/adjust/", {"card": cv_cards["pride"].pk, "condition": "NM", "delta": -1}, format="json"
        ).json()["quantity"]
        == 2
    )
    body = token_alice.get("/api/v1/collection/?game=chapter-and-verse").json()
    assert [(r["id"], r["quantity"], r["card"]["set"], r["card"]["number"]) for r in body["results"]] == [
        (entry_id, 2, "CV1", "17")
    ]
    assert token_alice.patch(f"/api/v1/tradelist/{entry_id}/", {"for_trade": 2}, format="json").json()["for_trade"] == 2
    assert token_alice.patch(f"/api/v1/tradelist/{entry_id}/", {"for_trade": 3}, format="json").status_code == 400
    ledger = token_alice.get(f"/api/v1/collection/ledger/?card={cv_cards['pride'].pk}").json()["results"]
    assert [(e["delta"], e["balance"], e["reason"], e["actor"]) for e in ledger] == [
        (-1, 2, "manual", "alice"),
        (3, 3, "manual", "alice"),
    ]


@pytest.mark.django_db
def test_taking_away_more_than_owned_is_a_400(token_alice, cv_cards):
    response = token_alice.post(
        "/api/v1/collection/adjust/", {"card": cv_cards["pride"].pk, "delta": -1}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "body" and "You have 0 of Pride Cycle" in response.json()["message"]


@pytest.mark.django_db
def test_it_imports_and_exports_csv(token_alice, cv_cards):
    text = "Count,Name,Set,Number,Condition,Notes\n2,Pride Cycle,CV1,17,Near Mint,\n"
    response = token_alice.post(
        "/api/v1/collection/imports/", {"game": "chapter-and-verse", "text": text}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "done"
    job_id = response.json()["id"]
    assert token_alice.get(f"/api/v1/collection/imports/{job_id}/").json()["summary"]["added"] == 2
    export = token_alice.get("/api/v1/collection/export/?game=chapter-and-verse")
    assert export["Content-Type"].startswith("text/csv")
    assert export.content.decode() == "Count,Name,Set,Number,Condition,Notes\n2,Pride Cycle,CV1,17,Near Mint,\n"


@pytest.mark.django_db
def test_a_bad_import_is_a_400_listing_every_row(token_alice, small_catalogs):
    text = "Count,Name,Set,Number,Condition,Notes\n1,Prid Cycle,,,,\n-1,Pride Cycle,,,,\n"
    response = token_alice.post(
        "/api/v1/collection/imports/", {"game": "chapter-and-verse", "text": text}, format="json"
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["line"], e["suggestions"]) for e in errors] == [(2, ["Pride Cycle"]), (3, [])]
    assert not CollectionEntry.objects.exists()


@pytest.mark.django_db
def test_a_big_import_is_queued_after_commit(
    token_alice, small_catalogs, django_capture_on_commit_callbacks, monkeypatch
):
    from cardcollections.imports import tasks

    sent = []
    monkeypatch.setattr(tasks.run_collection_import, "apply_async", lambda args, queue: sent.append((args[0], queue)))
    text = "Count,Name,Set,Number,Condition,Notes\n" + "1,Pride Cycle,CV1,17,,\n" * 2_001
    with django_capture_on_commit_callbacks(execute=True):
        response = token_alice.post(
            "/api/v1/collection/imports/", {"game": "chapter-and-verse", "text": text}, format="json"
        )
    assert response.status_code == 202
    assert response.json()["status"] == "queued"
    assert sent == [(response.json()["id"], "interactive")]  # 2,001 rows: a few seconds of work
    assert ImportJob.objects.get().total_rows == 2_001


@pytest.fixture
def offer(alice, bob, cv_cards) -> dict:
    """alice's offer to bob, two By Small Means for his Pride Cycle, as the API takes it; both hold their side."""
    collection_change(owner=alice, card=cv_cards["means"], delta=2)
    collection_change(owner=bob, card=cv_cards["pride"], delta=1)
    return {
        "recipient": "bob",
        "give": [{"card": cv_cards["means"].pk, "quantity": 2}],
        "receive": [{"card": cv_cards["pride"].pk, "quantity": 1}],
        "message": "hi",
    }


@pytest.mark.django_db
def test_a_trade_through_the_api(alice, bob, api_as, offer):
    response = api_as(alice).post("/api/v1/trades/", offer, format="json")
    assert response.status_code == 201, response.json()
    trade_id = response.json()["id"]
    assert [(line["giver"], line["quantity"]) for line in response.json()["lines"]] == [("alice", 2), ("bob", 1)]
    assert api_as(alice).post(f"/api/v1/trades/{trade_id}/accept/").status_code == 403
    bob_api = api_as(bob, "session")
    accepted = bob_api.post(f"/api/v1/trades/{trade_id}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
    again = bob_api.post(f"/api/v1/trades/{trade_id}/accept/")
    assert again.status_code == 409
    assert [t["id"] for t in api_as(alice).get("/api/v1/trades/?status=accepted").json()["results"]] == [trade_id]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("action", "actor", "status"),
    [("accept", "bob", "accepted"), ("decline", "bob", "declined"), ("withdraw", "alice", "withdrawn")],
)
def test_an_answer_to_an_offer_shows_the_trade_as_it_now_is(alice, bob, api_as, offer, action, actor, status):
    made = api_as(alice).post("/api/v1/trades/", offer, format="json").json()
    client = api_as({"alice": alice, "bob": bob}[actor])
    answered = client.post(f"/api/v1/trades/{made['id']}/{action}/")
    assert answered.status_code == 200, answered.json()
    # The answer is what reading the trade afterwards shows: its new status and time, the same lines.
    assert answered.json() == client.get(f"/api/v1/trades/{made['id']}/").json()
    assert answered.json()["status"] == status and answered.json()["updated"] > made["updated"]
    assert answered.json()["lines"] == made["lines"]


@pytest.mark.django_db
def test_an_offer_of_copies_the_proposer_does_not_hold_is_refused_and_nobody_is_told(alice, bob, api_as, cv_cards):
    from cardcollections.models import Notification

    collection_change(owner=alice, card=cv_cards["means"], delta=1)
    offer = {
        "recipient": "bob",
        "give": [{"card": cv_cards["means"].pk, "quantity": 2}, {"card": cv_cards["pride"].pk, "quantity": 999}],
    }
    response = api_as(alice).post("/api/v1/trades/", offer, format="json")
    assert response.status_code == 400
    assert response.json()["shortages"] == [
        "alice has 1 of By Small Means (CV1 1); the trade needs 2",
        "alice has 0 of Pride Cycle (CV1 17); the trade needs 999",
    ]
    assert not Trade.objects.exists() and not Notification.objects.filter(user=bob).exists()


@pytest.mark.django_db
def test_a_short_accept_is_a_409_naming_the_cards(alice, bob, api_as, cv_cards):
    collection_change(owner=alice, card=cv_cards["means"], delta=2)
    offer = {"recipient": "bob", "give": [{"card": cv_cards["means"].pk, "quantity": 2}]}
    trade_id = api_as(alice).post("/api/v1/trades/", offer, format="json").json()["id"]
    collection_change(owner=alice, card=cv_cards["means"], delta=-2)  # her copies leave before bob answers
    response = api_as(bob).post(f"/api/v1/trades/{trade_id}/accept/")
    assert response.status_code == 409
    assert response.json()["shortages"] == ["alice has 0 of By Small Means (CV1 1); the trade needs 2"]
    assert Trade.objects.get().status == Trade.Status.PROPOSED


@pytest.mark.django_db
def test_matches_endpoint(alice, bob, api_as, cv_cards):
    collection_change(owner=bob, card=cv_cards["pride"], delta=1)
    trade_list_change(owner=bob, card=cv_cards["pride"], delta=1)
    api_as(alice).post(
        "/api/v1/wishlist/", {"game": "chapter-and-verse", "title": "pride cycle", "wanted": 1}, format="json"
    )
    for player in (alice, bob):
        api_as(player).patch("/api/v1/collection/settings/", {"in_matches": True}, format="json")
    body = api_as(alice).get("/api/v1/matches/").json()
    assert [(m["user"], m["items"][0]["card"]["title"]) for m in body["have_what_i_want"]] == [("bob", "Pride Cycle")]
    assert [m["user"] for m in api_as(bob).get("/api/v1/matches/").json()["want_what_i_offer"]] == ["alice"]


@pytest.mark.django_db
def test_a_shared_collection_is_readable_with_its_link_only(alice, bob, api_as, cv_cards, client):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    assert client.get("/api/v1/users/alice/collection/").status_code == 404
    row = collection_visibility_set(owner=alice, visibility="link")
    assert client.get("/api/v1/users/alice/collection/").status_code == 404
    shared = client.get(f"/api/v1/users/alice/collection/?token={row.share_token}")
    assert shared.status_code == 200 and "notes" not in shared.json()["results"][0]
    assert api_as(alice).get("/api/v1/collection/settings/").json()["share_url"].endswith(f"/shared/{row.share_token}/")


@pytest.mark.django_db
def test_a_session_request_without_the_csrf_token_is_refused(alice, api_as, cv_cards):
    client = api_as(alice, "session", csrf=False)
    response = client.post("/api/v1/collection/adjust/", {"card": cv_cards["pride"].pk, "delta": 1}, format="json")
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    assert not LedgerEntry.objects.exists()


@pytest.mark.django_db
def test_i_can_make_and_list_my_api_tokens(alice, api_as):
    client = api_as(alice, "session")
    made = client.post("/api/v1/account/token/").json()
    # The key is answered once; the list names the token and its dates, never the key.
    assert client.get("/api/v1/account/token/").json() == [{k: made[k] for k in ("id", "created", "expiry")}]


def test_every_collection_endpoint_is_in_the_schema(client, db):
    schema = yaml.safe_load(client.get("/api/v1/schema/").content)
    paths = set(schema["paths"])
    for path in (
        "/api/v1/collection/",
        "/api/v1/collection/{id}/",
        "/api/v1/collection/adjust/",
        "/api/v1/collection/ledger/",
        "/api/v1/collection/settings/",
        "/api/v1/collection/export/",
        "/api/v1/collection/imports/",
        "/api/v1/collection/imports/{id}/",
        "/api/v1/users/{username}/collection/",
        "/api/v1/wishlist/",
        "/api/v1/wishlist/{id}/",
        "/api/v1/tradelist/",
        "/api/v1/tradelist/{id}/",
        "/api/v1/trades/",
        "/api/v1/trades/{id}/",
        "/api/v1/trades/{id}/accept/",
        "/api/v1/trades/{id}/decline/",
        "/api/v1/trades/{id}/withdraw/",
        "/api/v1/trades/{id}/counter/",
        "/api/v1/matches/",
        "/api/v1/account/token/",
        "/api/v1/account/token/{token_id}/",
        "/api/v1/account/token/logout-all/",
    ):
        assert path in paths, path


@pytest.mark.django_db
def test_a_change_of_notes_alone_keeps_copies_a_trade_moved_meanwhile(alice, bob, cv_cards, token_alice, monkeypatch):
    from cardcollections.collection.api import views
    from cardcollections.collection.selectors import card_totals
    from cardcollections.models import TradeLine
    from cardcollections.trades.services import LineSpec
    from cardcollections.trades.services import trade_accept
    from cardcollections.trades.services import trade_propose

    card = cv_cards["pride"]
    entry = collection_change(owner=alice, card=card, delta=3)
    trade = trade_propose(proposer=alice, recipient=bob, lines=[LineSpec(TradeLine.Side.PROPOSER, card.pk, 2)])
    copies = card_totals()[card.pk]
    write = views.collection_set

    def trade_lands_then_write(**kwargs):
        # bob accepts after alice's PATCH has found her row and before it writes.
        trade_accept(trade=trade, user=bob)
        return write(**kwargs)

    monkeypatch.setattr(views, "collection_set", trade_lands_then_write)
    response = token_alice.patch(f"/api/v1/collection/{entry.pk}/", {"notes": "sleeved"}, format="json")
    assert response.status_code == 200, response.json()
    assert (response.json()["quantity"], response.json()["notes"]) == (1, "sleeved")
    assert card_totals()[card.pk] == copies  # no copy made out of nothing
    assert not LedgerEntry.objects.filter(owner=alice, reason="manual", card=card).exclude(delta=3).exists()

"""The learning API: the due queue, a batch of reviews (idempotent by uuid, strict), one verse, the goal.

Owner, stranger (404: ids do not leak) and anonymous (401), by session and by token."""

import uuid

import pytest
from rest_framework.test import APIClient

from learning.models import LearnedVerse
from learning.models import LearningGoal
from learning.models import Review

pytestmark = pytest.mark.django_db

QUEUE = "/api/v1/learn/queue/"
REVIEWS = "/api/v1/learn/reviews/"
GOAL = "/api/v1/learn/goal/"


def verse_url(verse) -> str:
    return f"/api/v1/learn/verses/{verse.pk}/"


def state() -> tuple:
    return (
        sorted(LearnedVerse.objects.values_list("id", "due", "stability", "reviews")),
        sorted(map(str, Review.objects.values_list("uuid", "grade"))),
        sorted(LearningGoal.objects.values_list("user_id", "daily_reviews")),
    )


def one(verse, grade="good", kind="whole", **extra) -> dict:
    return {"uuid": str(uuid.uuid4()), "verse": verse.pk, "grade": grade, "kind": kind, **extra}


def test_the_queue_lists_my_due_verses_with_the_goal(api_as, auth, alice, alice_verses, bob_verse):
    response = api_as(alice, auth).get(QUEUE)
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["due_count"] == 3 and body["goal"] == 20 and body["reviewed_today"] == 0
    assert {v["reference"] for v in body["verses"]} == {"Alma 37:6", "James 2:17", "Helaman 12:2"}
    assert bob_verse.pk not in {v["id"] for v in body["verses"]}
    first = body["verses"][0]
    assert first["state"] == "learning" and first["stability"] is None and first["scripture"]
    assert len(api_as(alice, auth).get(QUEUE, {"limit": 1}).json()["verses"]) == 1


def test_a_batch_is_recorded_in_order_and_sent_again_stored_once(api_as, auth, alice, alice_verses):
    client = api_as(alice, auth)
    batch = {"reviews": [one(alice_verses["Alma 37:6"]), one(alice_verses["James 2:17"], "again", "first_letters")]}
    first = client.post(REVIEWS, batch, format="json")
    assert first.status_code == 200, first.content
    assert (first.json()["stored"], first.json()["duplicates"]) == (2, 0)
    after = state()
    again = client.post(REVIEWS, batch, format="json")
    assert (again.json()["stored"], again.json()["duplicates"]) == (0, 2)
    assert [r["due"] for r in again.json()["results"]] == [r["due"] for r in first.json()["results"]]
    assert all(r["duplicate"] for r in again.json()["results"])
    assert state() == after and Review.objects.count() == 2
    assert client.get(QUEUE).json()["reviewed_today"] == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "reviews"),
        ({"reviews": []}, "reviews"),
        ({"reviews": "x"}, "reviews"),
        ({"reviews": [{"uuid": "x"}]}, "reviews[0].uuid"),
        ({"reviews": ["{good}", "{bad_grade}"]}, "reviews[1].grade"),
        ({"reviews": ["{good}", "{bad_kind}"]}, "reviews[1].kind"),
        ({"reviews": ["{good}", "{unknown_key}"]}, "reviews[1].colour"),
        ({"reviews": ["{good}", "{decimal_verse}"]}, "reviews[1].verse"),
        ({"reviews": ["{good}", "{bobs}"]}, "reviews[1].verse"),
        ({"reviews": ["{good}", "{missing}"]}, "reviews[1].verse"),
        ({"reviews": ["{good}", "{future}"]}, "reviews[1].reviewed"),
        ({"reviews": ["{good}"], "colour": "red"}, "colour"),
    ],
)
def test_a_bad_batch_is_a_400_naming_the_field_and_changes_nothing(api_as, alice, alice_verses, bob_verse, body, field):
    verse = alice_verses["Alma 37:6"]
    reviews = {
        "{good}": one(verse),
        "{bad_grade}": one(verse, grade="perfect"),
        "{bad_kind}": one(verse, kind="juggling"),
        "{unknown_key}": one(verse, colour="red"),
        "{decimal_verse}": {**one(verse), "verse": 1.5},
        "{bobs}": one(bob_verse),
        "{missing}": {**one(verse), "verse": 10**9},
        "{future}": one(verse, reviewed="2999-01-01T00:00:00Z"),
    }
    if isinstance(body.get("reviews"), list):
        body = {**body, "reviews": [reviews.get(r, r) if isinstance(r, str) else r for r in body["reviews"]]}
    before = state()
    response = api_as(alice, "token").post(REVIEWS, body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field and response.json()["message"]
    assert state() == before


def test_an_unknown_query_parameter_is_a_400_naming_it(token_alice, alice_verses):
    response = token_alice.get(QUEUE, {"colour": "red"})
    assert response.status_code == 400 and response.json()["field"] == "colour"


def test_one_verse_shows_its_state_and_latest_reviews(api_as, auth, alice, alice_verses):
    client = api_as(alice, auth)
    verse = alice_verses["James 2:17"]
    client.post(REVIEWS, {"reviews": [one(verse, "easy")]}, format="json")
    body = client.get(verse_url(verse)).json()
    assert body["reviews"] == 1 and body["state"] == "review" and body["recent"][0]["grade"] == "easy"


def test_stopping_a_verse_deletes_it_and_its_reviews(api_as, auth, alice, alice_verses):
    client = api_as(alice, auth)
    verse = alice_verses["James 2:17"]
    client.post(REVIEWS, {"reviews": [one(verse)]}, format="json")
    assert client.delete(verse_url(verse)).status_code == 204
    assert not LearnedVerse.objects.filter(pk=verse.pk).exists() and not Review.objects.exists()


def test_the_goal_is_read_and_set(api_as, auth, alice):
    client = api_as(alice, auth)
    assert client.get(GOAL).json() == {"daily_reviews": 20}
    assert client.put(GOAL, {"daily_reviews": 7}, format="json").json() == {"daily_reviews": 7}
    refused = client.put(GOAL, {"daily_reviews": 0}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "daily_reviews"
    assert client.get(GOAL).json() == {"daily_reviews": 7}


def test_a_stranger_can_neither_read_nor_change_my_verses(api_as, auth, alice, bob, alice_verses):
    """bob asks for alice's verse, deletes it, reviews it: 404, 404, 400 on that review (as for an id that does not
    exist), and nothing of alice's changes; his queue holds none of hers."""
    client = api_as(bob, auth)
    verse = alice_verses["James 2:17"]
    before = state()
    assert client.get(verse_url(verse)).status_code == 404
    assert client.delete(verse_url(verse)).status_code == 404
    nothing = client.get("/api/v1/learn/verses/999999999/")
    assert nothing.status_code == 404 and nothing.json() == client.get(verse_url(verse)).json()
    refused = client.post(REVIEWS, {"reviews": [one(verse)]}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "reviews[0].verse"
    assert client.get(QUEUE).json()["verses"] == []
    assert state() == before


@pytest.mark.parametrize(
    ("method", "path"),
    [("get", QUEUE), ("post", REVIEWS), ("get", GOAL), ("put", GOAL), ("get", "/api/v1/learn/verses/1/")],
)
def test_anonymous_callers_are_401(method, path, alice_verses):
    response = getattr(APIClient(), method)(path, {}, format="json") if method != "get" else APIClient().get(path)
    assert response.status_code == 401


def test_a_batch_past_the_write_limit_is_a_429_and_changes_nothing(token_alice, alice_verses, one_write_a_minute):
    verse = alice_verses["Alma 37:6"]
    assert token_alice.post(REVIEWS, {"reviews": [one(verse)]}, format="json").status_code == 200
    before = state()
    response = token_alice.post(REVIEWS, {"reviews": [one(verse)]}, format="json")
    assert response.status_code == 429 and response.has_header("Retry-After")
    assert state() == before


def test_the_operations_are_in_the_schema(client):
    paths = client.get("/api/v1/schema/?format=json").json()["paths"]
    assert {"/api/v1/learn/queue/", "/api/v1/learn/reviews/", "/api/v1/learn/goal/"} <= set(paths)
    assert paths["/api/v1/learn/reviews/"]["post"]["operationId"] == "learn_reviews_record"


def test_the_queue_reads_a_fixed_number_of_queries_however_many_verses(
    token_alice, alice, cv_cards, django_assert_max_num_queries
):
    from learning.services import verses_add_from_set

    verses_add_from_set(user=alice, card_set=cv_cards["faith"].card_set)
    with django_assert_max_num_queries(8):
        body = token_alice.get(QUEUE).json()
    assert len(body["verses"]) == 3


VERSES = "/api/v1/learn/verses/"


def test_a_decks_verses_are_added_once_and_listed(api_as, auth, alice, alice_deck):
    client = api_as(alice, auth)
    first = client.post(VERSES, {"deck": str(alice_deck.pk)}, format="json")
    assert first.status_code == 200, first.content
    assert first.json() == {"added": 3, "verses": 3}
    assert client.post(VERSES, {"deck": str(alice_deck.pk)}, format="json").json() == {"added": 0, "verses": 3}
    listed = client.get(VERSES).json()
    assert listed["count"] == 3 and {v["reference"] for v in listed["results"]} == {
        "Alma 37:6",
        "James 2:17",
        "Helaman 12:2",
    }


def test_a_sets_verses_are_added(token_alice, alice, cv_cards):
    response = token_alice.post(VERSES, {"set": cv_cards["means2"].card_set_id}, format="json")
    assert response.json() == {"added": 1, "verses": 1}


def test_my_collections_verses_are_added_and_no_one_elses(token_alice, alice, bob, cv_cards):
    from cardcollections.collection.services import collection_set

    collection_set(owner=alice, card=cv_cards["faith"], quantity=1)
    collection_set(owner=bob, card=cv_cards["pride"], quantity=1)
    response = token_alice.post(VERSES, {"collection": True}, format="json")
    assert response.json() == {"added": 1, "verses": 1}
    assert list(LearnedVerse.objects.values_list("user__username", "card__reference")) == [("alice", "James 2:17")]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "deck"),
        ({"deck": "{deck}", "set": "{set}"}, "deck"),
        ({"deck": "not-a-uuid"}, "deck"),
        ({"set": 1.5}, "set"),
        ({"set": 999999}, "set"),
        ({"set": "{set}", "colour": "red"}, "colour"),
        ({"set": "{set}", "collection": True}, "deck"),
        ({"collection": False}, "deck"),
        ({"collection": 1}, "collection"),
    ],
)
def test_a_bad_choice_is_a_400_naming_it(token_alice, alice_deck, cv_cards, body, field):
    ids = {"{deck}": str(alice_deck.pk), "{set}": cv_cards["faith"].card_set_id}
    response = token_alice.post(VERSES, {k: ids.get(v, v) for k, v in body.items()}, format="json")
    assert response.status_code == 400 and response.json()["field"] == field
    assert not LearnedVerse.objects.exists()


def test_another_players_deck_is_a_404_or_a_403_when_public(api_as, auth, bob, alice_deck):
    client = api_as(bob, auth)
    assert client.post(VERSES, {"deck": str(alice_deck.pk)}, format="json").status_code == 404
    alice_deck.visibility = "public"
    alice_deck.save(update_fields=["visibility"])
    assert client.post(VERSES, {"deck": str(alice_deck.pk)}, format="json").status_code == 403
    assert not LearnedVerse.objects.exists()
    assert client.get(VERSES).json()["count"] == 0


def test_the_list_shows_only_my_verses(api_as, bob, alice_verses, bob_verse):
    listed = api_as(bob, "token").get(VERSES).json()
    assert {v["id"] for v in listed["results"]} == set(
        LearnedVerse.objects.filter(user=bob).values_list("id", flat=True)
    )
    assert not {v["id"] for v in listed["results"]} & {v.pk for v in alice_verses.values()}

"""Following players: a button on their decks, a feed of their new public decks and versions (page and API),
nothing private leaks into it, and following is rate-limited with every other write."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.lists.services import deck_update
from decks.models import Follow
from decks.organise.services import deck_organise

pytestmark = pytest.mark.django_db


@pytest.fixture
def cv(cv_catalog):
    return Game.objects.get(slug="chapter-and-verse")


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def feed_names(user) -> list[tuple[str, int]]:
    body = api(user).get("/api/v1/feed/").json()
    return [(r["deck"]["name"], r["version"]) for r in body["results"]]


def test_following_from_a_deck_page_brings_new_public_decks_and_versions_to_the_feed(cv, alice, bob):
    shown = deck_create(owner=alice, game=cv, name="Shown", decklist="2 Verse 001", visibility="public")
    client = browser(bob)
    page = client.get(reverse("deck-detail", args=[shown.pk])).content.decode()
    assert "Follow alice</button>" in page
    response = client.post(reverse("player-follow", args=["alice"]), {"next": f"/decks/{shown.pk}/"})
    assert response["Location"] == f"/decks/{shown.pk}/"
    assert "Unfollow</button>" in client.get(reverse("deck-detail", args=[shown.pk])).content.decode()
    deck_update(deck=shown, decklist="3 Verse 001")
    deck_create(owner=alice, game=cv, name="Second", decklist="1 Verse 002", visibility="public")
    deck_create(owner=alice, game=cv, name="Secret", decklist="1 Verse 003")
    unlisted = deck_create(owner=alice, game=cv, name="Link only", decklist="1 Verse 004", visibility="unlisted")
    assert feed_names(bob) == [("Second", 1), ("Shown", 2), ("Shown", 1)]
    feed = client.get(reverse("deck-feed")).content.decode()
    assert "shared a new deck" in feed and "saved version 2 of" in feed
    assert "Secret" not in feed and "Link only" not in feed and str(unlisted.pk) not in feed


def test_a_deck_made_private_leaves_the_feed(cv, alice, bob):
    shown = deck_create(owner=alice, game=cv, name="Shown", decklist="2 Verse 001", visibility="public")
    api(bob).post("/api/v1/follows/", {"username": "alice"}, format="json")
    deck_update(deck=shown, visibility="private")
    assert feed_names(bob) == []


def test_a_player_sees_only_the_decks_of_players_they_follow(cv, alice, bob, charlie):
    deck_create(owner=alice, game=cv, name="Alices", decklist="2 Verse 001", visibility="public")
    deck_create(owner=charlie, game=cv, name="Charlies", decklist="2 Verse 001", visibility="public")
    api(bob).post("/api/v1/follows/", {"username": "charlie"}, format="json")
    assert feed_names(bob) == [("Charlies", 1)]
    assert feed_names(alice) == []  # bob's follows are his own


def test_the_api_follows_lists_and_unfollows(alice, bob):
    client = api(bob)
    assert client.post("/api/v1/follows/", {"username": "alice"}, format="json").status_code == 201
    assert client.post("/api/v1/follows/", {"username": "alice"}, format="json").status_code == 201  # again: one
    assert [f["username"] for f in client.get("/api/v1/follows/").json()["results"]] == ["alice"]
    assert client.delete("/api/v1/follows/alice/").status_code == 204
    assert client.delete("/api/v1/follows/alice/").status_code == 404
    assert not Follow.objects.exists()


@pytest.mark.parametrize(
    ("username", "message"), [("bob", "yourself"), ("nobody", "No player"), ("x" * 151, "151"), (7, "string")]
)
def test_it_refuses_to_follow_oneself_or_no_one(bob, username, message):
    response = api(bob).post("/api/v1/follows/", {"username": username}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "username"
    assert not Follow.objects.exists()


def test_anonymous_callers_cannot_follow_or_read_a_feed(alice):
    assert APIClient().post("/api/v1/follows/", {"username": "alice"}, format="json").status_code == 401
    assert APIClient().get("/api/v1/feed/").status_code == 401
    assert Client().post(reverse("player-follow", args=["alice"])).status_code == 302
    assert Client().get(reverse("deck-feed")).status_code == 302
    assert not Follow.objects.exists()


def test_following_counts_against_the_write_limit(alice, bob, charlie, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "2/min"},
    }
    cache.clear()
    try:
        client = browser(bob)
        codes = [client.post(reverse("player-follow", args=["alice"])).status_code]
        codes.append(api(bob).post("/api/v1/follows/", {"username": "charlie"}, format="json").status_code)
        codes.append(client.post(reverse("player-follow", args=["charlie"]), {"action": "unfollow"}).status_code)
        assert codes == [302, 201, 429]
        assert Follow.objects.count() == 2
    finally:
        cache.clear()


def test_the_feed_costs_a_fixed_number_of_queries(cv, alice, bob, django_assert_max_num_queries):
    for i in range(12):
        deck = deck_create(owner=alice, game=cv, name=f"Deck {i}", decklist="2 Verse 001", visibility="public")
        deck_organise(deck=deck, tags=[f"tag-{i}"])
    api(bob).post("/api/v1/follows/", {"username": "alice"}, format="json")
    client = api(bob)
    with django_assert_max_num_queries(6):
        body = client.get("/api/v1/feed/").json()
    assert body["count"] == 12 and all(len(item["deck"]["tags"]) == 1 for item in body["results"])

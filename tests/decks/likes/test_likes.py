"""Likes and views of decks, and sorting the public decks: services, pages and API."""

from datetime import timedelta
from unittest import mock

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from cardcollections.models import Game
from decks.likes.services import LikeRefused
from decks.likes.services import deck_like
from decks.likes.services import deck_unlike
from decks.likes.services import deck_view_record
from decks.lists.services import deck_create
from decks.lists.services import deck_update
from decks.models import Deck
from decks.models import DeckLike
from decks.models import DeckView
from decks.organise.services import deck_organise

pytestmark = pytest.mark.django_db
CV = "chapter-and-verse"


@pytest.fixture(autouse=True)
def _fresh_view_window():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def decks(cv_catalog, alice, bob):
    """alice's three public decks, made a day apart (old, middle, new), and her private one."""
    cv = Game.objects.get(slug=CV)
    made = {}
    for days, name in ((3, "Old"), (2, "Middle"), (1, "New")):
        deck = deck_create(owner=alice, game=cv, name=name, decklist="1 Verse 001\n", visibility="public")
        Deck.objects.filter(pk=deck.pk).update(created=timezone.now() - timedelta(days=days))
        made[name] = deck
    made["Secret"] = deck_create(owner=alice, game=cv, name="Secret", decklist="1 Verse 002\n")
    return made


def names(response) -> list[str]:
    return [d["name"] for d in response.json()["results"]]


def test_a_like_counts_once_and_an_unlike_takes_it_back(decks, bob, charlie):
    deck = decks["Old"]
    assert deck_like(deck=deck, user=bob) == 1
    assert deck_like(deck=deck, user=bob) == 1  # a double click
    assert deck_like(deck=deck, user=charlie) == 2
    assert deck_unlike(deck=deck, user=bob) == 1
    assert deck_unlike(deck=deck, user=bob) == 1  # nothing to take back
    assert Deck.objects.get(pk=deck.pk).likes == DeckLike.objects.filter(deck=deck).count() == 1


def test_no_one_likes_their_own_deck(decks, alice):
    with pytest.raises(LikeRefused):
        deck_like(deck=decks["Old"], user=alice)
    assert Deck.objects.get(pk=decks["Old"].pk).likes == 0


def test_an_edit_of_the_deck_keeps_its_likes(decks, alice, bob):
    deck_like(deck=decks["Old"], user=bob)
    deck_update(deck=Deck.objects.get(pk=decks["Old"].pk), name="Renamed", decklist="2 Verse 001\n")
    assert Deck.objects.get(pk=decks["Old"].pk).likes == 1


def test_a_view_counts_once_a_day_per_visitor_and_never_the_owner(decks, alice, bob):
    from django.contrib.auth.models import AnonymousUser

    deck = decks["Old"]
    assert deck_view_record(deck=deck, viewer=alice, address="10.0.0.1") is False
    assert deck_view_record(deck=deck, viewer=bob, address="10.0.0.1") is True
    assert deck_view_record(deck=deck, viewer=bob, address="10.0.0.2") is False
    assert deck_view_record(deck=deck, viewer=AnonymousUser(), address="10.0.0.1") is True
    assert deck_view_record(deck=deck, viewer=AnonymousUser(), address="10.0.0.1") is False
    assert Deck.objects.get(pk=deck.pk).views == 2


def test_reloads_count_once_a_day_whatever_worker_answers_and_again_the_next_day(client, decks, bob, monkeypatch):
    """#36: one visitor's reloads counted 1, 2, 3 (each gunicorn worker kept its own cache of who had looked)."""
    deck = decks["Old"]
    url = reverse("deck-detail", args=[deck.pk])
    client.force_login(bob)
    for _ in range(3):
        client.get(url)
        cache.clear()  # as if the next reload reached another worker, with a cache of its own
    assert Deck.objects.get(pk=deck.pk).views == 1
    assert '<span class="deck-views">1 view</span>' in client.get(url).content.decode()

    tomorrow = timezone.localdate() + timedelta(days=1)
    monkeypatch.setattr("decks.likes.services.VIEW_ROWS_PRUNED_EVERY", 1)  # earlier days' rows dropped at once
    with mock.patch("decks.likes.services.timezone.localdate", return_value=tomorrow):
        client.get(url)
        client.get(url)
    assert Deck.objects.get(pk=deck.pk).views == 2
    assert list(DeckView.objects.values_list("day", flat=True)) == [tomorrow]  # yesterday's rows are gone


def test_behind_a_proxy_each_visitor_counts_not_the_proxy(client, decks, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}  # AXES_PROXY_COUNT=1
    cache.clear()
    url = reverse("deck-detail", args=[decks["Old"].pk])
    for visitor in ("198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.3"):
        assert client.get(url, REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=visitor).status_code == 200
    assert Deck.objects.get(pk=decks["Old"].pk).views == 3


def test_the_public_page_sorts_by_newest_most_viewed_and_most_liked(client, decks, bob, charlie):
    for deck, likers in ((decks["Middle"], [bob, charlie]), (decks["Old"], [bob])):
        for user in likers:
            deck_like(deck=deck, user=user)
    Deck.objects.filter(pk=decks["Old"].pk).update(views=9)
    Deck.objects.filter(pk=decks["New"].pk).update(views=4)

    def order(sort: str) -> list[str]:
        html = client.get(f"/decks/public/?sort={sort}").content.decode()
        return sorted(("Old", "Middle", "New"), key=lambda name: html.index(f">{name}</a>"))

    assert order("newest") == ["New", "Middle", "Old"]
    assert order("views") == ["Old", "New", "Middle"]
    assert order("likes") == ["Middle", "Old", "New"]
    html = client.get("/decks/public/?sort=likes&game=chapter-and-verse").content.decode()
    assert '<option value="likes" selected>Most liked</option>' in html
    assert '<input type="hidden" name="game" value="chapter-and-verse">' in html  # the game filter is kept
    assert "Secret" not in html
    unknown = client.get("/decks/public/?sort=loudest")  # an unknown sort is the default order
    assert unknown.status_code == 200 and '<option value="updated" selected>' in unknown.content.decode()


def test_the_api_sorts_public_decks_and_refuses_an_unknown_sort(client, decks, bob):
    deck_like(deck=decks["Old"], user=bob)
    response = client.get("/api/v1/decks/?scope=public&sort=likes")
    assert names(response)[0] == "Old" and response.json()["results"][0]["likes"] == 1
    assert names(client.get("/api/v1/decks/?scope=public&sort=newest")) == ["New", "Middle", "Old"]
    bad = client.get("/api/v1/decks/?scope=public&sort=loudest")
    assert bad.status_code == 400 and bad.json()["field"] == "sort"


def test_liking_from_the_deck_page_and_the_decks_i_like(client, decks, bob):
    client.force_login(bob)
    url = f"/decks/{decks['Old'].pk}/"
    html = client.get(url).content.decode()
    assert "♡ Like" in html and "0 likes" in html and "1 view" in html
    response = client.post(f"{url}like/", {"action": "like"}, follow=True)
    html = response.content.decode()
    assert "Added to the decks you like." in html and "♥ Liked" in html and "1 like" in html
    liked = client.get("/decks/liked/").content.decode()
    assert ">Old</a>" in liked and ">New</a>" not in liked
    client.post(f"{url}like/", {"action": "unlike"})
    assert ">Old</a>" not in client.get("/decks/liked/").content.decode()


def test_the_owner_sees_no_like_button_and_a_private_deck_is_a_404(client, decks, alice, bob):
    client.force_login(alice)
    assert "♡ Like" not in client.get(f"/decks/{decks['Old'].pk}/").content.decode()
    client.force_login(bob)
    assert client.post(f"/decks/{decks['Secret'].pk}/like/", {"action": "like"}).status_code == 404
    assert not DeckLike.objects.exists()


def test_a_deck_made_private_leaves_the_liked_lists(api_as, decks, alice, bob):
    client = api_as(bob)
    assert client.post(f"/api/v1/decks/{decks['Old'].pk}/like/").json() == {"liked": True, "likes": 1}
    client.post(f"/api/v1/decks/{decks['New'].pk}/like/")
    assert names(client.get("/api/v1/decks/liked/")) == ["New", "Old"]
    deck_update(deck=Deck.objects.get(pk=decks["Old"].pk), visibility="private")
    assert names(client.get("/api/v1/decks/liked/")) == ["New"]
    assert client.delete(f"/api/v1/decks/{decks['New'].pk}/like/").json() == {"liked": False, "likes": 0}


def test_the_api_refuses_liking_your_own_deck(api_as, decks, alice):
    response = api_as(alice).post(f"/api/v1/decks/{decks['Old'].pk}/like/")
    assert response.status_code == 400 and response.json()["field"] == "deck"


def test_liked_lists_show_a_deck_once_however_many_like_it(api_as, decks, bob, charlie):
    for user in (bob, charlie):
        api_as(user).post(f"/api/v1/decks/{decks['Old'].pk}/like/")
    assert names(api_as(bob).get("/api/v1/decks/liked/")) == ["Old"]


def test_the_liked_list_costs_a_fixed_number_of_queries(api_as, cv_catalog, alice, bob, django_assert_max_num_queries):
    cv = Game.objects.get(slug=CV)
    for i in range(12):
        deck = deck_create(owner=alice, game=cv, name=f"Deck {i}", decklist="1 Verse 001\n", visibility="public")
        deck_organise(deck=deck, tags=[f"tag-{i}", "shared"])
        deck_like(deck=deck, user=bob)
    client = api_as(bob)
    with django_assert_max_num_queries(6):
        body = client.get("/api/v1/decks/liked/").json()
    assert body["count"] == 12 and all(
        sorted(d["tags"]) == d["tags"] and "shared" in d["tags"] for d in body["results"]
    )

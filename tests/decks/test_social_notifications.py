"""What other players do to a player's decks reaches her bell (#36: "a like, a follow and a comment on Alice's deck
reached her bell as nothing"): each says who and what and opens where it happened; her own doing tells no one, and
one player's flood of likes is bounded."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from cardcollections.models import Game
from cardcollections.notifications.services import ACTOR_DAILY_LIMIT
from decks.lists.services import deck_create
from decks.models import DeckComment

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_rate_limits_between_tests():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def deck(cv_catalog, alice):
    cv = Game.objects.get(slug="chapter-and-verse")
    return deck_create(owner=alice, game=cv, name="Faith first", decklist="2 Verse 001", visibility="public")


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def notifications(client: Client) -> list[tuple[str, str]]:
    """Each notification on the page: its text and where its Open button leads (after marking it read)."""
    html = client.get("/notifications/").content.decode()
    items = re.findall(r'<li class="notification[^"]*" data-kind="[^"]+">(.*?)</li>', html, re.S)
    found = []
    for item in items:
        text = re.sub(r"<[^>]+>", "", item.split('<span class="notification-when">')[0]).replace("Unread: ", "")
        found.append((" ".join(text.split()), re.search(r'action="([^"]+)"', item).group(1)))
    return found


def bell(client: Client) -> str:
    return re.search(r'aria-label="(Notifications[^"]*)"', client.get("/notifications/bell/").content.decode()).group(1)


def test_a_like_a_follow_and_a_comment_reach_the_owners_bell_and_open_where_they_happened(deck, alice, bob):
    bob_browser = browser(bob)
    bob_browser.post(reverse("deck-like", args=[deck.pk]), {"action": "like"})
    bob_browser.post(reverse("player-follow", args=["alice"]), {"next": f"/decks/{deck.pk}/"})
    bob_browser.post(reverse("deck-comment-post", args=[deck.pk]), {"body": "Lovely curve"})

    alice_browser = browser(alice)
    assert bell(alice_browser) == "Notifications, 3 unread"
    shown = notifications(alice_browser)
    assert [text for text, _ in shown] == [
        "bob commented on your deck “Faith first”.",
        "bob followed you: your new public decks come to their feed.",
        "bob liked your deck “Faith first”.",
    ]
    comment = DeckComment.objects.get()
    opened = [alice_browser.post(action, {"open": "1"})["Location"] for _, action in shown]
    assert opened == [f"/decks/{deck.pk}/#comment-{comment.pk}", "/decks/public/?player=bob", f"/decks/{deck.pk}/"]
    assert bell(alice_browser) == "Notifications"  # opening one marks it read

    # The follow's link: bob's public decks (none yet), a filter the public decks page keeps.
    page = alice_browser.get("/decks/public/?player=bob").content.decode()
    assert "Public decks by <strong>bob</strong>" in page and "No public decks by bob yet." in page
    assert (
        "Faith first" not in page and "Faith first" in alice_browser.get("/decks/public/?player=alice").content.decode()
    )


def test_her_own_comment_tells_no_one_and_likes_of_one_deck_gather(deck, alice, bob, charlie):
    browser(alice).post(reverse("deck-comment-post", args=[deck.pk]), {"body": "Notes to self"})
    browser(bob).post(reverse("deck-like", args=[deck.pk]), {"action": "like"})
    browser(bob).post(reverse("deck-like", args=[deck.pk]), {"action": "unlike"})
    browser(bob).post(reverse("deck-like", args=[deck.pk]), {"action": "like"})
    browser(charlie).post(reverse("deck-like", args=[deck.pk]), {"action": "like"})

    alice_browser = browser(alice)
    assert [text for text, _ in notifications(alice_browser)] == ["charlie and bob liked your deck “Faith first”."]
    assert bell(alice_browser) == "Notifications, 1 unread"


def test_a_flood_of_likes_from_one_player_is_bounded(cv_catalog, alice, bob):
    cv = Game.objects.get(slug="chapter-and-verse")
    bob_browser = browser(bob)
    for n in range(ACTOR_DAILY_LIMIT + 5):
        deck = deck_create(owner=alice, game=cv, name=f"Deck {n}", decklist="1 Verse 001", visibility="public")
        bob_browser.post(reverse("deck-like", args=[deck.pk]), {"action": "like"})
    assert bell(browser(alice)) == f"Notifications, {ACTOR_DAILY_LIMIT} unread"


def test_the_deck_owner_alone_is_told_of_a_comment(deck, alice, bob):
    carol = get_user_model().objects.create_user("carol", password="carol-password-1")
    browser(bob).post(reverse("deck-comment-post", args=[deck.pk]), {"body": "First"})
    browser(carol).post(reverse("deck-comment-post", args=[deck.pk]), {"body": "Second"})
    assert [text for text, _ in notifications(browser(alice))] == [
        "carol and bob commented on your deck “Faith first”."
    ]
    assert notifications(browser(bob)) == []

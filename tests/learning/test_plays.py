"""What you know plays (docs/learning.md): a player's measured recall of a deck's Quote verses, the mean of the fsrs
library's predicted recall of each, offered as the quote rate of the deck's goldfish runs and as the computer's
quoting when it plays the deck; the learning page hands the figure to the goldfish and play pages in a link."""

from __future__ import annotations

import uuid
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from urllib.parse import parse_qs
from urllib.parse import urlparse

import pytest
from django.test import Client
from fsrs import Card as FsrsCard
from fsrs import Rating
from fsrs import Scheduler
from rest_framework.test import APIClient

from cardcollections.models import Card
from decks.goldfish.views import request_for_mode
from decks.lists.services import deck_update
from decks.models import Deck
from decks.models import DeckVisibility
from learning.models import LearnedVerse
from learning.models import Review
from learning.selectors import deck_quote_recall
from learning.services import ReviewInput
from learning.services import reviews_record
from rules.learning import WHOLE
from rules.learning import Grade

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def quote_deck(alice_deck, cv_cards):
    """alice's deck, with Faith Without Works (James 2:17) and Pride Cycle (Helaman 12:2) given a Quote effect."""
    Card.objects.filter(pk__in=[cv_cards["faith"].pk, cv_cards["pride"].pk]).update(effects=[{"kind": "quote"}])
    return alice_deck


def _good(user, verse, when):
    item = ReviewInput(uuid=uuid.uuid4(), verse=verse.pk, grade=Grade.GOOD, kind=WHOLE, reviewed=when)
    reviews_record(user=user, reviews=[item], now=when)


def test_the_recall_of_a_deck_is_the_librarys_mean_over_its_quote_verses(alice, quote_deck, alice_verses):
    assert deck_quote_recall(user=alice, deck=quote_deck, now=T0).recall == 0  # learned, never reviewed
    _good(alice, alice_verses["James 2:17"], T0)
    later = T0 + timedelta(days=1)
    recall = deck_quote_recall(user=alice, deck=quote_deck, now=later)
    card, _ = Scheduler(enable_fuzzing=False).review_card(FsrsCard(due=T0), Rating.Good, review_datetime=T0)
    expected = Scheduler(enable_fuzzing=False).get_card_retrievability(card, later)
    # Two Quote cards, one copy each: James 2:17 as the library predicts, Helaman 12:2 never reviewed (0).
    assert (recall.quote_cards, recall.verses, recall.learned) == (2, 2, 2)
    assert recall.recall == pytest.approx(expected / 2)
    assert recall.rate == f"{expected / 2:.2f}"


def test_a_verse_not_learned_counts_as_not_known_and_a_deck_without_quotes_has_no_rate(alice, alice_deck, cv_cards):
    assert deck_quote_recall(user=alice, deck=alice_deck, now=T0).recall is None
    Card.objects.filter(pk=cv_cards["faith"].pk).update(effects=[{"kind": "quote"}])
    recall = deck_quote_recall(user=alice, deck=alice_deck, now=T0)
    assert (recall.quote_cards, recall.learned, recall.recall) == (1, 0, 0)


def test_the_deck_page_links_the_recall_to_goldfish_and_to_practice(alice, bob, quote_deck, alice_verses):
    _good(alice, alice_verses["James 2:17"], datetime.now(UTC) - timedelta(hours=1))
    client = Client()
    client.force_login(alice)
    page = client.get(f"/learn/decks/{quote_deck.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    rate = deck_quote_recall(user=alice, deck=quote_deck, now=datetime.now(UTC)).rate
    percent = round(float(rate) * 100)
    assert f"{percent} %" in html
    goldfish = next(a for a in page.context["links"].values() if a.startswith("/decks/goldfish/"))
    assert parse_qs(urlparse(goldfish).query) == {"deck": [str(quote_deck.pk)], "quote_rate": [rate]}
    assert f"/learn/decks/{quote_deck.pk}/" in client.get("/learn/").content.decode()
    # Another player's deck is the 404 page; a visitor signs in first.
    client.force_login(bob)
    assert client.get(f"/learn/decks/{quote_deck.pk}/").status_code == 404
    client.logout()
    assert client.get(f"/learn/decks/{quote_deck.pk}/").status_code == 302


def test_the_goldfish_page_offers_my_recall_as_the_quote_rate(alice, quote_deck):
    client = Client()
    client.force_login(alice)
    redirect = client.get(f"/decks/goldfish/?deck={quote_deck.pk}&quote_rate=0.42")
    assert redirect.status_code == 302 and "quote_rate=0.42" in redirect["Location"]
    html = client.get(redirect["Location"]).content.decode()
    assert "Use my recall (42 %)" in html and 'name="play-quote-rate"' in html and 'value="42"' in html
    without = client.get("/decks/goldfish/?game=chapter-and-verse").content.decode()
    assert "Use my recall" not in without and 'value="100"' in without
    for bad in ("1.5", "-0.1", "abc", "-0", "2", "0.425"):
        assert (
            "Use my recall"
            not in client.get(f"/decks/goldfish/?game=chapter-and-verse&quote_rate={bad}").content.decode()
        )


@pytest.mark.parametrize(
    ("typed", "sent"), [("42", 0.42), ("0", 0.0), ("100", None), ("", None), ("abc", "abc"), ("150", 1.5)]
)
def test_the_goldfish_play_request_takes_the_quote_rate_in_percent(typed, sent):
    body = request_for_mode({"game": "chapter-and-verse", "decklist": "1 X", "play-quote-rate": typed}, "play")
    assert body.get("quote_rate") == sent
    assert "quote_rate" not in request_for_mode({"game": "bible-battles", "play-quote-rate": "42"}, "play")


def test_the_goldfish_api_refuses_a_quote_rate_past_one_naming_it(api_as, alice, quote_deck):
    body = {"deck": str(quote_deck.pk), "mode": "play", "turns": 3, "trials": 10, "quote_rate": 1.5}
    response = api_as(alice).post("/api/v1/goldfish/", body, format="json")
    assert response.status_code == 400 and response.json()["field"] == "quote_rate"


def _start_against_the_computer(client, form, recall: str) -> dict:
    """Start Chapter and Verse from the play page's form (its decks filled in) with `recall` posted: the game kept."""
    posted = {
        "game": "chapter-and-verse",
        "mode": "computer",
        "players": "2",
        "computer_recall": recall,
        "deck": form.initial["deck"],
        "other_deck": form.initial["other_deck"],
    }
    started = client.post("/play/", posted)
    assert started.status_code == 302, started.content.decode()[:2000]
    return next(iter(client.session["play_games"].values()))


def test_the_play_page_lets_the_computer_play_my_deck_as_well_as_i_know_it(alice, bob, quote_deck):
    client = Client()
    client.force_login(alice)
    page = client.get(f"/play/?game=chapter-and-verse&deck={quote_deck.pk}&computer_recall=0.42")
    html = page.content.decode()
    assert "as well as I know it (42 %)" in html
    form = page.context["form"]
    assert form.initial["computer_recall"] == "0.42" and "Faith Without Works" in form.initial["other_deck"]
    record = _start_against_the_computer(client, form, "0.42")
    assert record["options"]["computer_recall"] == 0.42
    assert record["seats"][1]["computer"] and "Faith Without Works" in record["seats"][1]["deck"]
    # The fixed choices stay; a recall that is not a number from 0 to 1 adds none.
    assert "right 9 times in 10" in html
    assert "as well as I know it" not in client.get("/play/?game=chapter-and-verse&computer_recall=7").content.decode()
    # Another player's private deck fills nothing in.
    client.force_login(bob)
    other = client.get(f"/play/?deck={quote_deck.pk}&computer_recall=0.42")
    assert not other.context["form"].initial.get("deck")


@pytest.mark.parametrize(("sent", "shown"), [("1.00", "100 %"), ("1", "100 %"), ("0.4", "40 %"), ("0.40", "40 %")])
def test_the_goldfish_page_reads_a_recall_however_it_is_written(alice, sent, shown):
    client = Client()
    client.force_login(alice)
    html = client.get(f"/decks/goldfish/?game=chapter-and-verse&quote_rate={sent}").content.decode()
    assert f"Use my recall ({shown})" in html


@pytest.mark.parametrize("sent", ["1.00", "1", "0.90", "0.9"])
def test_a_recall_the_play_page_offers_already_is_not_offered_twice(alice, sent):
    client = Client()
    client.force_login(alice)
    page = client.get(f"/play/?game=chapter-and-verse&computer_recall={sent}")
    assert page.status_code == 200
    assert "as well as I know it" not in page.content.decode()
    assert page.context["form"].initial["computer_recall"] in {"1.0", "0.9"}


@pytest.mark.parametrize("sent", ["-0", "abc", "2", "0.425"])
def test_the_play_page_offers_no_recall_for_what_is_no_rate(alice, sent):
    client = Client()
    client.force_login(alice)
    page = client.get(f"/play/?game=chapter-and-verse&computer_recall={sent}")
    assert "as well as I know it" not in page.content.decode()
    assert "computer_recall" not in page.context["form"].initial


def test_a_recall_posted_as_one_point_oh_oh_starts_the_game_as_always_right(alice, quote_deck):
    client = Client()
    client.force_login(alice)
    form = client.get(f"/play/?deck={quote_deck.pk}").context["form"]
    assert _start_against_the_computer(client, form, "1.00")["options"]["computer_recall"] == 1.0


def test_the_api_gives_my_recall_of_my_deck_and_nobody_elses(api_as, auth, alice, bob, charlie, quote_deck):
    url = f"/api/v1/learn/decks/{quote_deck.pk}/recall/"
    body = api_as(alice, auth).get(url).json()
    assert body == {"deck": str(quote_deck.pk), "quote_cards": 2, "verses": 2, "learned": 0, "recall": 0.0}
    before = _learning_state()
    # alice's private deck: to bob it is no deck at all (404, so its id leaks nothing); once public, he may read it
    # but it is not his (403); either way he gets none of her figures and nothing of hers changes.
    hidden = api_as(bob, auth).get(url)
    nothing = api_as(alice, auth).get(f"/api/v1/learn/decks/{uuid.uuid4()}/recall/")
    assert hidden.status_code == nothing.status_code == 404 and hidden.json() == nothing.json()
    deck_update(deck=quote_deck, visibility=DeckVisibility.PUBLIC)
    refused = api_as(charlie, auth).get(url)
    assert refused.status_code == 403 and "recall" not in refused.json()
    assert APIClient().get(url).status_code == 401
    assert _learning_state() == before


def _learning_state() -> tuple:
    return (
        sorted(LearnedVerse.objects.values_list("id", "user_id", "due", "stability", "reviews")),
        sorted(Review.objects.values_list("id", "grade")),
        sorted(Deck.objects.values_list("id", "owner_id", "version")),
    )


def test_the_recall_of_a_deck_reads_its_cards_once(alice, quote_deck, alice_verses, django_assert_max_num_queries):
    deck = Deck.objects.select_related("game").get(pk=quote_deck.pk)  # as the page looks it up
    # The deck's cards (with their verses and effects) and the player's verses: no second look at the cards.
    with django_assert_max_num_queries(2):
        recall = deck_quote_recall(user=alice, deck=deck, now=T0)
    assert (recall.quote_cards, recall.verses, recall.learned) == (2, 2, 2)

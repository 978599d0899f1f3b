"""Every card says where it comes from wherever it is listed: a sample card (written for this site) and a community
card carry a badge in the catalog grid, the builder's results, a deck's lines and card images and the starter decks
page; a published card carries none (its page names its source)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from cardcollections.models import Game
from decks.lists.services import deck_create

pytestmark = pytest.mark.django_db
SAMPLE, PUBLISHED = "Choose You This Day", "Judgement Day"


def badge_after(html: str, title: str) -> str | None:
    """The provenance badge shown with the first listing of `title` (before the next card starts), or None."""
    start = html.index(title)
    ends = [i for i in (html.find("<li", start), html.find("</li>", start)) if i != -1]
    found = re.search(r'class="badge badge-(sample|community)"', html[start : min(ends)])
    return found.group(1) if found else None


@pytest.fixture
def alice(starter_catalogs):
    return get_user_model().objects.create_user("alice", password="alice-password-1")


def test_the_catalog_grid_marks_sample_cards_and_not_published_ones(client, starter_catalogs):
    for title, badge in ((SAMPLE, "sample"), (PUBLISHED, None)):
        html = client.get(reverse("catalog-browse", args=["chapter-and-verse"]), {"q": title}).content.decode()
        assert badge_after(html, f'card-tile-title">{title}') == badge, title


def test_the_builder_results_mark_sample_cards(alice):
    client = Client()
    client.force_login(alice)
    for title, badge in ((SAMPLE, "sample"), (PUBLISHED, None)):
        html = client.get("/decks/builder/search/", {"game": "chapter-and-verse", "q": title}).content.decode()
        assert badge_after(html, f'data-title="{title}"') == badge, title


def test_a_deck_page_marks_its_sample_cards_in_the_list_and_the_images(alice):
    deck = deck_create(
        owner=alice,
        game=Game.objects.get(slug="chapter-and-verse"),
        name="Mixed",
        decklist=f"2 {SAMPLE}\n1 {PUBLISHED}",
        visibility="public",
    )
    html = Client().get(reverse("deck-detail", args=[deck.pk])).content.decode()
    lines = html[html.index('class="deck-lines"') :]
    assert badge_after(lines, f">{SAMPLE}<") == "sample"
    assert badge_after(lines, f">{PUBLISHED}<") is None
    images = html[html.index('class="card-grid deck-visual"') :]
    assert badge_after(images, f'card-tile-title">{SAMPLE}') == "sample"
    assert badge_after(images, f'card-tile-title">{PUBLISHED}') is None


def test_the_starter_decks_page_says_which_are_built_from_sample_cards(client, starter_catalogs):
    html = client.get(reverse("deck-starters")).content.decode()
    for article in re.findall(r'<article class="starter-deck".*?</article>', html, re.S):
        assert "sample cards written for this site" in article  # every starter catalog is a sample one today
    assert "not the printed box" in html  # the fixed-deck games' boxes


def test_a_published_card_shows_the_icons_it_prints_beyond_the_five_themes(client, starter_catalogs):
    from cardcollections.models import Card

    for title, icons in (("Fasting and Service", ["L (Life)"]), ("The City on the Hill", ["Pearl"])):
        card = Card.objects.get(title=title)
        html = client.get(reverse("card-detail", args=[card.pk])).content.decode()
        shown = html[html.index('id="printed-icons"') : html.index("</dd>", html.index('id="printed-icons"'))]
        assert re.findall(r'<span class="chip"[^>]*>([^<]+)</span>', shown) == icons, title

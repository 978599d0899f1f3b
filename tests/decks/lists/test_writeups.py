"""Deck write-ups: Markdown with [[card]] links, safe whatever the author types, unknown titles listed."""

from html.parser import HTMLParser

import pytest

from cardcollections.models import Card
from decks.lists.services import deck_create
from decks.lists.writeups import writeup_render
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db
CV = "chapter-and-verse"

# A standard XSS list (OWASP filter evasion cheat sheet and friends), each as an author could type it.
XSS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<iframe src=javascript:alert(1)></iframe>",
    '<a href="javascript:alert(1)">x</a>',
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](&#106;avascript:alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "![x](javascript:alert(1))",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "<body onload=alert(1)>",
    '<div style="background:url(javascript:alert(1))">x</div>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "<object data=javascript:alert(1)>",
    "<form action=javascript:alert(1)><button>x</button></form>",
    "[[<script>alert(1)</script>]]",
    '[x](https://example.com "onmouseover=alert(1)")',
    "<<script>script>alert(1)<</script>/script>",
]


class Tags(HTMLParser):
    """Every element and attribute in the HTML as a browser would parse it (text stays text)."""

    def __init__(self, html: str):
        super().__init__()
        self.found: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


@pytest.mark.parametrize("payload", XSS)
def test_no_payload_of_the_xss_list_survives(cv_catalog, payload):
    for tag, attrs in Tags(writeup_render(payload, game_slug=CV).html).found:
        assert tag in {"p", "a", "code", "em", "strong", "br", "pre"}, tag
        assert not any(name.startswith("on") or name == "style" for name in attrs), attrs
        href = (attrs.get("href") or "").strip().casefold()
        assert not href or href.startswith(("https://", "http://", "/cards/", "mailto:")), href


def test_card_links_point_at_the_card_and_unknown_titles_are_plain_text_and_listed(cv_catalog):
    writeup = writeup_render(
        "Play **[[By Small Means]]** early; [[Verse 002|CV1-2]] later. [[Bye Small Means]] and [[Verse 002|CV9-1]].",
        game_slug=CV,
    )
    means = Card.objects.get(title="By Small Means")
    verse = Card.objects.get(title="Verse 002", card_set__code="CV1")
    assert (
        f'<a href="/cards/{means.pk}/" class="card-link" rel="nofollow noopener ugc">By Small Means</a>' in writeup.html
    )
    assert f'href="/cards/{verse.pk}/"' in writeup.html
    assert "Bye Small Means" in writeup.html and writeup.html.count("card-link") == 2
    assert writeup.unknown == ("Bye Small Means", "Verse 002|CV9-1")


def test_a_card_link_inside_code_is_left_as_typed(cv_catalog):
    assert "<code>[[By Small Means]]</code>" in writeup_render("`[[By Small Means]]`", game_slug=CV).html


def test_the_deck_page_shows_the_write_up_and_only_its_owner_sees_the_unknown_titles(cv_catalog, alice, bob, client):
    deck = deck_create(
        owner=alice,
        game=cv_catalog_game(),
        name="Faith",
        decklist=legal_cv_text(),
        visibility="public",
        description="Why [[By Small Means]]? <script>alert(1)</script> See [[Nope]].",
    )
    client.force_login(bob)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'class="card-link"' in page and "&lt;script&gt;" in page and "<script>alert" not in page
    assert "Not found in the catalog" not in page
    client.force_login(alice)
    assert "Not found in the catalog" in client.get(f"/decks/{deck.pk}/").content.decode()


def test_the_builder_preview_renders_as_the_author_types(cv_catalog, alice, client):
    client.force_login(alice)
    response = client.post("/decks/writeup/preview/", {"game": CV, "description": "[[By Small Means]] and [[Nope]]"})
    assert response.status_code == 200
    body = response.content.decode()
    assert 'class="card-link"' in body and "<code>[[Nope]]</code>" in body
    assert client.post("/decks/writeup/preview/", {"game": "no-game", "description": "x"}).status_code == 400


def cv_catalog_game():
    from cardcollections.models import Game

    return Game.objects.get(slug=CV)


def test_headings_as_people_write_them_are_kept_below_the_pages_own_h1_and_h2(cv_catalog):
    html = writeup_render(
        "# Why this deck\n\n## Faith first\nThe rest.\n\n### Then\n\n#### Later\n\n###### Deepest", game_slug=CV
    ).html
    # The deck page has its own h1 (the deck's name) and h2s (Cards, Comments): a write-up's outline starts at h3.
    assert "<h3>Why this deck</h3>" in html
    assert "<h4>Faith first</h4>\n<p>The rest.</p>" in html
    assert "<h5>Then</h5>" in html and "<h6>Later</h6>" in html and "<h6>Deepest</h6>" in html
    assert "<h1" not in html and "<h2" not in html


def test_a_heading_keeps_its_card_links_and_nothing_hostile(cv_catalog):
    html = writeup_render("## Why [[By Small Means]] <script>alert(1)</script>", game_slug=CV).html
    assert html.startswith("<h4>Why <a href=") and 'class="card-link"' in html
    assert "<script" not in html and "&lt;script&gt;" in html


def test_a_blockquote_stays_a_blockquote(cv_catalog):
    html = writeup_render("> Faith is things hoped for.\n> Alma 32:21\n\nAfter.", game_slug=CV).html
    assert html.startswith("<blockquote>\n<p>Faith is things hoped for.\nAlma 32:21</p>\n</blockquote>")
    assert "<p>After.</p>" in html


def test_the_deck_page_keeps_one_h1_when_the_write_up_has_headings(cv_catalog, alice, client):
    deck = deck_create(
        owner=alice,
        game=cv_catalog_game(),
        name="Faith",
        decklist=legal_cv_text(),
        visibility="public",
        description="# My plan\n\n## Faith first\n\n> Faith is things hoped for.",
    )
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert page.count("<h1") == 1 and "<h3>My plan</h3>" in page and "<h4>Faith first</h4>" in page
    assert "<blockquote>" in page


def test_a_public_decks_page_renders_its_write_up_once_until_the_text_or_the_catalog_changes(
    cv_catalog, alice, client, monkeypatch
):
    """Issue #34: a description of 5,000 `[` cost 80 ms a render, on every view of the page."""
    from django.core.cache import cache

    from cardcollections.catalog.memo import forget_catalog_values
    from decks.lists import writeups
    from decks.models import Deck

    cache.clear()
    renders: list[str] = []
    real = writeups.writeup_render
    monkeypatch.setattr(writeups, "writeup_render", lambda text, **kw: renders.append(text) or real(text, **kw))
    text = "Why [[By Small Means]]? " + "[" * 5000
    deck = deck_create(owner=alice, game=cv_catalog_game(), name="Faith", decklist=legal_cv_text(), visibility="public")
    Deck.objects.filter(pk=deck.pk).update(description=text)
    pages = [client.get(f"/decks/{deck.pk}/").content.decode() for _ in range(3)]
    assert len(renders) == 1
    assert all('class="card-link"' in page and "Why " in page for page in pages)

    Deck.objects.filter(pk=deck.pk).update(description=text + " More.")
    client.get(f"/decks/{deck.pk}/")
    assert len(renders) == 2

    card = Card.objects.get(title="By Small Means")
    card.save()  # a catalog change: its stamp moves, the links are made again
    forget_catalog_values()
    client.get(f"/decks/{deck.pk}/")
    assert len(renders) == 3
    cache.clear()

"""The deck builder: its pages, the panel it posts the working list to, search, and saving."""

import json
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import trade_list_change
from cardcollections.models import Card
from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.lists.services import deck_set_built
from decks.lists.services import deck_update
from decks.models import Deck
from decks.models import DeckVersion
from tests.decklists import copies_per_title
from tests.decks.conftest import verse_title

pytestmark = pytest.mark.django_db

PANEL = "/decks/builder/panel/"
SAVE = "/decks/builder/save/"
SEARCH = "/decks/builder/search/"


@pytest.fixture
def cv(cv_catalog):
    return Game.objects.get(slug="chapter-and-verse")


def card(title: str, set_code: str = "CV1") -> Card:
    return Card.objects.get(title=title, card_set__code=set_code)


def working_list(cards: int, copies: int = 2) -> list[dict]:
    """`cards` cards, `copies` of each plain verse, as the page holds them."""
    return [
        {"set": "CV1", "number": str(i), "title": verse_title(i), "count": count}
        for i, count in enumerate(copies_per_title(cards, copies), start=1)
    ]


def post_panel(client, entries, *, deck=None, fmt="advanced", **extra):
    data = {"game": "chapter-and-verse", "format": fmt, "cards": json.dumps(entries), **extra}
    if deck is not None:
        data["deck"] = str(deck.pk)
    return client.post(PANEL, data, HTTP_X_BUILDER="1")


def post_save(client, entries, *, deck=None, version=None, name="Faith", fmt="advanced", **extra):
    data = {
        "game": "chapter-and-verse",
        "format": fmt,
        "name": name,
        "description": "",
        "visibility": "private",
        "cards": json.dumps(entries),
        **extra,
    }
    if deck is not None:
        data["deck"] = str(deck.pk)
        data["version"] = str(deck.version if version is None else version)
    return client.post(SAVE, data, HTTP_X_BUILDER="1")


def legal_state(html: str) -> str:
    return re.search(r'id="deck-validation"[^>]*data-legal="(\w+)"', html).group(1)


def codes(html: str) -> list[str]:
    return re.findall(r'class="finding finding-error" data-code="([\w-]+)"', html)


# ---------------------------------------------------------------- pages and who may see them
def test_it_shows_the_builder_of_a_deck_to_its_owner(client, cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Alma's deck", decklist="3 Verse 001\n")
    client.force_login(alice)
    response = client.get(reverse("deck-edit", kwargs={"deck_id": deck.pk}))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Alma&#x27;s deck" in html and 'id="deck-version" value="1"' in html
    # The working list starts as the saved one, and the panel is drawn at once.
    cards = json.loads(re.search(r'id="deck-cards" value="([^"]*)"', html).group(1).replace("&quot;", '"'))
    assert cards == [{"set": "CV1", "number": "1", "title": "Verse 001", "count": 3}]
    assert 'data-count="3"' in html and "Not legal" in html and "deck-too-small" in html
    # The search side lists the game's cards, and offers the owned-only toggle.
    assert 'data-title="Verse 001"' in html and "Only cards I own (free copies)" in html


def test_it_hides_a_deck_from_another_player(client, cv, alice, bob):
    deck = deck_create(owner=alice, game=cv, name="Alma's deck", decklist="3 Verse 001\n")
    client.force_login(bob)
    assert client.get(reverse("deck-edit", kwargs={"deck_id": deck.pk})).status_code == 404
    assert post_panel(client, working_list(4), deck=deck).status_code == 404
    assert client.get(SEARCH, {"game": "chapter-and-verse", "deck": str(deck.pk)}).status_code == 404
    assert post_save(client, working_list(40), deck=deck).status_code == 404
    deck.refresh_from_db()
    assert deck.version == 1 and deck.card_count == 3 and not Deck.objects.filter(owner=bob).exists()


def test_it_sends_an_anonymous_visitor_to_log_in(client, cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Alma's deck")
    for response in (
        client.get(reverse("deck-new")),
        client.get(reverse("deck-edit", kwargs={"deck_id": deck.pk})),
        client.get(SEARCH, {"game": "chapter-and-verse"}),
        post_panel(client, working_list(4)),
        post_save(client, working_list(40)),
    ):
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert Deck.objects.count() == 1


def test_a_new_deck_starts_empty_in_the_chosen_game(client, cv, bb_catalog, alice):
    client.force_login(alice)
    html = client.get(reverse("deck-new"), {"game": "bible-battles"}).content.decode()
    assert 'name="game" value="bible-battles"' in html and 'id="deck-cards" value="[]"' in html
    assert 'data-title="Moses"' in html and 'data-title="Verse 001"' not in html
    assert "The deck is empty." in html


# ---------------------------------------------------------------- the panel: validation and stock
def test_the_panel_goes_legal_at_forty_cards(client, cv, alice):
    client.force_login(alice)
    response = post_panel(client, working_list(39))
    assert response.status_code == 200
    html = response.content.decode()
    assert legal_state(html) == "false" and codes(html) == ["deck-too-small"]
    assert 'data-count="39"' in html
    html = post_panel(client, working_list(40)).content.decode()
    assert legal_state(html) == "true" and codes(html) == [] and "Legal" in html
    # Changing the format re-checks: four copies break advanced, not basic (no copy limit).
    four = [*working_list(36), {"set": "CV1", "number": "30", "title": verse_title(30), "count": 4}]
    assert codes(post_panel(client, four).content.decode()) == ["too-many-copies"]
    assert legal_state(post_panel(client, four, fmt="basic").content.decode()) == "true"


def test_the_panel_draws_the_sacrifice_curve_of_the_list_as_it_stands(client, cv, alice):
    """#36: the builder "shows the curve as you build": the deck page's chart, in every panel answer."""
    client.force_login(alice)
    assert 'id="builder-curve"' not in post_panel(client, []).content.decode()  # nothing to draw
    html = post_panel(client, working_list(7, copies=3)).content.decode()
    curve = html[html.index('id="builder-curve"') :]
    assert "<figcaption>Sacrifice curve</figcaption>" in curve and "<svg" in curve
    assert "Copies by sacrifice cost: 7 at 1." in curve
    html = post_panel(client, working_list(40)).content.decode()
    assert "Copies by sacrifice cost: 40 at 1." in html


def test_the_panel_writes_nothing(client, cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Faith", cards=working_list(10))
    client.force_login(alice)
    post_panel(client, working_list(40), deck=deck)
    deck.refresh_from_db()
    assert deck.card_count == 10 and deck.version == 1 and DeckVersion.objects.count() == 1


def test_the_panel_shows_owned_free_missing_and_on_offer(client, cv, alice, bob):
    collection_change(owner=alice, card=card("Verse 001"), delta=3)
    collection_change(owner=alice, card=card("Verse 002"), delta=2)
    # Two printings of one title count together.
    collection_change(owner=alice, card=card("By Small Means"), delta=1)
    collection_change(owner=alice, card=card("By Small  means", "CV2"), delta=1)
    # A built deck holds both copies of Verse 002.
    built = deck_create(owner=alice, game=cv, name="Built", decklist="2 Verse 002\n")
    deck_set_built(deck=built, built=True)
    # bob offers Verse 003 on his trade list.
    collection_change(owner=bob, card=card("Verse 003"), delta=2)
    trade_list_change(owner=bob, card=card("Verse 003"), delta=2)
    client.force_login(alice)
    entries = [
        {"set": "CV1", "number": "1", "title": "Verse 001", "count": 2},
        {"set": "CV1", "number": "2", "title": "Verse 002", "count": 3},
        {"set": "CV1", "number": "3", "title": "Verse 003", "count": 3},
        {"set": "CV1", "number": "900", "title": "By Small Means", "count": 3},
    ]
    html = post_panel(client, entries).content.decode()

    def stock(title):
        block = html.split(f'data-title="{title}"', 1)[1].split("</li>", 1)[0]
        found = re.search(
            r'data-owned="(\d+)" data-free="(\d+)" data-missing="(\d+)" data-on-offer="(\d+)"', block
        ).groups()
        return tuple(int(n) for n in found)

    assert stock("Verse 001") == (3, 3, 0, 0)
    assert stock("Verse 002") == (2, 0, 3, 0)
    assert stock("Verse 003") == (0, 0, 3, 2)
    assert stock("By Small Means") == (2, 2, 1, 0)
    assert "on a friend's trade list: 2" in html
    # Two copies of Verse 002 are in the built deck: a warning, not an error.
    assert "2 double-booked" in html and 'data-code="double-booked"' in html
    assert "double-booked" not in codes(html)


def test_a_built_deck_does_not_compete_with_itself(client, cv, alice):
    collection_change(owner=alice, card=card("Verse 001"), delta=2)
    deck = deck_create(owner=alice, game=cv, name="Built", decklist="2 Verse 001\n")
    deck_set_built(deck=deck, built=True)
    client.force_login(alice)
    html = post_panel(client, [{"set": "CV1", "number": "1", "title": "Verse 001", "count": 2}], deck=deck)
    html = html.content.decode()
    assert 'data-owned="2" data-free="2" data-missing="0"' in html and "double-booked" not in html


def test_the_panel_refuses_a_list_it_cannot_read_and_keeps_unknown_cards_removable(client, cv, alice):
    client.force_login(alice)
    response = post_panel(client, [], cards="{not json")
    assert response.status_code == 400 and "The list is not valid JSON." in response.content.decode()
    assert post_panel(client, [{"set": "CV1", "count": 1}]).status_code == 400
    html = post_panel(client, [{"set": "CV9", "number": "1", "title": "Gone", "count": 2}]).content.decode()
    assert "not in the catalog" in html and "unknown-card" in codes(html) and 'data-set="CV9"' in html


# ---------------------------------------------------------------- search
def test_search_uses_the_catalog_filters_and_pages(client, cv, alice):
    client.force_login(alice)
    html = client.get(SEARCH, {"game": "chapter-and-verse", "q": "pride"}).content.decode()
    assert re.findall(r'data-title="([^"]+)"', html) == ["Pride Cycle"]
    html = client.get(SEARCH, {"game": "chapter-and-verse", "advanced": "true"}).content.decode()
    assert re.findall(r'data-title="([^"]+)"', html) == ["Pride Cycle"]
    response = client.get(SEARCH, {"game": "chapter-and-verse", "advanced": "maybe"})
    assert response.status_code == 400 and "Advanced" in response.content.decode()
    html = client.get(SEARCH, {"game": "chapter-and-verse", "page": "3"}).content.decode()
    assert "page 3 of 3" in html and "Verse 050" in html


def test_search_sorts_by_title_by_default_or_as_asked_and_pages_keep_the_sort(client, cv, alice):
    client.force_login(alice)

    def titles(**params) -> list[str]:
        html = client.get(SEARCH, {"game": "chapter-and-verse", **params}).content.decode()
        return re.findall(r'data-title="([^"]+)"', html)

    by_title = titles(q="verse")
    assert by_title == sorted(by_title, key=str.casefold)
    backwards = titles(q="verse", sort="-title")
    assert backwards == sorted(backwards, key=str.casefold, reverse=True)
    assert backwards[0].casefold() > by_title[-1].casefold()  # the first page from the other end
    page = client.get(SEARCH, {"game": "chapter-and-verse", "sort": "-sacrifice"}).content.decode()
    assert "sort=-sacrifice" in page.split("Next", 1)[0].rsplit("hx-get=", 1)[1]  # the next page keeps it
    builder = client.get("/decks/new/?game=chapter-and-verse").content.decode()
    assert '<option value="" selected>Title (A to Z)</option>' in builder


def test_search_can_show_only_cards_with_free_copies(client, cv, alice):
    collection_change(owner=alice, card=card("Verse 001"), delta=2)
    collection_change(owner=alice, card=card("Verse 002"), delta=1)
    built = deck_create(owner=alice, game=cv, name="Built", decklist="1 Verse 002\n")
    deck_set_built(deck=built, built=True)
    client.force_login(alice)
    html = client.get(SEARCH, {"game": "chapter-and-verse", "owned": "free"}).content.decode()
    assert re.findall(r'data-title="([^"]+)"', html) == ["Verse 001"]
    assert 'data-owned="2" data-free="2"' in html
    # Editing the built deck itself, its own copies are free for it.
    html = client.get(SEARCH, {"game": "chapter-and-verse", "owned": "free", "deck": str(built.pk)}).content.decode()
    assert re.findall(r'data-title="([^"]+)"', html) == ["Verse 001", "Verse 002"]


# ---------------------------------------------------------------- saving
def test_saving_creates_the_deck_then_new_versions(client, cv, alice):
    client.force_login(alice)
    response = post_save(client, working_list(39), name="Work in progress")
    assert response.status_code == 201
    deck = Deck.objects.get(owner=alice)
    assert deck.name == "Work in progress" and deck.card_count == 39 and deck.version == 1 and not deck.legal
    edit_url = reverse("deck-edit", kwargs={"deck_id": deck.pk})
    assert response["X-Deck-Url"] == edit_url and response["X-Deck-Version"] == "1"
    html = response.content.decode()
    assert "Saved version 1." in html and legal_state(html) == "false"

    response = post_save(client, working_list(40), deck=deck, name="Finished")
    assert response.status_code == 200 and response["X-Deck-Version"] == "2"
    deck.refresh_from_db()
    assert deck.version == 2 and deck.card_count == 40 and deck.legal and deck.name == "Finished"
    assert list(DeckVersion.objects.filter(deck=deck).values_list("card_count", flat=True)) == [40, 39]


def test_a_stale_save_is_a_conflict_that_keeps_the_working_list(client, cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Faith", cards=working_list(10))
    deck_update(deck=deck, cards=working_list(12))  # saved elsewhere: now version 2
    client.force_login(alice)
    response = post_save(client, working_list(40), deck=deck, version=1)
    assert response.status_code == 409
    html = response.content.decode()
    assert "This deck was saved since you opened it" in html and 'data-version="2"' in html
    assert 'data-count="40"' in html  # the panel still shows the list being edited
    deck.refresh_from_db()
    assert deck.version == 2 and deck.card_count == 12
    # "Save mine over it" sends the latest version.
    assert post_save(client, working_list(40), deck=deck, version=2).status_code == 200
    deck.refresh_from_db()
    assert deck.version == 3 and deck.card_count == 40


def test_a_save_that_cannot_be_stored_changes_nothing_and_says_why(client, cv, alice):
    client.force_login(alice)
    response = post_save(client, working_list(4), name="  ")
    assert response.status_code == 400 and "A deck needs a name." in response.content.decode()
    response = post_save(client, [{"set": "CV9", "number": "1", "title": "Gone", "count": 1}])
    assert response.status_code == 400 and "Gone" not in Deck.objects.values_list("name", flat=True)
    assert not Deck.objects.exists()


def test_a_plain_form_post_saves_and_redirects_to_the_edit_page(client, cv, alice):
    client.force_login(alice)
    response = client.post(
        SAVE, {"game": "chapter-and-verse", "name": "No script", "cards": json.dumps(working_list(40))}
    )
    deck = Deck.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("deck-edit", kwargs={"deck_id": deck.pk})
    assert deck.card_count == 40 and deck.format == "advanced"


def test_saving_counts_against_the_write_limit_as_the_api_does(client, cv, alice, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "2/min"},
    }
    cache.clear()
    try:
        client.force_login(alice)
        codes = [post_save(client, working_list(4), name=f"Faith {i}").status_code for i in range(3)]
        assert codes == [201, 201, 429]
        assert Deck.objects.filter(owner=alice).count() == 2
        assert post_panel(client, working_list(4)).status_code == 200  # the panel writes nothing: not counted
    finally:
        cache.clear()


def test_each_format_carries_the_limits_plus_three_keeps_to_and_a_unique_card_says_so(client, cv, alice):
    """The builder's +3 (static/js/builder.js) adds up to the chosen format's limit: each format option carries it
    (the rules' own: Advanced 3 copies and Unique cards one, Basic none), and a Unique card's result row says so."""
    import html as html_lib

    client.force_login(alice)
    page = client.get(reverse("deck-new"), {"game": "chapter-and-verse"}).content.decode()
    limits = {
        slug: json.loads(html_lib.unescape(raw))
        for slug, raw in re.findall(r'<option value="([a-z-]+)" data-limits="([^"]+)"', page)
    }
    assert limits["advanced"]["copies"] == 3 and limits["advanced"]["unique"] is True
    assert limits["basic"]["copies"] is None and limits["basic"]["unique"] is False
    rows = client.get(SEARCH, {"game": "chapter-and-verse", "q": "Pride Cycle"}).content.decode()
    assert re.search(r'data-title="Pride Cycle"[^>]*data-unique', rows)

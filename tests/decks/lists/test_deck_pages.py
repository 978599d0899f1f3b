"""Deck pages: my decks, public decks, a deck with its grouped list and charts, versions, compare,
import, export, print, clone and delete."""

import io
import json
import re
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from cardcollections.models import Game
from decks.lists import services
from decks.lists import views
from decks.lists.services import deck_create
from decks.lists.services import deck_update
from decks.models import Deck
from decks.models import DeckNotice
from decks.models import DeckVersion

SVG = "{http://www.w3.org/2000/svg}"
MINUS = "\u2212"  # the page writes removals with a real minus sign

CV_LIST = "3 By Small Means (CV1) 1\n2 Faith Without Works\n1 Pride Cycle"
BB_LIST = "4 Shepherd\n3 Goat\n1 Moses\n2 Chariots"


def make_deck(owner, game="chapter-and-verse", *, name="Spring faith", decklist=CV_LIST, visibility="private", **kw):
    return deck_create(
        owner=owner, game=Game.objects.get(slug=game), name=name, decklist=decklist, visibility=visibility, **kw
    )


def client_for(user=None, *, csrf=False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    if user is not None:
        client.force_login(user)
    return client


def url(name, deck, **kw):
    return reverse(name, kwargs={"deck_id": deck.pk, **kw})


def html(response) -> str:
    return response.content.decode()


def section(page: str, group: str) -> str:
    match = re.search(rf'<section class="deck-group" data-group="{group}".*?</section>', page, re.S)
    assert match, f"no group {group}"
    return match.group(0)


def chart_bars(page: str, slug: str) -> dict[str, tuple[int, float]]:
    match = re.search(rf'<svg[^>]*data-chart="{slug}".*?</svg>', page, re.S)
    assert match, f"no chart {slug}"
    root = ET.fromstring(match.group(0))
    return {
        r.get("data-label"): (int(r.get("data-value")), float(r.get("height")))
        for r in root.iter(f"{SVG}rect")
        if r.get("class") == "bar"
    }


@pytest.fixture
def deck(small_catalogs, alice):
    return make_deck(alice)


# ---------------------------------------------------------------- reading and permissions
def test_it_renders_every_page_for_the_owner(deck, alice):
    client = client_for(alice)
    for name in ("deck-detail", "deck-versions", "deck-compare", "deck-print"):
        response = client.get(url(name, deck))
        assert response.status_code == 200, name
        assert "Spring faith" in html(response)
    assert client.get(url("deck-delete", deck)).status_code == 200
    listing = client.get(reverse("deck-list"))
    assert listing.status_code == 200 and "Spring faith" in html(listing)
    assert client.get(reverse("deck-import")).status_code == 200
    assert client.get(reverse("deck-public")).status_code == 200


@pytest.mark.parametrize("name", ["deck-detail", "deck-versions", "deck-compare", "deck-print"])
def test_it_hides_a_private_deck_from_everyone_but_its_owner(deck, bob, name):
    assert client_for(bob).get(url(name, deck)).status_code == 404
    assert client_for().get(url(name, deck)).status_code == 404


@pytest.mark.parametrize("fmt", ["txt", "json"])
def test_it_hides_a_private_deck_export(deck, bob, fmt):
    assert client_for(bob).get(url("deck-export", deck, fmt=fmt)).status_code == 404
    assert client_for().get(url("deck-export", deck, fmt=fmt)).status_code == 404


def test_it_shows_an_unlisted_deck_by_link_but_does_not_list_it(small_catalogs, alice, bob):
    unlisted = make_deck(alice, name="Link only", visibility="unlisted")
    public = make_deck(alice, name="For everyone", visibility="public")
    assert client_for(bob).get(url("deck-detail", unlisted)).status_code == 200
    assert client_for().get(url("deck-detail", unlisted)).status_code == 200
    page = html(client_for().get(reverse("deck-public")))
    assert "For everyone" in page and "Link only" not in page
    assert reverse("deck-detail", kwargs={"deck_id": public.pk}) in page


def test_it_filters_the_public_decks_by_game(small_catalogs, alice):
    make_deck(alice, name="Verses", visibility="public")
    make_deck(alice, "bible-battles", name="Battles", decklist=BB_LIST, visibility="public")
    page = html(client_for().get(reverse("deck-public"), {"game": "bible-battles"}))
    assert "Battles" in page and "Verses" not in page


def test_it_lists_only_my_decks_and_sends_strangers_to_log_in(small_catalogs, alice, bob):
    make_deck(alice, name="Alice's")
    make_deck(bob, name="Bob's", visibility="public")
    page = html(client_for(alice).get(reverse("deck-list")))
    assert "Alice&#x27;s" in page and "Bob&#x27;s" not in page
    response = client_for().get(reverse("deck-list"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_shows_the_owner_actions_only_to_the_owner(small_catalogs, alice, bob):
    public = make_deck(alice, visibility="public")
    owner_page = html(client_for(alice).get(url("deck-detail", public)))
    assert url("deck-delete", public) in owner_page
    assert url("deck-clone", public) in owner_page
    stranger_page = html(client_for(bob).get(url("deck-detail", public)))
    assert url("deck-delete", public) not in stranger_page
    assert url("deck-clone", public) in stranger_page  # anyone who can read may copy
    assert f"?deck={public.pk}" in stranger_page  # goldfish link


def test_a_visitor_is_sent_to_log_in_and_back_to_copy_a_public_deck(small_catalogs, alice):
    public = make_deck(alice, visibility="public")
    page = html(client_for().get(url("deck-detail", public)))
    assert f'href="{reverse("login")}?next=/decks/{public.pk}/">Log in to copy</a>' in page
    assert url("deck-clone", public) not in page
    signed_in = html(client_for(alice).get(url("deck-detail", public)))
    assert f'action="{url("deck-clone", public)}"' in signed_in and "Log in to copy" not in signed_in


# ---------------------------------------------------------------- grouping and charts
def test_it_groups_chapter_and_verse_by_dominant_theme(deck, alice):
    page = html(client_for(alice).get(url("deck-detail", deck)))
    # By Small Means: wisdom 2, histories 1; Faith Without Works: faith 3; Pride Cycle: trials 2 = histories 2.
    assert "By Small Means" in section(page, "wisdom")
    assert "Faith Without Works" in section(page, "faith")
    assert "Pride Cycle" in section(page, "mixed")
    assert page.index('data-group="wisdom"') < page.index('data-group="faith"') < page.index('data-group="mixed"')
    # Each line links to the catalog card and carries its image.
    wisdom = section(page, "wisdom")
    assert re.search(r'href="/cards/\d+/"', wisdom) and re.search(r'src="/cards/\d+/image/"', wisdom)
    assert "CV1 · 1" in wisdom


def test_it_draws_theme_icon_totals_and_the_sacrifice_curve(deck, alice):
    page = html(client_for(alice).get(url("deck-detail", deck)))
    icons = chart_bars(page, "theme-icons")
    # 3 x (wisdom 2, histories 1) + 2 x faith 3 + 1 x (trials 2, histories 2)
    assert {label: value for label, (value, _) in icons.items()} == {
        "Strength": 0,
        "Wisdom": 6,
        "Faith": 6,
        "Histories": 5,
        "Trials": 2,
    }
    assert icons["Wisdom"][1] == icons["Faith"][1] > icons["Histories"][1] > icons["Trials"][1] > 0
    curve = chart_bars(page, "sacrifice-curve")
    # Sacrifice 1: 3 copies, 2: 2 copies, 4: 1 copy.
    assert {label: value for label, (value, _) in curve.items()} == {"0": 0, "1": 3, "2": 2, "3": 0, "4": 1}
    assert 'aria-label="Theme icons.' in page
    assert '<table class="visually-hidden">' in page


def test_it_groups_bible_battles_by_type_and_draws_its_charts(small_catalogs, alice):
    deck = make_deck(alice, "bible-battles", name="Exodus", decklist=BB_LIST)
    page = html(client_for(alice).get(url("deck-detail", deck)))
    assert "Shepherd" in section(page, "follower")
    assert "Goat" in section(page, "animal")
    assert "Moses" in section(page, "unique-person")
    assert "Chariots" in section(page, "army")
    types = chart_bars(page, "types")
    assert {k: v for k, (v, _) in types.items()} == {"Followers": 4, "Animals": 3, "Unique people": 1, "Armies": 2}
    effort = chart_bars(page, "effort-curve")
    # Shepherd 0, Goat 1, Chariots 4, Moses 5
    assert {k: v for k, (v, _) in effort.items()} == {"0": 4, "1": 3, "2": 0, "3": 0, "4": 2, "5": 1}
    food = chart_bars(page, "food-balance")
    # 3 Goats give 1 food each; Moses and 2 Chariots eat 1 each.
    assert food["Provided"][0] == 3 and food["Needed"][0] == 3
    assert food["Provided"][1] == food["Needed"][1]
    assert "exactly enough" in page


def test_it_loads_the_deck_page_in_a_bounded_number_of_queries(small_catalogs, alice, django_assert_max_num_queries):
    big = "\n".join(f"{n} {t}" for n, t in ((3, "By Small Means"), (3, "Faith Without Works"), (1, "Pride Cycle")))
    deck = make_deck(alice, decklist=big)
    client = client_for(alice)
    # 6, and 3 for what the page shows since #18 (the reader's free copies: owned, reserved; the comments), and the
    # header's unread notifications. However big the deck.
    with django_assert_max_num_queries(10):
        assert client.get(url("deck-detail", deck)).status_code == 200


# ---------------------------------------------------------------- versions and compare
def test_it_shows_what_each_version_added_and_removed(deck, alice):
    deck_update(deck=deck, decklist="3 By Small Means (CV1) 1\n1 Pride Cycle\n2 By Small means (CV2) 1")
    client = client_for(alice)
    page = html(client.get(url("deck-versions", deck)))
    v2 = re.search(r'<li class="deck-version" id="v2">.*?</li>\s*</ul>', page, re.S).group(0)
    assert re.search(rf'class="deck-removed"><span class="deck-delta">{MINUS}2</span> Faith Without Works', v2)
    assert re.search(r'class="deck-added"><span class="deck-delta">\+2</span> By Small', v2)
    diff = html(client.get(url("deck-versions", deck), {"from": 1, "to": 2}))
    assert "From version 1 to version 2" in diff and f"{MINUS}2</span> Faith Without Works" in diff
    shown = html(client.get(url("deck-versions", deck), {"v": 1}))
    assert "Version 1: Spring faith" in shown
    assert client.get(url("deck-versions", deck), {"v": 9}).status_code == 404
    assert client.get(url("deck-versions", deck), {"v": "x"}).status_code == 400


def test_the_history_says_when_older_versions_are_no_longer_kept(deck, alice, monkeypatch):
    monkeypatch.setattr(services, "MAX_VERSIONS", 2)
    monkeypatch.setattr(views, "MAX_VERSIONS", 2)
    for copies in (1, 2):
        deck_update(deck=deck, decklist=f"{copies} Pride Cycle")
    page = html(client_for(alice).get(url("deck-versions", deck)))
    assert "up to the latest 2" in page
    v2 = re.search(r'<li class="deck-version" id="v2">.*?</li>', page, re.S).group(0)
    assert "The versions before it are no longer kept" in v2 and "diff</a>" not in v2
    assert 'id="v1"' not in page


def test_it_compares_two_readable_decks_side_by_side(deck, alice, bob):
    other = make_deck(bob, name="Bob's list", decklist="1 By Small Means\n4 Faith Without Works", visibility="unlisted")
    client = client_for(alice)
    link = "http://testserver" + url("deck-detail", other)
    page = html(client.get(url("deck-compare", deck), {"with": link}))
    row = re.search(r"<tr[^>]*>\s*<th scope=\"row\">Faith Without Works</th>.*?</tr>", page, re.S).group(0)
    assert re.findall(r'<td class="num">([^<]*)</td>', row) == ["2", "4", "+2"]
    row = re.search(r"<tr[^>]*>\s*<th scope=\"row\">By Small Means</th>.*?</tr>", page, re.S).group(0)
    assert re.findall(r'<td class="num">([^<]*)</td>', row) == ["3", "1", f"{MINUS}2"]
    # Bob cannot compare against Alice's private deck, whichever side it is on.
    private = client_for(bob).get(url("deck-compare", other), {"with": str(deck.pk)})
    assert private.status_code == 404
    assert client.get(url("deck-compare", deck), {"with": "nonsense"}).status_code == 400


# ---------------------------------------------------------------- import and export
def test_it_imports_a_text_list_and_opens_the_new_deck(small_catalogs, alice):
    response = client_for(alice).post(
        reverse("deck-import"),
        {"decklist": CV_LIST, "game": "chapter-and-verse", "name": "Pasted", "visibility": "private"},
    )
    deck = Deck.objects.get(owner=alice, name="Pasted")
    assert response.status_code == 302 and response["Location"] == url("deck-detail", deck)
    assert deck.card_count == 6


def test_importing_counts_against_the_write_limit_as_the_api_does(small_catalogs, alice, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "2/min"},
    }
    cache.clear()
    try:
        client = client_for(alice)
        form = {"decklist": CV_LIST, "game": "chapter-and-verse", "visibility": "private"}
        codes = [client.post(reverse("deck-import"), form).status_code for _ in range(3)]
        assert codes == [302, 302, 429]
        assert Deck.objects.filter(owner=alice).count() == 2
        assert client.get(reverse("deck-import")).status_code == 200  # the form itself is not counted
    finally:
        cache.clear()


def test_it_shows_every_bad_line_with_its_number_and_saves_nothing(small_catalogs, alice):
    text = "3 By Small Means\n2 Faith Withot Works\nthis is not a line\n1 Pride Cycle\n1 Nobody Knows"
    response = client_for(alice).post(
        reverse("deck-import"), {"decklist": text, "game": "chapter-and-verse", "visibility": "private"}
    )
    assert response.status_code == 400
    page = html(response)
    lines = re.findall(r'<tr class="deck-import-finding" data-line="(\d+)" data-code="[\w-]+">', page)
    assert lines == ["2", "3", "5"]
    assert "Faith Without Works" in page  # the suggestion
    assert 'data-code="unparseable-line"' in page and "Not a deck line:" in page  # the code kept, words shown
    assert not Deck.objects.exists()


def test_it_imports_a_json_file_with_its_own_game_format_and_name(small_catalogs, alice):
    document = {
        "game": "bible-battles",
        "name": "From a file",
        "format": "standard",
        "cards": [{"title": "Shepherd", "count": 4}, {"set": "BB1", "number": "2", "count": 2}],
    }
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "exodus.json"
    response = client_for(alice).post(reverse("deck-import"), {"file": upload, "visibility": "public"})
    assert response.status_code == 302, html(response)
    deck = Deck.objects.get(owner=alice)
    assert (deck.name, deck.game.slug, deck.card_count, deck.visibility) == (
        "From a file",
        "bible-battles",
        6,
        "public",
    )


@pytest.mark.parametrize(
    ("data", "field_text"),
    [
        ({"decklist": "", "game": "chapter-and-verse"}, "Paste a deck list"),
        ({"decklist": "3 Goat"}, "Pick the deck"),
        ({"decklist": '{"cards": [', "game": "bible-battles"}, "looks like JSON but is not"),
        ({"decklist": '{"game": "bible-battles", "cards": []}', "game": "chapter-and-verse"}, "not Chapter and Verse"),
        ({"decklist": "1 Goat", "game": "bible-battles", "format": "no-such-format"}, "no-such-format"),
        ({"decklist": '{"cards": [{"count": 1}]}', "game": "bible-battles"}, "must name a card"),
        ({"decklist": '{"game": "bible-battles", "format": "a\\u0000b", "cards": []}'}, "is not a format"),
    ],
)
def test_it_refuses_a_wrong_import_request_and_says_why(small_catalogs, alice, data, field_text):
    response = client_for(alice).post(reverse("deck-import"), {"visibility": "private", **data})
    assert response.status_code == 400
    assert field_text in html(response)
    assert not Deck.objects.exists()


def test_it_keeps_nul_characters_out_of_an_imported_name(small_catalogs, alice):
    document = '{"game": "bible-battles", "name": "Ex\\u0000odus", "cards": [{"title": "Goat", "count": 1}]}'
    response = client_for(alice).post(reverse("deck-import"), {"decklist": document})
    assert response.status_code == 302
    assert Deck.objects.get(owner=alice).name == "Exodus"


def test_it_refuses_a_file_that_is_not_utf8_text(small_catalogs, alice):
    upload = io.BytesIO(b"\xff\xfe\x00junk")
    upload.name = "deck.txt"
    response = client_for(alice).post(
        reverse("deck-import"), {"file": upload, "game": "bible-battles", "visibility": "private"}
    )
    assert response.status_code == 400 and "not UTF-8" in html(response)


def test_it_exports_text_and_json_that_import_back_to_the_same_deck(deck, alice):
    client = client_for(alice)
    text = client.get(url("deck-export", deck, fmt="txt"))
    assert text["Content-Disposition"] == 'attachment; filename="spring-faith.txt"'
    assert text.content.decode() == "3 By Small Means (CV1) 1\n2 Faith Without Works (CV1) 2\n1 Pride Cycle (CV1) 17\n"
    as_json = client.get(url("deck-export", deck, fmt="json"))
    assert as_json["Content-Disposition"] == 'attachment; filename="spring-faith.json"'
    document = json.loads(as_json.content)
    assert (document["game"], document["name"], document["format"]) == (
        "chapter-and-verse",
        "Spring faith",
        deck.format,
    )

    client.post(reverse("deck-import"), {"decklist": text.content.decode(), "game": "chapter-and-verse", "name": "T"})
    upload = io.BytesIO(as_json.content)
    upload.name = "spring-faith.json"
    client.post(reverse("deck-import"), {"file": upload, "name": "J", "visibility": "private"})
    from_text, from_json = Deck.objects.get(name="T"), Deck.objects.get(name="J")
    assert from_text.cards == deck.cards == from_json.cards
    assert from_json.format == deck.format
    again = client.get(url("deck-export", from_json, fmt="txt")).content
    assert again == text.content
    assert client.get(url("deck-export", deck, fmt="csv")).status_code == 404


def test_it_prints_the_decklist_sheet(deck, alice):
    page = html(client_for(alice).get(url("deck-print", deck)))
    assert 'class="decklist-sheet"' in page and "alice" in page and "Pride Cycle" in page


# ---------------------------------------------------------------- clone and delete
def test_it_lets_anyone_who_can_read_a_deck_copy_it(small_catalogs, alice, bob):
    public = make_deck(alice, visibility="public")
    response = client_for(bob).post(url("deck-clone", public))
    copy = Deck.objects.get(owner=bob)
    assert response.status_code == 302 and response["Location"] == url("deck-detail", copy)
    assert copy.cards == public.cards and copy.cloned_from == public and copy.visibility == "private"


def test_it_does_not_copy_a_private_deck_for_a_stranger(deck, bob):
    assert client_for(bob).post(url("deck-clone", deck)).status_code == 404
    anonymous = client_for().post(url("deck-clone", deck))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert Deck.objects.count() == 1
    assert client_for(bob).get(url("deck-clone", deck)).status_code == 405


def test_copying_counts_against_the_write_limit_as_the_api_does(small_catalogs, alice, bob, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "2/min"},
    }
    cache.clear()
    try:
        public = make_deck(alice, visibility="public")
        client = client_for(bob)
        codes = [client.post(url("deck-clone", public)).status_code for _ in range(3)]
        assert codes == [302, 302, 429]
        assert Deck.objects.filter(owner=bob).count() == 2
    finally:
        cache.clear()


def test_it_lets_only_the_owner_delete_and_asks_first(small_catalogs, alice, bob):
    deck = make_deck(alice, visibility="public")
    assert client_for(bob).post(url("deck-delete", deck), {"confirm": "yes"}).status_code == 404
    assert client_for(bob).get(url("deck-delete", deck)).status_code == 404
    assert Deck.objects.filter(pk=deck.pk).exists()
    unconfirmed = client_for(alice).post(url("deck-delete", deck))
    assert unconfirmed.status_code == 400 and Deck.objects.filter(pk=deck.pk).exists()
    response = client_for(alice).post(url("deck-delete", deck), {"confirm": "yes"})
    assert response.status_code == 302 and response["Location"] == reverse("deck-list")
    assert not Deck.objects.filter(pk=deck.pk).exists()
    assert not DeckVersion.objects.filter(deck_id=deck.pk).exists()


def test_it_refuses_posts_without_the_csrf_token(deck, alice):
    client = client_for(alice, csrf=True)
    assert client.post(url("deck-delete", deck), {"confirm": "yes"}).status_code == 403
    assert client.post(url("deck-clone", deck)).status_code == 403
    assert client.post(reverse("deck-import"), {"decklist": CV_LIST, "game": "chapter-and-verse"}).status_code == 403
    assert Deck.objects.count() == 1


# ---------------------------------------------------------------- format-change notices
def test_it_shows_open_notices_and_lets_the_owner_dismiss_them(deck, alice, bob):
    notice = DeckNotice.objects.create(
        deck=deck, owner=alice, format="spring", message="Spring open changed: Spring faith is no longer legal"
    )
    page = html(client_for(alice).get(reverse("deck-list")))
    assert "is no longer legal" in page
    dismiss = reverse("deck-notice-dismiss", kwargs={"notice_id": notice.pk})
    assert dismiss in page
    assert client_for(bob).post(dismiss).status_code == 404
    notice.refresh_from_db()
    assert not notice.dismissed
    assert client_for(alice).post(dismiss).status_code == 302
    notice.refresh_from_db()
    assert notice.dismissed
    assert "is no longer legal" not in html(client_for(alice).get(reverse("deck-list")))


def test_it_does_not_show_another_players_notices(deck, alice):
    carol = get_user_model().objects.create_user("carol", password="carol-password-1")
    DeckNotice.objects.create(deck=deck, owner=alice, format="spring", message="Only for alice")
    assert "Only for alice" not in html(client_for(carol).get(reverse("deck-list")))

"""A card's page puts the card on the player's wishlist in one click (any printing, or this one), says what they
already want of it, and sends a visitor to sign in (#36: "a card page has no add to wishlist")."""

import re

import pytest

from cardcollections.collection.services import wishlist_set
from cardcollections.models import WishlistEntry
from tests.html_forms import _Form

pytestmark = pytest.mark.django_db


def wish_panel(client, card) -> str:
    html = client.get(f"/cards/{card.pk}/").content.decode()
    start = html.index('id="card-wishlist"')
    return html[start : html.index("</section>", start)]


def wish_form(panel: str) -> tuple[str, dict[str, str]]:
    """The "Add to wishlist" form's action and what a browser would post from it untouched."""
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*id="card-wish-form">.*?</form>', panel, re.S)
    assert form is not None, panel
    values = _Form()
    values.feed(form.group(0))
    return form.group(1), values.values


def test_it_adds_the_card_to_the_wishlist_in_one_click_from_its_page(client, alice, cv_cards):
    pride = cv_cards["pride"]
    client.force_login(alice)
    panel = wish_panel(client, pride)
    assert "Add to wishlist" in panel and "You want" not in panel

    action, data = wish_form(panel)
    response = client.post(action, data)

    assert response.status_code == 302 and response["Location"] == f"/cards/{pride.pk}/#card-wishlist"
    wish = WishlistEntry.objects.get(owner=alice)
    assert (wish.card, wish.title, wish.wanted) == (None, "Pride Cycle", 1)  # any printing of the title
    page = client.get(response["Location"]).content.decode()
    assert "On your wishlist: 1 copy of Pride Cycle (any printing)." in page
    assert '<strong class="wish-count">1</strong> copy of any printing' in page
    assert "Save to wishlist" in page
    assert "Pride Cycle" in client.get("/collection/chapter-and-verse/wishlist/").content.decode()


def test_it_wants_this_printing_only_and_takes_a_wish_off(client, alice, cv_cards):
    means = cv_cards["means"]
    client.force_login(alice)
    action, data = wish_form(wish_panel(client, means))

    client.post(action, {**data, "wanted": "3", "printing": "this"})

    wish = WishlistEntry.objects.get(owner=alice)
    assert (wish.card, wish.wanted) == (means, 3)
    panel = wish_panel(client, means)
    assert (
        f'<strong class="wish-count">3</strong> copies of this printing ({means.card_set.code} {means.number})' in panel
    )
    # The other printing's page shows no wish for itself (the wish is for one printing only).
    assert "You want" not in wish_panel(client, cv_cards["means2"])

    client.post(action, {"wanted": "0", "printing": "this"})
    assert not WishlistEntry.objects.filter(owner=alice).exists()


def test_a_wish_for_the_title_shows_on_every_printing(client, alice, cv_cards):
    wishlist_set(owner=alice, game=cv_cards["means"].game, title="By Small Means", wanted=2)
    client.force_login(alice)
    panel = wish_panel(client, cv_cards["means2"])
    assert '<strong class="wish-count">2</strong> copies of any printing' in panel
    assert 'name="wanted" min="1" max="999" value="2"' in panel


def test_a_visitor_is_asked_to_sign_in_and_cannot_post(client, cv_cards):
    pride = cv_cards["pride"]
    panel = wish_panel(client, pride)
    assert f'href="/accounts/login/?next=/cards/{pride.pk}/"' in panel and "Sign in</a> to add Pride Cycle" in panel
    assert "<form" not in panel

    response = client.post(f"/collection/chapter-and-verse/cards/{pride.pk}/wish/", {"wanted": "1"})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not WishlistEntry.objects.exists()


def test_a_wrong_number_says_why_and_wishes_nothing(client, alice, cv_cards):
    pride = cv_cards["pride"]
    client.force_login(alice)
    response = client.post(f"/collection/chapter-and-verse/cards/{pride.pk}/wish/", {"wanted": "lots"}, follow=True)
    assert "Copies wanted must be a whole number from 0 to 999." in response.content.decode()
    assert not WishlistEntry.objects.exists()


def test_it_goes_back_to_a_path_on_this_site_only(client, alice, cv_cards):
    pride = cv_cards["pride"]
    client.force_login(alice)
    url = f"/collection/chapter-and-verse/cards/{pride.pk}/wish/"
    assert client.post(url, {"next": "/collection/"})["Location"] == "/collection/"
    assert client.post(url, {"next": "https://evil.example/"})["Location"] == f"/cards/{pride.pk}/#card-wishlist"


def test_a_card_of_another_game_under_this_game_is_a_404(client, alice, cv_cards, small_catalogs):
    from cardcollections.models import Card

    other = Card.objects.exclude(game=cv_cards["pride"].game).first()
    client.force_login(alice)
    assert client.post(f"/collection/chapter-and-verse/cards/{other.pk}/wish/", {"wanted": "1"}).status_code == 404
    assert not WishlistEntry.objects.exists()


def test_the_trade_list_names_a_condition_in_words(client, alice, cv_cards):
    from cardcollections.collection.services import collection_change
    from cardcollections.collection.services import trade_list_change

    collection_change(owner=alice, card=cv_cards["pride"], condition="NM", delta=2)
    trade_list_change(owner=alice, card=cv_cards["pride"], condition="NM", delta=1)
    client.force_login(alice)
    html = client.get("/collection/chapter-and-verse/wishlist/").content.decode()
    assert ", Near Mint)" in html and ", NM)" not in html


def test_my_collection_leads_to_each_games_wishlist_with_its_count(client, alice, cv_cards):
    """#36: "the wishlist is three levels deep"; the header says Public decks beside My decks."""
    wishlist_set(owner=alice, card=cv_cards["pride"], wanted=1)
    wishlist_set(owner=alice, game=cv_cards["means"].game, title="By Small Means", wanted=2)
    client.force_login(alice)
    html = client.get("/collection/").content.decode()
    assert '<a class="collection-game-wishlist" href="/collection/chapter-and-verse/wishlist/">Wishlist (2)</a>' in html
    assert '<a class="collection-game-wishlist" href="/collection/bible-battles/wishlist/">Wishlist</a>' in html
    assert ">Public decks</a>" in html and ">My decks</a>" in html and ">Decks</a>" not in html

"""Built decks and missing cards: marking a deck built reserves its cards (with a warning before a
double-booking), the missing-cards page, and putting missing cards on the wishlist."""

import re

import pytest
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import trade_list_change
from cardcollections.collection.services import wishlist_set
from cardcollections.models import Card
from cardcollections.models import CardReservation
from cardcollections.models import Game
from cardcollections.models import WishlistEntry
from decks.lists.services import deck_create
from decks.lists.services import deck_set_built
from decks.models import Deck
from decks.stock.services import deck_missing_wishlist_add
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def cv(cv_catalog):
    return Game.objects.get(slug="chapter-and-verse")


def card(title: str) -> Card:
    return Card.objects.filter(title=title).order_by("pk").first()


def own(user, title: str, copies: int, *, for_trade: int = 0) -> None:
    collection_change(owner=user, card=card(title), delta=copies)
    if for_trade:
        trade_list_change(owner=user, card=card(title), delta=for_trade)


def signed_in(user) -> Client:
    """A browser session with CSRF checks on, as in production; post() sends the form's token."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    secret = _get_new_csrf_string()
    client.cookies["csrftoken"] = secret
    client.csrf = secret
    return client


def post(client: Client, url: str, data: dict | None = None, **headers):
    return client.post(url, {**(data or {}), "csrfmiddlewaretoken": client.csrf}, **headers)


def htmx() -> dict:
    return {"HTTP_HX_REQUEST": "true"}


def text(response) -> str:
    """The response's visible text, tags removed (inline ones without a space) and spaces collapsed."""
    html = re.sub(r"</?(?:a|strong|em|span)\b[^>]*>", "", response.content.decode())
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture
def faith(cv, alice):
    """Alice's built deck holding 2 Verse 001."""
    deck = deck_create(owner=alice, game=cv, name="Faith deck", decklist="2 Verse 001\n")
    return deck_set_built(deck=deck, built=True)


@pytest.fixture
def hope(cv, alice):
    """Alice's unbuilt deck: 2 Verse 001, 3 Verse 002, 1 Pride Cycle, 4 By Small Means."""
    return deck_create(
        owner=alice,
        game=cv,
        name="Hope deck",
        decklist="2 Verse 001\n3 Verse 002\n1 Pride Cycle\n4 By Small Means\n",
    )


# ---------------------------------------------------------------- built


def test_it_marks_a_deck_built_and_the_collection_shows_its_cards_reserved(cv, alice):
    own(alice, "Verse 001", 3)
    deck = deck_create(owner=alice, game=cv, name="Faith deck", decklist="2 Verse 001\n1 Verse 002\n")
    client = signed_in(alice)

    response = post(client, f"/decks/{deck.pk}/built/", {"built": "on"})

    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    deck.refresh_from_db()
    assert deck.built and deck.built_at is not None
    assert {(r.title, r.quantity) for r in CardReservation.objects.filter(owner=alice)} == {
        ("Verse 001", 2),
        ("Verse 002", 1),
    }
    page = client.get("/collection/chapter-and-verse/?q=Verse+001")
    shown = text(page)
    assert "3 owned · 2 in built decks · 1 free" in shown
    assert "Reserved by built decks" in shown and "2 \u00d7 Verse 001" in shown and "1 \u00d7 Verse 002" in shown
    assert f'href="/decks/{deck.pk}/"' in page.content.decode()
    messages = [str(m) for m in page.context["messages"]]
    assert messages == ["“Faith deck” is built: its 3 cards are reserved from your collection."]


def test_un_building_releases_the_reservations(faith, alice):
    own(alice, "Verse 001", 3)
    client = signed_in(alice)
    assert "1 free" in text(client.get("/collection/chapter-and-verse/?q=Verse+001"))

    response = post(client, f"/decks/{faith.pk}/built/", {"built": "off"})

    assert response.status_code == 302
    faith.refresh_from_db()
    assert not faith.built and not CardReservation.objects.exists()
    page = text(client.get("/collection/chapter-and-verse/?q=Verse+001"))
    assert "in built decks" not in page and "Reserved by built decks" not in page


def test_it_warns_before_double_booking_and_marks_built_only_when_told_anyway(faith, hope, alice):
    own(alice, "Verse 001", 3)
    own(alice, "Verse 002", 3)
    client = signed_in(alice)

    warning = post(client, f"/decks/{hope.pk}/built/", {"built": "on"})

    assert warning.status_code == 200
    assert (
        "You own 3 Verse 001; 2 are in “Faith deck” (built); this deck needs 2 → 1 copy would be double-booked."
        in text(warning)
    )
    assert "Verse 002" not in text(warning).split("Mark built anyway")[0].split("double-booked")[-1]
    hope.refresh_from_db()
    assert not hope.built and not CardReservation.objects.filter(holder=f"deck:{hope.pk}").exists()

    anyway = post(client, f"/decks/{hope.pk}/built/", {"built": "on", "confirm": "1"})

    assert anyway.status_code == 302 and anyway["Location"] == f"/decks/{hope.pk}/"
    hope.refresh_from_db()
    assert hope.built
    assert "3 owned · 4 in built decks · 0 free · 1 short" in text(
        client.get("/collection/chapter-and-verse/?q=Verse+001")
    )


def test_the_warning_and_the_switch_swap_in_place_with_htmx(faith, hope, alice):
    own(alice, "Verse 001", 2)
    client = signed_in(alice)

    warning = post(client, f"/decks/{hope.pk}/built/", {"built": "on"}, **htmx())
    assert warning.status_code == 200 and "<html" not in warning.content.decode()
    assert f'id="deck-built-{hope.pk}"' in warning.content.decode()
    assert "2 copies would be double-booked" in text(warning)

    cancel = client.get(f"/decks/{hope.pk}/built/", **htmx())
    assert "Mark built" in text(cancel) and "double-booked" not in text(cancel)

    done = post(client, f"/decks/{hope.pk}/built/", {"built": "on", "confirm": "1"}, **htmx())
    assert done.status_code == 200 and "“Hope deck” is built" in text(done) and "Take apart" in text(done)
    assert Deck.objects.get(pk=hope.pk).built


def test_a_deck_without_double_bookings_is_built_at_once_and_can_go_back_to_the_page_it_came_from(hope, alice):
    client = signed_in(alice)
    response = post(client, f"/decks/{hope.pk}/built/", {"built": "on", "next": f"/decks/{hope.pk}/missing/"})
    assert response.status_code == 302 and response["Location"] == f"/decks/{hope.pk}/missing/"
    assert Deck.objects.get(pk=hope.pk).built

    elsewhere = post(client, f"/decks/{hope.pk}/built/", {"built": "off", "next": "https://evil.example/"})
    assert elsewhere["Location"] == f"/decks/{hope.pk}/"


@pytest.mark.parametrize("target", ["foo", "//evil.example", "https://evil.example/", "/\\evil", "javascript:alert(1)"])
def test_a_hostile_next_is_never_followed_and_the_change_still_lands(hope, alice, target):
    # `next=foo` was a 500 after the deck was marked built: redirect() read the bare word as a URL name.
    client = signed_in(alice)
    response = post(client, f"/decks/{hope.pk}/built/", {"built": "on", "next": target})
    assert response.status_code == 302 and response["Location"] == f"/decks/{hope.pk}/"
    assert Deck.objects.get(pk=hope.pk).built


@pytest.mark.parametrize("value", ["", "yes", "ON", "1"])
def test_a_wrong_built_value_is_a_400_naming_the_field_and_changes_nothing(hope, alice, value):
    response = post(signed_in(alice), f"/decks/{hope.pk}/built/", {"built": value})
    assert response.status_code == 400 and "built:" in text(response)
    assert not Deck.objects.get(pk=hope.pk).built


# ---------------------------------------------------------------- missing cards


def test_the_missing_page_counts_owned_reserved_free_missing_and_who_offers_it(faith, hope, alice, bob, charlie):
    own(alice, "Verse 001", 3)  # 2 held by Faith deck: 1 free, Hope needs 2 → 1 missing (reserved)
    own(alice, "Verse 002", 1)  # needs 3 → 2 missing (not owned)
    own(alice, "By Small Means", 4)  # covered
    own(bob, "Verse 002", 3, for_trade=2)
    own(charlie, "Verse 002", 1, for_trade=1)
    own(charlie, "Pride Cycle", 1)  # owned but not offered

    response = signed_in(alice).get(f"/decks/{hope.pk}/missing/")

    assert response.status_code == 200
    rows = {r["need"].title: r for r in response.context["rows"]}
    assert set(rows) == {"Verse 001", "Verse 002", "Pride Cycle"}
    v1, v2, pride = rows["Verse 001"]["need"], rows["Verse 002"]["need"], rows["Pride Cycle"]["need"]
    assert (v1.needed, v1.owned, v1.reserved_elsewhere, v1.free, v1.missing) == (2, 3, 2, 1, 1)
    assert (v2.needed, v2.owned, v2.reserved_elsewhere, v2.free, v2.missing) == (3, 1, 0, 1, 2)
    assert (v2.on_offer, v2.offered_by) == (3, 2)
    assert (pride.missing, pride.on_offer) == (1, 0)
    shown = text(response)
    assert "4 cards missing across 3 titles" in shown
    assert "1 in other built decks" in shown and "2 not owned" in shown
    assert "3 copies from 2 players" in shown
    assert 'href="/trades/matches/"' in response.content.decode()
    assert "1 of 4 titles covered" in shown


def test_the_missing_page_costs_the_same_queries_for_a_big_deck(cv, alice, bob, django_assert_max_num_queries):
    small = deck_create(owner=alice, game=cv, name="Small", decklist="2 Verse 001\n2 Verse 002\n")
    big = deck_create(owner=alice, game=cv, name="Big", decklist=legal_cv_text(cards=60, copies=1))
    for i in range(1, 31):
        own(alice, f"Verse {i:03d}", 1)
        own(bob, f"Verse {i + 10:03d}", 2, for_trade=1)
    wishlist_set(owner=alice, game=cv, title="Verse 040", wanted=1)
    client = signed_in(alice)
    # 9: the page's 7, a printing per title for the card previews, and the header bell's unread count.
    with django_assert_max_num_queries(9) as small_queries:
        assert client.get(f"/decks/{small.pk}/missing/").status_code == 200
    with django_assert_max_num_queries(len(small_queries.captured_queries)):
        assert client.get(f"/decks/{big.pk}/missing/").status_code == 200


def test_a_deck_with_nothing_missing_says_so(cv, alice):
    own(alice, "Verse 001", 2)
    deck = deck_create(owner=alice, game=cv, name="Done", decklist="2 Verse 001\n")
    shown = text(signed_in(alice).get(f"/decks/{deck.pk}/missing/"))
    assert "Nothing missing" in shown and "Add all missing to wishlist" not in shown


# ---------------------------------------------------------------- wishlist


def wishes(user) -> dict[str, int]:
    return dict(WishlistEntry.objects.filter(owner=user, card__isnull=True).values_list("title", "wanted"))


def test_one_click_puts_a_title_on_the_wishlist_and_a_second_click_changes_nothing(faith, hope, alice):
    own(alice, "Verse 001", 2)
    client = signed_in(alice)
    url = f"/decks/{hope.pk}/missing/wishlist/"

    first = post(client, url, {"title_key": "verse 002"}, **htmx())

    assert first.status_code == 200
    body = first.content.decode()
    assert body.lstrip().startswith("<tr") and "On your wishlist (3 wanted)" in text(first)
    assert wishes(alice) == {"Verse 002": 3}

    second = post(client, url, {"title_key": "Verse 002"}, **htmx())
    assert second.status_code == 200 and "On your wishlist (3 wanted)" in text(second)
    assert wishes(alice) == {"Verse 002": 3} and WishlistEntry.objects.count() == 1


def test_adding_to_the_wishlist_works_without_javascript(hope, alice):
    client = signed_in(alice)
    response = post(client, f"/decks/{hope.pk}/missing/wishlist/", {"title_key": "pride cycle"})
    assert response.status_code == 302 and response["Location"] == f"/decks/{hope.pk}/missing/"
    page = client.get(response["Location"])
    assert [str(m) for m in page.context["messages"]] == ["Added to your wishlist: Pride Cycle (1 copy wanted)."]
    assert "On your wishlist (1 wanted)" in text(page)
    assert wishes(alice) == {"Pride Cycle": 1}


def test_add_all_raises_wishes_to_the_missing_count_and_never_lowers_them(faith, hope, cv, alice):
    own(alice, "Verse 001", 3)  # 1 missing (reserved by Faith deck)
    wishlist_set(owner=alice, game=cv, title="Verse 001", wanted=5)  # more than missing: kept
    wishlist_set(owner=alice, game=cv, title="Verse 002", wanted=1)  # fewer: raised to 3
    wishlist_set(owner=alice, card=card("Pride Cycle"), wanted=1)  # a printing wish: left alone
    client = signed_in(alice)

    response = post(client, f"/decks/{hope.pk}/missing/wishlist/", {"all": "1"}, **htmx())

    assert response.status_code == 200 and response["HX-Retarget"] == "#missing-table"
    assert "All on your wishlist" in text(response)
    assert wishes(alice) == {"Verse 001": 5, "Verse 002": 3, "Pride Cycle": 1, "By Small Means": 4}
    assert WishlistEntry.objects.get(owner=alice, card__isnull=False).wanted == 1
    again = post(client, f"/decks/{hope.pk}/missing/wishlist/", {"all": "1"})
    assert again.status_code == 302
    assert wishes(alice) == {"Verse 001": 5, "Verse 002": 3, "Pride Cycle": 1, "By Small Means": 4}
    assert "Already on your wishlist." in [str(m) for m in client.get(again["Location"]).context["messages"]]


def test_the_wishlist_service_adds_everything_in_one_transaction(hope, cv, alice, monkeypatch):
    import decks.stock.services as service

    calls = []

    def fail_on_the_second(**kwargs):
        calls.append(kwargs["title"])
        if len(calls) == 2:
            raise RuntimeError("the database went away")
        return wishlist_set(**kwargs)

    monkeypatch.setattr(service, "wishlist_set", fail_on_the_second)
    with pytest.raises(RuntimeError):
        deck_missing_wishlist_add(deck=hope)
    assert len(calls) == 2 and not WishlistEntry.objects.exists()


@pytest.mark.parametrize(
    "data", [{}, {"title_key": ""}, {"title_key": "Verse 059"}, {"title_key": "no such card"}, {"all": "yes"}]
)
def test_a_wishlist_post_for_no_card_of_the_deck_is_a_400_naming_the_field(hope, alice, data):
    client = signed_in(alice)
    response = post(client, f"/decks/{hope.pk}/missing/wishlist/", data)
    assert response.status_code == 400 and "title_key:" in text(response)
    htmx_response = post(client, f"/decks/{hope.pk}/missing/wishlist/", data, **htmx())
    assert htmx_response.status_code == 400 and htmx_response["HX-Retarget"] == "#missing-table"
    assert not WishlistEntry.objects.exists()


# ---------------------------------------------------------------- who may


def routes(deck) -> list[tuple[str, str, dict]]:
    return [
        ("get", f"/decks/{deck.pk}/built/", {}),
        ("post", f"/decks/{deck.pk}/built/", {"built": "on", "confirm": "1"}),
        ("post", f"/decks/{deck.pk}/built/", {"built": "off"}),
        ("get", f"/decks/{deck.pk}/missing/", {}),
        ("post", f"/decks/{deck.pk}/missing/wishlist/", {"all": "1"}),
        ("post", f"/decks/{deck.pk}/missing/wishlist/", {"title_key": "Verse 002"}),
    ]


def snapshot():
    return (
        list(Deck.objects.values_list("pk", "built", "built_at")),
        list(CardReservation.objects.values_list("holder", "title_key", "quantity")),
        list(WishlistEntry.objects.values_list("owner", "title_key", "wanted")),
    )


@pytest.mark.parametrize("visibility", ["private", "public"])
def test_someone_else_gets_a_404_on_every_route_and_nothing_changes(hope, faith, alice, bob, visibility):
    Deck.objects.filter(pk=hope.pk).update(visibility=visibility)
    client = signed_in(bob)
    before = snapshot()
    for method, url, data in routes(hope) + routes(faith):
        response = post(client, url, data) if method == "post" else client.get(url)
        assert response.status_code == 404, (method, url)
        assert "Hope deck" not in response.content.decode()
    assert snapshot() == before


def test_anonymous_visitors_are_sent_to_log_in(hope, faith):
    client = Client()
    before = snapshot()
    for method, url, data in routes(hope):
        response = getattr(client, method)(url, data)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), (method, url)
    assert snapshot() == before


def test_a_post_without_the_csrf_token_is_refused(hope, alice):
    client = signed_in(alice)
    for url, data in [
        (f"/decks/{hope.pk}/built/", {"built": "on"}),
        (f"/decks/{hope.pk}/missing/wishlist/", {"all": "1"}),
    ]:
        assert client.post(url, data).status_code == 403
    assert not Deck.objects.get(pk=hope.pk).built and not WishlistEntry.objects.exists()


# ---------------------------------------------------------------- card previews


def card_links(response) -> set[str]:
    """The titles shown as card links (the hover preview of templates/_partials/card_name.html), by href."""
    html = response.content.decode()
    return {f"{m[1]}={m[0]}" for m in re.findall(r'<a class="card-link" href="/cards/(\d+)/">([^<]+)</a>', html)}


def test_the_titles_of_the_missing_warning_and_reserved_lists_link_to_a_printing_for_the_preview(faith, hope, alice):
    own(alice, "Verse 001", 3)
    client = signed_in(alice)
    v1, v2 = f"Verse 001={card('Verse 001').pk}", f"Verse 002={card('Verse 002').pk}"

    assert {v1, v2, f"Pride Cycle={card('Pride Cycle').pk}"} <= card_links(client.get(f"/decks/{hope.pk}/missing/"))
    warning = card_links(post(client, f"/decks/{hope.pk}/built/", {"built": "on"}))
    assert v1 in warning and v2 not in warning
    assert v1 in card_links(client.get("/collection/chapter-and-verse/?q=Verse+001"))

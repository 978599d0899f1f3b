"""The collection shows what built decks hold: owned, in built decks and free per title, and who holds what.

The collections app knows reservations only as CardReservation rows (a holder key, a label and a
link), so these tests make them with its own service, as the decks app does.
"""

import re

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_visibility_set
from cardcollections.collection.services import wishlist_set
from cardcollections.models import Game
from cardcollections.reservations.selectors import holders_by_title
from cardcollections.reservations.selectors import reservations_by_holder
from cardcollections.reservations.selectors import wished_by_title
from cardcollections.reservations.services import reservations_release
from cardcollections.reservations.services import reservations_replace

pytestmark = pytest.mark.django_db


@pytest.fixture
def cv(small_catalogs):
    return Game.objects.get(slug="chapter-and-verse")


def reserve(owner, game, holder: str, label: str, **titles: int) -> None:
    """Reserve copies for a holder: reserve(alice, cv, "deck:1", "Faith", means=3) (keys are short names)."""
    names = {"means": "By Small Means", "faith": "Faith Without Works", "pride": "Pride Cycle"}
    reservations_replace(
        owner=owner,
        game=game,
        holder=holder,
        label=label,
        url=f"/decks/{holder.split(':')[1]}/",
        titles={names[k].casefold(): (names[k], n) for k, n in titles.items()},
    )


def tile(page: str, card) -> str:
    return re.search(rf'<li class="card-tile[^"]*" id="tile-{card.pk}".*?</li>', page, re.S).group(0)


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_every_printing_shows_its_titles_owned_in_built_decks_and_free(client, alice, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["means"], delta=2)
    collection_change(owner=alice, card=cv_cards["means2"], delta=2)
    collection_change(owner=alice, card=cv_cards["faith"], delta=1)
    reserve(alice, cv, "deck:a", "Faith deck", means=3)
    client.force_login(alice)

    page = client.get("/collection/chapter-and-verse/").content.decode()

    for printing in ("means", "means2"):  # CV1 and CV2 are one title
        shown = words(tile(page, cv_cards[printing]))
        assert "All printings: 4 owned · 3 in built decks · 1 free" in shown
    # A title no built deck holds shows just its count.
    assert "in built decks" not in tile(page, cv_cards["faith"])


def test_a_title_reserved_beyond_what_is_owned_shows_the_shortfall(client, alice, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    reserve(alice, cv, "deck:a", "Faith deck", pride=1)
    reserve(alice, cv, "deck:b", "Hope deck", pride=2)
    client.force_login(alice)
    shown = words(tile(client.get("/collection/chapter-and-verse/").content.decode(), cv_cards["pride"]))
    assert "1 owned · 3 in built decks · 0 free · 2 short" in shown


def test_the_reserved_section_lists_each_built_deck_with_its_titles(client, alice, bob, cv, cv_cards):
    reserve(alice, cv, "deck:b", "Zeal deck", pride=1)
    reserve(alice, cv, "deck:a", "Faith deck", means=3, faith=2)
    reserve(bob, cv, "deck:c", "Bob's deck", pride=4)
    client.force_login(alice)

    page = client.get("/collection/chapter-and-verse/").content.decode()

    section = re.search(r'<details class="reserved-by".*?</details>', page, re.S).group(0)
    shown = words(section)
    assert shown.startswith("Reserved by built decks 2 decks")
    assert (
        "Faith deck 5 copies 3 \u00d7 By Small Means 2 \u00d7 Faith Without Works Zeal deck 1 copy 1 \u00d7 Pride Cycle"
        in (shown)
    )
    assert '<a href="/decks/a/">' in section and '<a href="/decks/b/">' in section
    assert "Bob" not in section


def test_without_built_decks_there_is_no_reserved_section(client, alice, cv, cv_cards):
    reserve(alice, cv, "deck:a", "Faith deck", means=1)
    reservations_release(owner=alice, holder="deck:a")
    client.force_login(alice)
    page = client.get("/collection/chapter-and-verse/").content.decode()
    assert "Reserved by built decks" not in page and "in built decks" not in page


def test_plus_and_minus_answer_with_the_titles_new_free_count(client, alice, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["means"], delta=1)
    reserve(alice, cv, "deck:a", "Faith deck", means=1)
    client.force_login(alice)
    url = f"/collection/chapter-and-verse/cards/{cv_cards['means2'].pk}/adjust/"
    answer = client.post(url, {"delta": "1"}, headers={"HX-Request": "true"}).content.decode()
    assert "2 owned · 1 in built decks · 1 free" in words(answer)


def test_the_grid_partial_keeps_the_numbers_without_the_section(client, alice, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    reserve(alice, cv, "deck:a", "Faith deck", pride=1)
    client.force_login(alice)
    partial = client.get("/collection/chapter-and-verse/?q=pride", headers={"HX-Request": "true"}).content.decode()
    assert "2 owned · 1 in built decks · 1 free" in words(partial) and "Reserved by built decks" not in partial


def test_a_shared_or_public_collection_does_not_show_built_decks(client, alice, bob, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    reserve(alice, cv, "deck:a", "Secret plan", pride=1)
    collection_visibility_set(owner=alice, visibility="public")
    client.force_login(bob)
    page = client.get("/u/alice/collection/chapter-and-verse/").content.decode()
    assert "Pride Cycle" in page
    assert "Secret plan" not in page and "in built decks" not in page


def test_the_page_costs_the_same_queries_with_more_reservations(
    client, alice, cv, cv_cards, django_assert_max_num_queries
):
    for c in cv_cards.values():
        collection_change(owner=alice, card=c, delta=1)
    reserve(alice, cv, "deck:a", "Faith deck", means=1)
    client.force_login(alice)
    with django_assert_max_num_queries(30) as few:
        client.get("/collection/chapter-and-verse/")
    for n in range(5):
        reserve(alice, cv, f"deck:{n}", f"Deck {n}", means=1, faith=2, pride=1)
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = client.get("/collection/chapter-and-verse/").content.decode()
    assert page.count('class="reserved-holder"') == 6


# ---------------------------------------------------------------- selectors


def test_reservations_by_holder_groups_titles_under_each_label(alice, cv, django_assert_num_queries):
    reserve(alice, cv, "deck:b", "B deck", pride=1)
    reserve(alice, cv, "deck:a", "A deck", means=3, faith=2)
    with django_assert_num_queries(1):
        holders = reservations_by_holder(owner=alice, game=cv)
    assert [(h.label, h.url, h.titles, h.copies) for h in holders] == [
        ("A deck", "/decks/a/", (("By Small Means", 3), ("Faith Without Works", 2)), 5),
        ("B deck", "/decks/b/", (("Pride Cycle", 1),), 1),
    ]


def test_holders_by_title_names_who_holds_each_title_leaving_one_holder_out(alice, bob, cv):
    reserve(alice, cv, "deck:a", "A deck", means=3)
    reserve(alice, cv, "deck:b", "B deck", means=1, pride=1)
    reserve(bob, cv, "deck:c", "C deck", means=9)
    held = holders_by_title(owner=alice, game=cv, title_keys=["by small means", "pride cycle"], exclude_holder="deck:b")
    assert {k: [(h.label, h.quantity) for h in v] for k, v in held.items()} == {"by small means": [("A deck", 3)]}


def test_wished_by_title_counts_only_any_printing_wishes(alice, cv, cv_cards):
    wishlist_set(owner=alice, game=cv, title="Pride Cycle", wanted=2)
    wishlist_set(owner=alice, card=cv_cards["means"], wanted=4)
    keys = ["pride cycle", "by small means", "faith without works"]
    assert wished_by_title(owner=alice, game=cv, title_keys=keys) == {"pride cycle": 2}

"""Saved decks: the services every page and endpoint writes through."""

import pytest

from cardcollections.collection.services import collection_change
from cardcollections.models import CardReservation
from cardcollections.models import Game
from cardcollections.reservations.selectors import stock_by_title
from decks.exceptions import DeckRequestError
from decks.lists import services
from decks.lists.selectors import deck_get_readable
from decks.lists.selectors import deck_version_changes
from decks.lists.services import DeckListError
from decks.lists.services import DeckVersionConflict
from decks.lists.services import deck_clone
from decks.lists.services import deck_create
from decks.lists.services import deck_delete
from decks.lists.services import deck_set_built
from decks.lists.services import deck_update
from decks.models import Deck
from decks.models import DeckVersion
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def cv(cv_catalog):
    return Game.objects.get(slug="chapter-and-verse")


def test_it_saves_a_list_as_printings_and_keeps_every_version(cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Faith", decklist="2 Verse 001\n1 By Small Means (CV2)\n")
    assert deck.version == 1 and deck.card_count == 3 and not deck.legal
    assert deck.cards == [
        {"set": "CV2", "number": "1", "title": "By Small  means", "count": 1},
        {"set": "CV1", "number": "1", "title": "Verse 001", "count": 2},
    ]
    deck = deck_update(deck=deck, decklist=legal_cv_text(), expected_version=1)
    assert deck.version == 2 and deck.legal and deck.card_count == 40
    assert DeckVersion.objects.filter(deck=deck).count() == 2
    changes = deck_version_changes(deck=deck, number=2)
    assert {c.title for c in changes.removed} == {"By Small  means"}
    assert any(c.title == "Verse 001" and c.before == 2 and c.after == 2 for c in changes.unchanged)


def test_a_deck_keeps_its_latest_versions_and_numbers_go_on_counting(cv, alice, monkeypatch):
    monkeypatch.setattr(services, "MAX_VERSIONS", 3)
    deck = deck_create(owner=alice, game=cv, name="Faith", decklist="1 Verse 001\n")
    for copies in (2, 3, 4, 1):
        deck = deck_update(deck=deck, decklist=f"{copies} Verse 001\n")
    assert deck.version == 5
    assert list(DeckVersion.objects.filter(deck=deck).values_list("number", flat=True)) == [5, 4, 3]
    assert deck_version_changes(deck=deck, number=3) is None  # version 2, which it changed, is gone
    (change,) = deck_version_changes(deck=deck, number=4).added
    assert (change.before, change.after) == (3, 4)


def test_it_refuses_an_unknown_card_and_changes_nothing(cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Faith", decklist="2 Verse 001\n")
    with pytest.raises(DeckListError) as info:
        deck_update(deck=deck, decklist="2 Verse 001\n3 Nonesuch\nwhat is this\n")
    assert {f.code for f in info.value.findings} == {"unknown-card", "unparseable-line"}
    deck.refresh_from_db()
    assert deck.version == 1 and deck.card_count == 2


def test_it_refuses_a_stale_save(cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Faith")
    deck_update(deck=deck, decklist="1 Verse 002\n")
    with pytest.raises(DeckVersionConflict):
        deck_update(deck=deck, decklist="1 Verse 003\n", expected_version=1)


def test_it_refuses_an_unknown_format(cv, alice):
    with pytest.raises(DeckRequestError) as info:
        deck_create(owner=alice, game=cv, name="x", format_slug="nope")
    assert info.value.field == "format"
    assert not Deck.objects.exists()


def test_private_decks_are_hidden_and_clones_start_a_new_history(cv, alice, bob):
    deck = deck_create(owner=alice, game=cv, name="Faith", decklist="2 Verse 001\n")
    assert deck_get_readable(deck_id=deck.pk, user=bob) is None
    assert deck_get_readable(deck_id="not-a-uuid", user=bob) is None
    deck_update(deck=deck, visibility="unlisted")
    assert deck_get_readable(deck_id=deck.pk, user=bob) is not None
    copy = deck_clone(deck=deck, owner=bob)
    assert copy.owner == bob and copy.version == 1 and copy.cloned_from == deck and copy.cards == deck.cards


def test_built_decks_reserve_copies_by_title_and_release_them(cv, alice):
    from cardcollections.models import Card

    verse = Card.objects.get(title="Verse 001")
    collection_change(owner=alice, card=verse, delta=3)
    first = deck_set_built(deck=deck_create(owner=alice, game=cv, name="A", decklist="2 Verse 001\n"), built=True)
    deck_set_built(deck=deck_create(owner=alice, game=cv, name="B", decklist="2 Verse 001\n"), built=True)
    stock = stock_by_title(owner=alice, game=cv)["verse 001"]
    assert (stock.owned, stock.reserved, stock.free) == (3, 4, 0)
    deck_update(deck=first, decklist="1 Verse 001\n")
    assert stock_by_title(owner=alice, game=cv)["verse 001"].reserved == 3
    deck_delete(deck=first)
    assert stock_by_title(owner=alice, game=cv)["verse 001"].reserved == 2
    assert CardReservation.objects.count() == 1


def test_a_second_built_deck_shows_the_double_booked_copies(cv, alice, bob):
    from cardcollections.collection.services import trade_list_change
    from cardcollections.models import Card
    from decks.stock.selectors import deck_double_bookings
    from decks.stock.selectors import deck_missing

    verse = Card.objects.get(title="Verse 001")
    collection_change(owner=alice, card=verse, delta=3)
    collection_change(owner=bob, card=verse, delta=2)
    trade_list_change(owner=bob, card=verse, delta=2)
    deck_set_built(deck=deck_create(owner=alice, game=cv, name="A", decklist="2 Verse 001\n"), built=True)
    second = deck_create(owner=alice, game=cv, name="B", decklist="3 Verse 001\n1 Verse 002\n")
    [booked] = deck_double_bookings(deck=second)
    assert (booked.title, booked.free, booked.double_booked) == ("Verse 001", 1, 2)
    missing = {t.title: t for t in deck_missing(deck=second)}
    assert missing["Verse 001"].missing == 2 and missing["Verse 001"].on_offer == 2
    assert missing["Verse 002"].missing == 1 and missing["Verse 002"].not_owned == 1


def test_saving_or_building_a_deck_deleted_meanwhile_is_a_clear_refusal(cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Gone", decklist="2 Verse 001\n")
    stale = Deck.objects.get(pk=deck.pk)
    deck_delete(deck=deck)
    for attempt in (
        lambda: deck_update(deck=stale, decklist="1 Verse 002\n"),
        lambda: deck_set_built(deck=stale, built=True),
    ):
        with pytest.raises(DeckRequestError, match="deleted"):
            attempt()
    assert not CardReservation.objects.exists() and not Deck.objects.exists()


def test_a_player_has_at_most_max_decks_and_deleting_one_makes_room(cv, alice, bob, monkeypatch):
    from decks.lists import services

    monkeypatch.setattr(services, "MAX_DECKS", 2)
    first = deck_create(owner=alice, game=cv, name="One", decklist="1 Verse 001")
    deck_create(owner=alice, game=cv, name="Two", decklist="1 Verse 001")
    with pytest.raises(DeckRequestError) as exc:
        deck_create(owner=alice, game=cv, name="Three", decklist="1 Verse 001")
    assert "2 decks, the most a player can have" in exc.value.message
    with pytest.raises(DeckRequestError):
        deck_clone(deck=first, owner=alice)
    assert Deck.objects.filter(owner=alice).count() == 2
    deck_clone(deck=first, owner=bob)  # bob's own count

    deck_delete(deck=first)
    deck_create(owner=alice, game=cv, name="Three", decklist="1 Verse 001")

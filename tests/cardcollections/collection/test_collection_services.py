"""The ledger is the truth: every quantity change goes through collection_apply and is written down."""

import random

import pytest
from django.db import IntegrityError
from django.db import transaction

from cardcollections.collection.selectors import collection_owner_visible
from cardcollections.collection.selectors import ledger_mismatches
from cardcollections.collection.selectors import owned_by_card
from cardcollections.collection.selectors import set_totals
from cardcollections.collection.services import Change
from cardcollections.collection.services import CollectionError
from cardcollections.collection.services import ShortageError
from cardcollections.collection.services import collection_apply
from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_set
from cardcollections.collection.services import collection_share_link_rotate
from cardcollections.collection.services import collection_visibility_set
from cardcollections.collection.services import trade_list_change
from cardcollections.collection.services import trade_list_set
from cardcollections.collection.services import wishlist_set
from cardcollections.models import CollectionEntry
from cardcollections.models import Condition
from cardcollections.models import LedgerEntry
from cardcollections.models import LedgerReason
from cardcollections.models import WishlistEntry


@pytest.mark.django_db
def test_it_adds_copies_and_writes_a_ledger_row(alice, cv_cards):
    entry = collection_change(owner=alice, card=cv_cards["pride"], delta=3)
    assert entry.quantity == 3
    row = LedgerEntry.objects.get()
    assert (row.owner, row.card, row.delta, row.balance, row.reason, row.actor) == (
        alice,
        cv_cards["pride"],
        3,
        3,
        LedgerReason.MANUAL,
        alice,
    )


@pytest.mark.django_db
def test_it_refuses_to_take_away_more_than_owned_and_changes_nothing(alice, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    with pytest.raises(CollectionError, match=r"You have 1 of Pride Cycle \(CV1 17\); cannot take away 2"):
        collection_change(owner=alice, card=cv_cards["pride"], delta=-2)
    assert CollectionEntry.objects.get().quantity == 1
    assert LedgerEntry.objects.count() == 1


@pytest.mark.django_db
def test_the_database_refuses_a_negative_quantity(alice, cv_cards):
    entry = collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        CollectionEntry.objects.filter(pk=entry.pk).update(quantity=-1)


@pytest.mark.django_db
def test_the_database_refuses_more_for_trade_than_owned(alice, cv_cards):
    entry = collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        CollectionEntry.objects.filter(pk=entry.pk).update(for_trade=3)


@pytest.mark.django_db
def test_it_keeps_the_trade_list_within_the_copies_owned(alice, cv_cards):
    entry = collection_change(owner=alice, card=cv_cards["pride"], delta=3)
    trade_list_set(owner=alice, entry=entry, for_trade=3)
    with pytest.raises(CollectionError, match="at most the 3 copies"):
        trade_list_set(owner=alice, entry=entry, for_trade=4)
    # Fewer copies owned: the offer shrinks with them.
    entry = collection_change(owner=alice, card=cv_cards["pride"], delta=-2)
    assert (entry.quantity, entry.for_trade) == (1, 1)
    assert trade_list_change(owner=alice, card=cv_cards["pride"], delta=-1).for_trade == 0


@pytest.mark.django_db
def test_setting_a_quantity_writes_the_difference(alice, cv_cards):
    collection_set(owner=alice, card=cv_cards["faith"], quantity=4, condition=Condition.NEAR_MINT, notes="foil")
    entry = collection_set(owner=alice, card=cv_cards["faith"], quantity=1, condition=Condition.NEAR_MINT)
    assert (entry.quantity, entry.notes) == (1, "foil")
    assert list(LedgerEntry.objects.order_by("id").values_list("delta", "balance")) == [(4, 4), (-3, 1)]


@pytest.mark.django_db
def test_a_batch_with_one_short_row_changes_nothing_and_names_every_short_row(alice, bob, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    changes = [
        Change(alice.pk, cv_cards["pride"].pk, "", -2),
        Change(bob.pk, cv_cards["faith"].pk, "", -1),
        Change(bob.pk, cv_cards["pride"].pk, "", 2),
    ]
    with pytest.raises(ShortageError) as raised:
        collection_apply(changes=changes, reason=LedgerReason.TRADE, actor=alice)
    assert [s.message for s in raised.value.shortages] == [
        "alice has 1 of Pride Cycle (CV1 17); the trade needs 2",
        "bob has 0 of Faith Without Works (CV1 2); the trade needs 1",
    ]
    assert owned_by_card(owner=bob, card_ids=[cv_cards["pride"].pk]) == {}
    assert LedgerEntry.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_after_random_edits_every_quantity_is_what_the_ledger_says(alice, bob, cv_cards, seed):
    rng = random.Random(seed)
    cards = list(cv_cards.values())
    for _ in range(150):
        owner = rng.choice([alice, bob])
        card = rng.choice(cards)
        condition = rng.choice(["", Condition.NEAR_MINT, Condition.DAMAGED])
        op = rng.random()
        try:
            if op < 0.6:
                collection_change(owner=owner, card=card, condition=condition, delta=rng.randint(-3, 4) or 1)
            elif op < 0.8:
                collection_set(owner=owner, card=card, condition=condition, quantity=rng.randint(0, 5))
            else:
                trade_list_change(owner=owner, card=card, condition=condition, delta=rng.choice([-1, 1]))
        except CollectionError:
            pass
    assert ledger_mismatches() == []
    assert not CollectionEntry.objects.filter(quantity__lt=0).exists()


@pytest.mark.django_db
def test_set_totals_count_distinct_cards_of_each_set(alice, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=5)
    collection_change(owner=alice, card=cv_cards["means"], delta=1, condition=Condition.NEAR_MINT)
    totals = set_totals(owner=alice, game=cv_cards["pride"].game, with_missing=True)
    assert [t.sentence for t in totals] == ["2 of 3 cards of the Starter Set", "0 of 1 cards of the Second Set"]
    assert totals[0].copies == 6
    assert [c.title for c in totals[0].missing] == ["Faith Without Works"]


@pytest.mark.django_db
def test_set_totals_cost_a_fixed_number_of_queries(alice, cv_cards, django_assert_max_num_queries):
    for card in cv_cards.values():
        collection_change(owner=alice, card=card, delta=1)
    with django_assert_max_num_queries(5):
        set_totals(owner=alice, game=cv_cards["pride"].game, with_missing=True)


@pytest.mark.django_db
def test_a_wish_is_by_printing_or_by_title(alice, cv_cards):
    game = cv_cards["means"].game
    wishlist_set(owner=alice, card=cv_cards["pride"], wanted=2)
    wishlist_set(owner=alice, game=game, title="by small   MEANS", wanted=3)
    wishlist_set(owner=alice, game=game, title="By Small Means", wanted=4)
    assert sorted(WishlistEntry.objects.values_list("title", "card_id", "wanted")) == [
        ("By Small Means", None, 4),
        ("Pride Cycle", cv_cards["pride"].pk, 2),
    ]
    with pytest.raises(CollectionError, match="No Chapter and Verse card is called Nope"):
        wishlist_set(owner=alice, game=game, title="Nope", wanted=1)
    wishlist_set(owner=alice, card=cv_cards["pride"], wanted=0)
    assert WishlistEntry.objects.count() == 1


@pytest.mark.django_db
def test_a_collection_is_private_until_shared(alice, bob):
    assert collection_owner_visible(username="alice", viewer=bob) is None
    assert collection_owner_visible(username="alice", viewer=alice) == alice
    row = collection_visibility_set(owner=alice, visibility="link")
    assert collection_owner_visible(username="alice", viewer=bob) is None
    assert collection_owner_visible(username="alice", viewer=bob, token=row.share_token) == alice
    old = row.share_token
    collection_share_link_rotate(owner=alice)
    assert collection_owner_visible(username="alice", viewer=bob, token=old) is None
    collection_visibility_set(owner=alice, visibility="public")
    assert collection_owner_visible(username="alice", viewer=None) == alice


@pytest.mark.django_db
def test_a_misspelt_wish_suggests_the_close_titles_as_the_deck_checker_does(alice, cv_cards):
    game = cv_cards["means"].game
    with pytest.raises(CollectionError) as info:
        wishlist_set(owner=alice, game=game, title="prid cycel", wanted=1)
    assert str(info.value) == "No Chapter and Verse card is called prid cycel. Did you mean Pride Cycle?"
    with pytest.raises(CollectionError) as info:
        wishlist_set(owner=alice, game=game, title="Zzqxv", wanted=1)
    assert str(info.value) == "No Chapter and Verse card is called Zzqxv."
    assert not WishlistEntry.objects.exists()

"""The cached card pool follows the catalog: a change is seen at once, an unchanged catalog is not read again."""

import copy

import pytest
from django.utils import timezone

from cardcollections.adapters import card_pool_for_game
from cardcollections.catalog import memo
from cardcollections.catalog.services import catalog_load
from cardcollections.models import Card
from tests.conftest import CV_SMALL

pytestmark = pytest.mark.django_db


def test_an_unchanged_catalog_is_not_read_again(small_catalogs, django_assert_num_queries):
    first = card_pool_for_game("chapter-and-verse")
    with django_assert_num_queries(0):
        assert card_pool_for_game("chapter-and-verse") is first


def test_after_the_recheck_time_one_small_query_confirms_the_pool(
    small_catalogs, monkeypatch, django_assert_num_queries
):
    first = card_pool_for_game("chapter-and-verse")
    monkeypatch.setattr(memo, "RECHECK_SECONDS", 0.0)
    with django_assert_num_queries(1):
        assert card_pool_for_game("chapter-and-verse") is first


def test_a_change_made_elsewhere_is_seen_after_the_recheck(small_catalogs, monkeypatch):
    card_pool_for_game("chapter-and-verse")
    # A queryset update sends no signal: this is how another process's write looks from here.
    Card.objects.filter(title="Faith Without Works").update(title="Faith Without Works!", modified=timezone.now())
    assert not card_pool_for_game("chapter-and-verse").by_key("faith without works!")  # trusted for a while
    monkeypatch.setattr(memo, "RECHECK_SECONDS", 0.0)
    assert card_pool_for_game("chapter-and-verse").by_key("faith without works!")


def test_a_changed_card_is_seen_by_the_next_validation(small_catalogs):
    before = card_pool_for_game("chapter-and-verse")
    assert not before.by_key("faith without works")[0].unique
    changed = copy.deepcopy(CV_SMALL)
    changed["cards"][1]["effects"].append({"kind": "unique"})
    catalog_load(document=changed)
    assert card_pool_for_game("chapter-and-verse").by_key("faith without works")[0].unique


def test_a_new_card_is_seen(small_catalogs):
    assert not card_pool_for_game("chapter-and-verse").by_key("new verse")
    added = copy.deepcopy(CV_SMALL)
    added["cards"].append(dict(added["cards"][0], number="50", title="New Verse"))
    catalog_load(document=added)
    assert card_pool_for_game("chapter-and-verse").by_key("new verse")


def test_engine_cards_keep_their_verse_reference_for_cross_reference(small_catalogs):
    # Issue 14: the reference was dropped when rows became CardData, so Cross Reference found nothing.
    card = Card.objects.filter(game__slug="chapter-and-verse").exclude(reference="").first()
    engine = card_pool_for_game("chapter-and-verse").by_printing(card.card_set.code, card.number)
    assert engine.reference == card.reference

"""Deleting a deck while it is being marked built (or saved) must not leave its reservations behind.

Reservations name their deck by a string holder (no foreign key), so nothing
cascades: a reservation written by a transaction that commits after the delete
released the deck's rows would hold copies of the collection for a deck that no
longer exists, for ever. PostgreSQL only: row locks and concurrent transactions.
"""

import threading
import time

import pytest
from django.db import connection
from django.db import transaction

from cardcollections.collection.services import collection_change
from cardcollections.models import Card
from cardcollections.models import CardReservation
from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.lists.services import deck_delete
from decks.lists.services import deck_holder
from decks.lists.services import deck_set_built
from decks.lists.services import deck_update
from decks.models import Deck
from tests.decks.conftest import legal_cv_text
from tests.threads import run_threads

pytestmark = pytest.mark.django_db(transaction=True)


def _race(deck, write) -> list[str]:
    """`write(deck)` in a transaction that stays open while another thread deletes the deck."""
    started, outcomes = threading.Event(), []

    def writer() -> None:
        try:
            with transaction.atomic():
                write(deck)
                started.set()
                time.sleep(0.6)  # the delete runs now, against uncommitted reservations
            outcomes.append("written")
        except Exception as exc:  # a failure of the test
            outcomes.append(f"writer error: {type(exc).__name__}: {exc}")
        finally:
            started.set()
            connection.close()

    def deleter() -> None:
        try:
            started.wait(10)
            deck_delete(deck=Deck.objects.select_related("game", "owner").get(pk=deck.pk))
            outcomes.append("deleted")
        except Exception as exc:
            outcomes.append(f"deleter error: {type(exc).__name__}: {exc}")
        finally:
            connection.close()

    run_threads([writer, deleter], timeout=30)
    return outcomes


@pytest.fixture
def deck(cv_catalog, alice):
    if connection.vendor != "postgresql":
        pytest.skip("row locks and concurrent transactions need PostgreSQL")
    cv = Game.objects.get(slug="chapter-and-verse")
    collection_change(owner=alice, card=Card.objects.get(title="Verse 001"), delta=2)
    return deck_create(owner=alice, game=cv, name="Raced", decklist=legal_cv_text())


def test_it_leaves_no_reservation_of_a_deck_deleted_while_it_was_marked_built(deck):
    outcomes = _race(deck, lambda d: deck_set_built(deck=d, built=True))
    assert sorted(outcomes) == ["deleted", "written"]
    assert not Deck.objects.filter(pk=deck.pk).exists()
    assert not CardReservation.objects.filter(holder=deck_holder(deck)).exists()


def test_it_leaves_no_reservation_of_a_built_deck_deleted_while_it_was_saved(deck):
    deck_set_built(deck=deck, built=True)
    outcomes = _race(deck, lambda d: deck_update(deck=d, name="Renamed", decklist=legal_cv_text(42)))
    assert sorted(outcomes) == ["deleted", "written"]
    assert not CardReservation.objects.filter(holder=deck_holder(deck)).exists()

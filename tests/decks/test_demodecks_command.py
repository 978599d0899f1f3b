"""`manage.py demodecks`: the local demo account gets decks to look at, once."""

from io import StringIO

import pytest
from django.core.management import CommandError
from django.core.management import call_command

from cardcollections.models import CardReservation
from decks.models import Deck
from decks.models import Event
from decks.models import Registration

pytestmark = pytest.mark.django_db


def test_it_gives_the_demo_account_a_legal_built_deck_a_second_deck_and_an_event(starter_catalogs):
    call_command("demoaccount", stdout=StringIO())
    call_command("demodecks", stdout=StringIO())
    cv = Deck.objects.get(game__slug="chapter-and-verse")
    assert cv.legal and cv.built and cv.card_count == 40, cv.validation
    assert Deck.objects.filter(game__slug="bible-battles").count() == 1
    assert CardReservation.objects.filter(holder=f"deck:{cv.pk}").exists()
    registration = Registration.objects.get()
    assert registration.event == Event.objects.get() and registration.deck == cv
    # Again: nothing is added or changed.
    out = StringIO()
    call_command("demodecks", stdout=out)
    assert "nothing changed" in out.getvalue() and Deck.objects.count() == 2


def test_it_says_what_to_run_first(db):
    with pytest.raises(CommandError, match="demoaccount"):
        call_command("demodecks", stdout=StringIO())

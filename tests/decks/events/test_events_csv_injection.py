"""The organiser's CSV never lets a player's or an organiser's text become a spreadsheet formula."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from cardcollections.models import CardSet
from cardcollections.models import Game
from decks.events.selectors import event_registrations_csv
from decks.events.services import event_create
from decks.events.services import registration_create
from decks.formats.services import FormatRules
from decks.formats.services import tournament_format_create
from decks.lists.services import deck_create
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db


def test_a_tournament_format_slug_that_reads_as_a_formula_is_quoted(cv_catalog, alice, bob):
    cv = Game.objects.get(slug="chapter-and-verse")
    # A SlugField takes a leading hyphen: "-a1" is the formula =-A1 to a spreadsheet.
    tournament_format_create(
        organiser=alice,
        slug="-a1",
        name="Minus",
        game=cv,
        rules=FormatRules(base_format="advanced", legal_sets=CardSet.objects.filter(game=cv)),
    )
    event = event_create(
        organiser=alice, name="Open", game=cv, format_slug="-a1", deadline=timezone.now() + timedelta(days=1)
    )
    deck = deck_create(owner=bob, game=cv, name="Faith", decklist=legal_cv_text())
    registration_create(event=event, player=bob, deck=deck)
    [row] = list(csv.DictReader(io.StringIO(event_registrations_csv(event=event))))
    assert row["format"] == "'-a1"
    assert all(not value.startswith(("=", "+", "-", "@")) for value in row.values())

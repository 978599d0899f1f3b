"""Races (PostgreSQL): a storm of "pair the next round" clicks makes one round; two players reporting
at the same instant both keep their report."""

import pytest

from decks.models import Event
from decks.models import Match
from decks.models import Round
from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import round_pair_next
from tests.decks.races import race

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_storm_of_pair_clicks_makes_one_round(event, seven):
    event_start(event=event)
    outcomes = race([lambda: round_pair_next(event=Event.objects.get(pk=event.pk)) for _ in range(8)])
    assert sorted(outcomes) == ["done"] + ["refused"] * 7, outcomes
    assert Round.objects.filter(event=event).count() == 1
    assert Match.objects.filter(round__event=event).count() == 4


def test_two_players_reporting_at_once_both_keep_their_report(event, seven):
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).first()

    def report(user):
        return lambda: match_result_set(
            event=event, match=Match.objects.get(pk=match.pk), user=user, wins=[1, 0], draws=0
        )

    outcomes = race([report(match.player_a.user), report(match.player_b.user)])
    assert outcomes == ["done", "done"]
    row = Match.objects.get(pk=match.pk)
    assert row.report_a == row.report_b == {"wins": [1, 0], "draws": 0} and row.confirmed

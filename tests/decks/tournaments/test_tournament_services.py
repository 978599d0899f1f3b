"""Running an event through its services: start, Swiss rounds, reports, disputes, drops, top cut, finish."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.events.services import EventError
from decks.events.services import NotAllowed
from decks.events.services import OutOfTurn
from decks.events.services import event_update
from decks.models import Event
from decks.models import EventState
from decks.models import Match
from decks.models import Player
from decks.models import Round
from decks.models import RoundKind
from decks.tournaments.selectors import event_standings
from decks.tournaments.selectors import rounds_of
from decks.tournaments.selectors import top_decks
from decks.tournaments.services import event_finish
from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import player_drop
from decks.tournaments.services import round_pair_next
from decks.tournaments.services import top_cut_start
from tests.decks.events.fixtures import lists_public
from tests.decks.events.fixtures import register_players


def finish_round(event, round_, organiser):
    """The organiser enters 1-0 for the first-listed player of every match without a result."""
    for match in round_.matches.all():
        if not match.confirmed:
            match_result_set(event=event, match=match, user=organiser, wins=[1, 0], draws=0)


def test_it_starts_with_the_legal_registrations_and_says_who_is_left_out(event, seven, alice):
    from decks.models import Registration

    Registration.objects.filter(player__username="ivy").update(cards=[])
    start = event_start(event=event)
    assert sorted(start.to_dict()["players"]) == ["bob", "dora", "eli", "finn", "gia", "hal"]
    assert [o["player"] for o in start.left_out] == ["ivy"] and "not legal" in start.left_out[0]["reason"]
    event.refresh_from_db()
    assert (event.state, event.rounds, Player.objects.filter(event=event).count()) == ("running", 3, 6)
    with pytest.raises(OutOfTurn):
        event_start(event=event)


def test_it_refuses_to_start_with_fewer_than_two_players(event, registered):
    with pytest.raises(OutOfTurn, match="two players"):
        event_start(event=event)
    assert Event.objects.get(pk=event.pk).state == EventState.REGISTRATION


def test_a_second_click_pairs_no_second_round(event, seven, alice):
    event_start(event=event)
    first = round_pair_next(event=event)
    assert len(first.matches.all()) == 4 and first.matches.get(table=4).bye
    with pytest.raises(OutOfTurn, match="without a result"):
        round_pair_next(event=event)
    # A stale copy of the event (the second click's): the conditional claim refuses it.
    stale = Event.objects.get(pk=event.pk)
    stale.current_round = 0
    finish_round(event, first, alice)
    from decks.tournaments.services import _create_round

    with pytest.raises(OutOfTurn, match="a moment ago"):
        _create_round(stale, RoundKind.SWISS, [])
    assert Round.objects.filter(event=event).count() == 1


def test_players_report_and_confirm_and_a_dispute_waits_for_the_organiser(event, seven, alice):
    event_start(event=event)
    round_ = round_pair_next(event=event)
    match = round_.matches.exclude(player_b=None).first()
    a, b = match.player_a.user, match.player_b.user
    one = match_result_set(event=event, match=match, user=a, wins=[1, 0], draws=0)
    assert one.result == {"wins": [1, 0], "draws": 0} and not one.confirmed
    two = match_result_set(event=event, match=match, user=b, wins=[0, 1], draws=0)
    assert two.disputed and two.result is None
    final = match_result_set(event=event, match=match, user=alice, wins=[0, 1], draws=0)
    assert final.confirmed and final.result == {"wins": [0, 1], "draws": 0}
    with pytest.raises(OutOfTurn, match="confirmed"):
        match_result_set(event=event, match=match, user=a, wins=[1, 0], draws=0)


def test_both_reports_arriving_together_confirm_the_match(event, seven, alice):
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).first()
    # Each report is written in its own column of the locked row: reading the row twice first loses neither.
    stale_a, stale_b = Match.objects.get(pk=match.pk), Match.objects.get(pk=match.pk)
    match_result_set(event=event, match=stale_a, user=match.player_a.user, wins=[1, 0], draws=0)
    done = match_result_set(event=event, match=stale_b, user=match.player_b.user, wins=[1, 0], draws=0)
    assert done.confirmed and done.report_a == done.report_b


@pytest.mark.parametrize(("wins", "draws", "field"), [([2, 0], 0, "wins"), ([1, 1], 0, "wins"), ([0, 0], 2, "draws")])
def test_it_refuses_a_result_the_match_cannot_have(event, seven, alice, wins, draws, field):
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).first()
    with pytest.raises(EventError) as caught:
        match_result_set(event=event, match=match, user=alice, wins=wins, draws=draws)
    assert caught.value.field == field
    assert Match.objects.get(pk=match.pk).result is None


def test_only_the_players_and_the_organiser_give_a_result(event, seven, alice, charlie):
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).first()
    outsider = next(u for u in seven if u.pk not in (match.player_a.user_id, match.player_b.user_id))
    for user in (outsider, charlie):
        with pytest.raises(NotAllowed):
            match_result_set(event=event, match=match, user=user, wins=[1, 0], draws=0)


def test_a_full_event_runs_through_swiss_and_a_top_four(event, seven, alice):
    event_start(event=event)
    for _ in range(3):
        finish_round(event, round_pair_next(event=event), alice)
    with pytest.raises(OutOfTurn, match="All 3 Swiss rounds"):
        round_pair_next(event=event)
    player_drop(event=event, user=alice, player="bob")
    standings = event_standings(event=event)
    assert standings.round == 3 and len(standings.rows) == 7
    seeds = [r.player for r in standings.rows if not r.dropped][:4]
    semis = top_cut_start(event=event, size=4)
    assert semis.kind == RoundKind.TOP_CUT
    assert [(m.player_a.user.username, m.player_b.user.username) for m in semis.matches.all()] == [
        (seeds[0], seeds[3]),
        (seeds[1], seeds[2]),
    ]
    with pytest.raises(EventError, match="draw"):
        match_result_set(event=event, match=semis.matches.first(), user=alice, wins=[0, 0], draws=1)
    finish_round(event, semis, alice)
    with pytest.raises(OutOfTurn):
        event_finish(event=event)
    final = round_pair_next(event=event)
    assert [(m.player_a.user.username, m.player_b.user.username) for m in final.matches.all()] == [(seeds[0], seeds[1])]
    finish_round(event, final, alice)
    assert event_finish(event=event).state == EventState.FINISHED
    with pytest.raises(OutOfTurn):
        round_pair_next(event=event)


def test_a_dropped_player_is_not_paired_again_and_stays_in_the_standings(event, seven, alice, bob):
    event_start(event=event)
    finish_round(event, round_pair_next(event=event), alice)
    player_drop(event=event, user=bob)
    with pytest.raises(OutOfTurn, match="already"):
        player_drop(event=event, user=bob)
    second = round_pair_next(event=event)
    assert all(bob.pk not in (m.player_a.user_id, m.player_b and m.player_b.user_id) for m in second.matches.all())
    assert [r.player for r in event_standings(event=event).rows if r.dropped] == ["bob"]


def test_only_the_organiser_drops_someone_else(event, seven, bob):
    event_start(event=event)
    with pytest.raises(NotAllowed):
        player_drop(event=event, user=bob, player="dora")
    with pytest.raises(EventError):
        player_drop(event=event, user=event.organiser, player="nobody")


def test_the_number_of_rounds_is_fixed_once_the_last_round_is_paired(event, seven, alice):
    event_start(event=event)
    event_update(event=event, rounds=2)
    finish_round(event, round_pair_next(event=event), alice)
    with pytest.raises(OutOfTurn, match="games"):
        event_update(event=event, games_per_match=3)
    finish_round(event, round_pair_next(event=event), alice)
    with pytest.raises(OutOfTurn, match="fixed"):
        event_update(event=event, rounds=4)


def test_standings_read_in_a_few_queries_whatever_the_field(event, seven, alice):
    event_start(event=event)
    finish_round(event, round_pair_next(event=event), alice)
    with CaptureQueriesContext(connection) as queries:
        event_standings(event=event, rounds=rounds_of(event=event))
    assert len(queries) <= 4


def test_the_top_decks_are_the_top_cuts_in_their_final_order_and_leave_out_a_dropped_player(event, seven, alice):
    register_players(event, ["kim", "lou", "max"])
    lists_public(event)
    event_start(event=event)
    event.refresh_from_db()
    for number in range(1, event.rounds + 1):
        for match in round_pair_next(event=event).matches.exclude(player_b=None):
            wins = [0, 1] if match.player_b.user.username == "dora" else [1, 0]
            match_result_set(event=event, match=match, user=alice, wins=wins, draws=0)
        if number == 3:
            player_drop(event=event, user=alice, player="dora")  # 3-0, and gone
    rows = event_standings(event=event).rows
    assert "dora" in [r.player for r in rows[:8]]
    seeds = [r.player for r in rows if not r.dropped][:8]
    round_ = top_cut_start(event=event, size=8)
    while True:
        for match in round_.matches.all():
            a, b = match.player_a.user.username, match.player_b.user.username
            # The lower seed wins every time: the final order is then far from the Swiss order.
            wins = [1, 0] if seeds.index(a) > seeds.index(b) else [0, 1]
            match_result_set(event=event, match=match, user=alice, wins=wins, draws=0)
        if len(round_.matches.all()) == 1:
            break
        round_ = round_pair_next(event=event)
    event_finish(event=event)
    event.refresh_from_db()
    # The winner (seed 8), the finalist (7), the semi-finals' losers (5, 6), the quarter-finals' (1 to 4).
    final_order = [seeds[i - 1] for i in (8, 7, 5, 6, 1, 2, 3, 4)]
    decks = top_decks(event=event)
    assert [(row.rank, row.player) for row, _ in decks] == list(enumerate(final_order, start=1))
    assert all(registration.player.username == row.player for row, registration in decks)


def test_without_a_top_cut_the_top_decks_follow_the_standings_without_dropped_players(event, seven, alice):
    lists_public(event)
    event_update(event=event, rounds=2)
    event_start(event=event)
    first = round_pair_next(event=event)
    finish_round(event, first, alice)
    player_drop(event=event, user=alice, player=first.matches.get(table=1).player_a.user.username)  # a winner
    finish_round(event, round_pair_next(event=event), alice)
    event_finish(event=event)
    event.refresh_from_db()
    still_in = [r.player for r in event_standings(event=event).rows if not r.dropped]
    assert [(row.rank, row.player) for row, _ in top_decks(event=event)] == list(enumerate(still_in, start=1))

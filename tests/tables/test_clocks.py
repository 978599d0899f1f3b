"""Clocks (docs/tables.md, "Clocks"): kept by the server, charged with the move, a flag decided by the server
on the next request or by the beat task; correspondence tables tell the player whose turn it is."""

from datetime import timedelta

import pytest
from django.utils import timezone

from cardcollections.notifications.models import Notification
from tables.models import Move
from tables.models import Seat
from tables.models import Table
from tables.selectors import seat_state
from tables.selectors import table_seats
from tables.services import Actor
from tables.services import TableRefused
from tables.services import table_create
from tables.services import table_join
from tables.services import table_move
from tables.tasks import flag_timed_out
from tests.tables.conftest import BOMB


def make(alice, bob, **clock):
    made = table_create(host=alice, game=BOMB, seats=["person", "person"], seed=11, **clock)
    table_join(table_id=made.pk, actor=Actor(user=bob))
    return Table.objects.get(pk=made.pk)


def state(table, seat=None):
    table.refresh_from_db()
    return seat_state(table, table_seats(table), seat)


def to_act(table):
    return [s["index"] for s in state(table)["seats"] if s["to_act"]]


def move(table, seat, users, key):
    table.refresh_from_db()
    action = state(table, seat)["legal"][0]
    return table_move(table_id=table.pk, actor=Actor(user=users[seat]), after=table.seq, key=key, action=action)


def wind_back(table, seconds):
    """As if the seats to act had been thinking for `seconds` (the clock's start moved into the past)."""
    table.refresh_from_db()
    Table.objects.filter(pk=table.pk).update(
        clock_since=table.clock_since - timedelta(seconds=seconds),
        clock_deadline=table.clock_deadline - timedelta(seconds=seconds) if table.clock_deadline else None,
    )


@pytest.fixture
def live(boxes, alice, bob):
    return make(alice, bob, clock_minutes=5, increment_seconds=2)


def test_a_live_clock_shows_each_seat_its_time_and_runs_only_for_the_seat_to_act(live):
    shown = state(live)
    assert shown["clock"] == {"kind": "live", "minutes": 5, "increment_seconds": 2, "move_hours": 0}
    acting = to_act(live)
    for seat in shown["seats"]:
        assert 299 <= seat["clock"] <= 300
        assert seat["clock_runs"] == (seat["index"] in acting)
    assert live.clock_deadline is not None


def test_a_move_charges_the_movers_time_and_adds_the_increment(live, alice, bob):
    seat = to_act(live)[0]
    wind_back(live, 10)
    move(live, seat, [alice, bob], "key-clock-1")
    left = Seat.objects.get(table=live, index=seat).clock_left
    assert 291 < left <= 292  # 300 - 10 thought + 2 increment (and the few milliseconds of the test)


def test_a_move_after_the_flag_fell_is_refused_and_ends_the_game_by_time(live, alice, bob):
    seat = to_act(live)[0]
    wind_back(live, 301)
    with pytest.raises(TableRefused) as refused:
        move(live, seat, [alice, bob], "key-too-late")
    assert refused.value.code == "out-of-time" and refused.value.status_code == 409
    live.refresh_from_db()
    assert live.status == "over"
    assert live.result == {"winners": [1 - seat], "reason": "time", "seat": seat}
    assert list(Move.objects.filter(table=live).values_list("kind", "seat")) == [("timeout", seat)]
    assert live.clock_deadline is None


def test_the_beat_task_ends_a_table_whose_clock_ran_out_with_nobody_touching_it(boxes, alice, bob, live):
    seat = to_act(live)[0]
    in_time = make(alice, bob, clock_minutes=5)
    wind_back(live, 400)
    assert flag_timed_out() == 1
    live.refresh_from_db()
    assert live.status == "over" and live.result["winners"] == [1 - seat] and live.result["reason"] == "time"
    in_time.refresh_from_db()
    assert in_time.status == "playing"
    assert flag_timed_out() == 0  # idempotent: nothing is ended twice
    assert Move.objects.filter(table=live, kind="timeout").count() == 1


def test_a_table_without_a_clock_keeps_no_time(boxes, alice, bob):
    table = make(alice, bob)
    shown = state(table)
    assert shown["clock"] is None and all(s["clock"] is None for s in shown["seats"])
    assert table.clock_deadline is None and table.clock_since is None
    assert flag_timed_out() == 0


def test_the_computer_s_clock_never_runs(boxes, alice):
    table = table_create(host=alice, game=BOMB, seats=["person", "computer"], seed=5, clock_minutes=1)
    shown = state(table)
    assert shown["seats"][1]["clock"] is None and not shown["seats"][1]["clock_runs"]
    assert Seat.objects.get(table=table, index=1).clock_left is None


def test_a_correspondence_table_tells_the_player_whose_turn_it_is(boxes, alice, bob):
    table = make(alice, bob, move_hours=24)
    users = [alice, bob]
    # Book of Mormon Battles: both seats choose a battle card at once, then seat 1 answers.
    assert to_act(table) == [0, 1]
    assert [Notification.objects.filter(user=u, kind="table-turn").count() for u in users] == [1, 1]
    assert 24 * 3600 - 5 < state(table)["seats"][0]["clock"] <= 24 * 3600
    move(table, 0, users, "key-corr-0001")  # seat 1 was already to act: not told again
    assert [Notification.objects.filter(user=u, kind="table-turn").count() for u in users] == [1, 1]
    move(table, 1, users, "key-corr-0002")  # seat 0's turn again: told
    told = Notification.objects.filter(user=alice, kind="table-turn")
    assert told.count() == 2 and told.first().url == f"/tables/{table.pk}/"
    assert Notification.objects.filter(user=bob, kind="table-turn").count() == 1


def test_a_correspondence_move_too_late_loses(boxes, alice, bob):
    table = make(alice, bob, move_hours=24)
    seat = to_act(table)[0]
    wind_back(table, 25 * 3600)
    with pytest.raises(TableRefused) as refused:
        move(table, seat, [alice, bob], "key-a-day-late")
    assert refused.value.code == "out-of-time"
    table.refresh_from_db()
    assert table.result["winners"] == [1 - seat]


@pytest.mark.parametrize(
    "clock,field",
    [
        ({"clock_minutes": 5, "move_hours": 24}, "move_hours"),
        ({"clock_minutes": -1}, "clock_minutes"),
        ({"increment_seconds": 3}, "clock_minutes"),
        ({"move_hours": "24"}, "move_hours"),
    ],
)
def test_a_bad_clock_is_refused_naming_its_field(boxes, alice, clock, field):
    with pytest.raises(TableRefused) as refused:
        table_create(host=alice, game=BOMB, seats=["person", "person"], **clock)
    assert refused.value.code == "bad-clock" and refused.value.field == field
    assert not Table.objects.exists()


def test_reading_a_table_after_the_flag_fell_ends_it(live):
    wind_back(live, 301)
    from tables.services import table_touch

    table_touch(Table.objects.get(pk=live.pk))
    live.refresh_from_db()
    assert live.status == "over" and live.result["reason"] == "time"
    assert timezone.now() >= live.updated


def test_one_table_whose_clock_cannot_be_decided_does_not_stop_the_others(boxes, alice, bob, live):
    """A table whose log no longer replays (here a move no engine would take) is the longest overdue: the task
    logs it and looks again later, and every other table's flag still falls."""
    broken = make(alice, bob, clock_minutes=5)
    Move.objects.create(table=broken, seq=1, seat=0, kind="action", action={"type": "no-such-move"}, key="broken-1")
    Table.objects.filter(pk=broken.pk).update(seq=1)
    wind_back(broken, 900)
    wind_back(live, 400)
    assert flag_timed_out() == 1
    live.refresh_from_db()
    broken.refresh_from_db()
    assert live.status == "over" and live.result["reason"] == "time"
    assert broken.status == "playing" and broken.clock_deadline > timezone.now()

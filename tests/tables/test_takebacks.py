"""Take-backs in friendly play and rematches (docs/tables.md, "Take-backs", "Rematch"): the log keeps every row
and says which moves no longer count; only the people at the table may ask or answer."""

import pytest

from tables.models import Move
from tables.models import Seat
from tables.models import Table
from tables.positions import undoable_moves
from tables.selectors import log_since
from tables.selectors import table_seats
from tables.services import Actor
from tables.services import TableRefused
from tables.services import table_create
from tables.services import table_join
from tables.services import table_rematch
from tables.services import table_resign
from tables.services import table_takeback_answer
from tables.services import table_takeback_ask
from tests.tables.conftest import BOMB
from tests.tables.test_clocks import move
from tests.tables.test_clocks import state


def make(alice, bob, **options):
    made = table_create(host=alice, game=BOMB, seats=["person", "person"], seed=11, **options)
    table_join(table_id=made.pk, actor=Actor(user=bob))
    return Table.objects.get(pk=made.pk)


def test_the_other_player_agrees_and_the_move_no_longer_counts(moved, alice, bob):
    legal_before = state(moved, 0)["legal"]
    assert legal_before == []  # alice's card is chosen
    table_takeback_ask(table_id=moved.pk, actor=Actor(user=alice), after=1)
    shown = state(moved, 1)
    assert shown["offers"]["takeback"] == {"seat": 0, "undo": [1], "agreed": [0]}
    table_takeback_answer(table_id=moved.pk, actor=Actor(user=bob), agree=True)
    moved.refresh_from_db()
    assert moved.seq == 2 and moved.offers.get("takeback") is None
    rows = list(Move.objects.filter(table=moved).values_list("seq", "kind", "action"))
    assert rows[0][:2] == (1, "action")  # never deleted
    assert rows[1] == (2, "takeback", {"undo": [1]})
    mine = state(moved, 0)
    assert mine["legal"] and [s["to_act"] for s in mine["seats"]] == [True, True]  # alice chooses again


def test_a_refused_take_back_changes_nothing(moved, alice, bob):
    table_takeback_ask(table_id=moved.pk, actor=Actor(user=alice), after=1)
    table_takeback_answer(table_id=moved.pk, actor=Actor(user=bob), agree=False)
    moved.refresh_from_db()
    assert moved.seq == 1 and not moved.offers.get("takeback")
    assert state(moved, 0)["legal"] == []


def test_only_the_mover_asks_and_only_the_others_answer(moved, alice, bob, carol):
    with pytest.raises(TableRefused) as refused:
        table_takeback_ask(table_id=moved.pk, actor=Actor(user=bob), after=1)  # not bob's move
    assert refused.value.code == "nothing-to-take-back"
    for stranger in (Actor(user=carol), Actor()):
        with pytest.raises(TableRefused) as refused:
            table_takeback_ask(table_id=moved.pk, actor=stranger, after=1)
        assert refused.value.code == "not-your-seat" and refused.value.status_code == 403
    table_takeback_ask(table_id=moved.pk, actor=Actor(user=alice), after=1)
    for stranger in (Actor(user=carol), Actor(guest_token="not-a-seat")):
        with pytest.raises(TableRefused) as refused:
            table_takeback_answer(table_id=moved.pk, actor=stranger, agree=True)
        assert refused.value.code == "not-your-seat"
    with pytest.raises(TableRefused) as refused:
        table_takeback_answer(table_id=moved.pk, actor=Actor(user=alice), agree=True)
    assert refused.value.code == "own-offer"
    moved.refresh_from_db()
    assert moved.seq == 1 and moved.offers["takeback"]["agreed"] == [0]


def test_a_move_since_closes_the_take_back(moved, alice, bob):
    table_takeback_ask(table_id=moved.pk, actor=Actor(user=alice), after=1)
    move(moved, 1, [alice, bob], "bob-move-2")
    moved.refresh_from_db()
    assert not moved.offers.get("takeback")
    with pytest.raises(TableRefused) as refused:
        table_takeback_answer(table_id=moved.pk, actor=Actor(user=bob), agree=True)
    assert refused.value.code == "no-offer"
    with pytest.raises(TableRefused) as refused:  # bob moved since: too late for alice's
        table_takeback_ask(table_id=moved.pk, actor=Actor(user=alice), after=moved.seq)
    assert refused.value.code == "nothing-to-take-back"


def test_a_tournament_table_allows_no_take_backs(boxes, alice, bob):
    table = make(alice, bob, rules="tournament")
    move(table, 0, [alice, bob], "alice-move-1")
    with pytest.raises(TableRefused) as refused:
        table_takeback_ask(table_id=table.pk, actor=Actor(user=alice), after=1)
    assert refused.value.code == "no-takebacks"
    assert Move.objects.filter(table=table).count() == 1


def test_the_computer_agrees_at_once(boxes, alice):
    table = table_create(host=alice, game=BOMB, seats=["person", "computer"], seed=5)
    move(table, 0, [alice], "alice-move-1")
    table.refresh_from_db()
    last = table.seq
    table_takeback_ask(table_id=table.pk, actor=Actor(user=alice), after=last)
    table.refresh_from_db()
    assert table.seq > last
    undo = Move.objects.get(table=table, kind="takeback").action["undo"]
    assert 1 in undo and all(Move.objects.get(table=table, seq=n).kind == "action" for n in undo)
    assert state(table, 0)["legal"]  # alice's turn again


@pytest.mark.parametrize("window", [64, 1])
def test_a_socket_s_catch_up_offers_the_take_back_a_fresh_read_does(boxes, alice, monkeypatch, window):
    """A socket's catch-up reads only the moves it sends (tables.selectors.log_since) and judges the take-back from
    them where they reach back far enough (#31): the same answer as reading the last MAX_UNDO, from every point."""
    import tables.positions

    monkeypatch.setattr(tables.positions, "MAX_UNDO", window)  # 1: the computer's answer outruns the window
    table = table_create(host=alice, game=BOMB, seats=["person", "computer"], seed=5)
    for n in range(6):
        table.refresh_from_db()
        if table.status != "playing":
            break
        seats = table_seats(table)
        for after in range(table.seq + 1):
            since = log_since(table, after)
            for seat in (0, 1):
                assert undoable_moves(table, seats, seat, since) == undoable_moves(table, seats, seat), (after, seat)
        if state(table, 0)["legal"]:
            move(table, 0, [alice], f"alice-move-{n}")


# ------------------------------------------------------------------------------------------------ rematch


@pytest.fixture
def finished(boxes, alice, bob):
    table = make(alice, bob, clock_minutes=10, increment_seconds=5)
    table_resign(table_id=table.pk, actor=Actor(user=bob), after=0, key="bob-resigns-1")
    table.refresh_from_db()
    return table


def test_a_rematch_opens_once_both_accept(finished, alice, bob):
    _, made = table_rematch(table_id=finished.pk, actor=Actor(user=alice))
    assert made is None and state(finished, 1)["offers"]["rematch"] == {"agreed": [0]}
    _, made = table_rematch(table_id=finished.pk, actor=Actor(user=bob))
    assert made is not None and made.rematch_of_id == finished.pk
    assert (made.game, made.rules, made.clock_initial, made.clock_increment) == (BOMB, "friendly", 600, 5)
    assert made.status == "playing"
    assert list(Seat.objects.filter(table=made).values_list("user__username", flat=True)) == ["alice", "bob"]
    assert state(finished, 0)["rematch"] == str(made.pk)
    assert state(made, 0)["rematch_of"] == str(finished.pk)
    _, again = table_rematch(table_id=finished.pk, actor=Actor(user=alice))  # asked again: the same table
    assert again.pk == made.pk and Table.objects.count() == 2


def test_a_stranger_cannot_offer_a_rematch(finished, carol):
    for stranger in (Actor(user=carol), Actor()):
        with pytest.raises(TableRefused) as refused:
            table_rematch(table_id=finished.pk, actor=stranger)
        assert refused.value.code == "not-your-seat"
    finished.refresh_from_db()
    assert not finished.offers.get("rematch")


def test_a_rematch_waits_for_the_game_to_end(moved, alice):
    with pytest.raises(TableRefused) as refused:
        table_rematch(table_id=moved.pk, actor=Actor(user=alice))
    assert refused.value.code == "not-over"


def test_the_computer_always_accepts_a_rematch(boxes, alice):
    table = table_create(host=alice, game=BOMB, seats=["person", "computer"], seed=5)
    table_resign(table_id=table.pk, actor=Actor(user=alice), after=Table.objects.get(pk=table.pk).seq, key="resign-1")
    _, made = table_rematch(table_id=table.pk, actor=Actor(user=alice))
    assert made is not None and [s.kind for s in Seat.objects.filter(table=made)] == ["person", "computer"]


def test_the_replay_of_a_game_with_a_take_back_steps_through_to_its_end(moved, alice, bob):
    """The replay shows the move taken back, then the take-back, then the game as it went on (the table's own
    replay skips the undone move): every step's view is the table's position after it, page and API alike."""
    from django.test import Client

    from tables.positions import position
    from tables.replays import replay_step
    from tables.selectors import table_seats

    table_takeback_ask(table_id=moved.pk, actor=Actor(user=alice), after=1)
    table_takeback_answer(table_id=moved.pk, actor=Actor(user=bob), agree=True)
    for n, seat in enumerate((0, 1, 0, 1)):
        if state(moved, seat)["legal"]:
            move(moved, seat, [alice, bob], f"after-takeback-{n}")
    moved.refresh_from_db()
    table_resign(table_id=moved.pk, actor=Actor(user=bob), after=moved.seq, key="bob-resigns-1")
    moved.refresh_from_db()
    client = Client()
    client.force_login(alice)
    body = client.get(f"/api/v1/tables/{moved.pk}/replay/").json()
    assert [s["step"] for s in body["steps"]] == list(range(1, moved.seq + 1))
    seats = table_seats(moved)
    for step in body["steps"][1:]:  # from the take-back on, the game is the log without the undone move
        played = position(moved, seats, step["step"])
        assert step["view"] == played.engine.view(played.state, None)
        assert replay_step(moved, seats, step["step"])["view"] == step["view"]
    assert client.get(f"/tables/{moved.pk}/replay/?step=3").status_code == 200

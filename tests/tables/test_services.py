"""The move log (docs/tables.md): seq and idempotency keys, refusals that change nothing, the computer moving
through the same service, and each seat's view from the engine."""

import pytest

from tables.models import Move
from tables.models import Table
from tables.selectors import move_messages
from tables.selectors import seat_state
from tables.selectors import table_seats
from tables.services import Actor
from tables.services import TableRefused
from tables.services import table_create
from tables.services import table_join
from tables.services import table_move
from tables.services import table_resign
from tests.tables.conftest import BOMB


@pytest.fixture
def table(boxes, alice, bob):
    made = table_create(host=alice, game=BOMB, seats=["person", "person"], seed=11)
    table_join(table_id=made.pk, actor=Actor(user=bob))
    return Table.objects.get(pk=made.pk)


def to_act(table):
    state = seat_state(table, table_seats(table), None)
    return [s["index"] for s in state["seats"] if s["to_act"]]


def legal_for(table, seat):
    return seat_state(table, table_seats(table), seat)["legal"]


def actor_at(table, seat, alice, bob):
    return Actor(user=alice if seat == 0 else bob)


def play_one(table, alice, bob, key):
    table.refresh_from_db()
    seat = to_act(table)[0]
    action = legal_for(table, seat)[0]
    return table_move(
        table_id=table.pk, actor=actor_at(table, seat, alice, bob), after=table.seq, key=key, action=action
    )


def test_it_starts_once_every_seat_is_taken_and_a_move_appends_seq_one(table, alice, bob):
    assert table.status == "playing" and table.seq == 0
    outcome = play_one(table, alice, bob, "key-00000001")
    table.refresh_from_db()
    assert [m.seq for m in outcome.moves] == [1] and table.seq == 1
    assert Move.objects.filter(table=table).count() == 1


def test_it_applies_a_move_sent_twice_once(table, alice, bob):
    first = play_one(table, alice, bob, "same-key-1")
    table.refresh_from_db()
    move = Move.objects.get(table=table)
    again = table_move(
        table_id=table.pk, actor=actor_at(table, move.seat, alice, bob), after=0, key="same-key-1", action=move.action
    )
    assert again.duplicate and again.moves[0].seq == first.moves[0].seq
    assert Move.objects.filter(table=table).count() == 1


def test_it_refuses_a_stale_move_and_changes_nothing(table, alice, bob):
    play_one(table, alice, bob, "key-00000001")
    table.refresh_from_db()
    seat = to_act(table)[0]
    action = legal_for(table, seat)[0]
    with pytest.raises(TableRefused) as refused:
        table_move(
            table_id=table.pk, actor=actor_at(table, seat, alice, bob), after=0, key="key-00000002", action=action
        )
    assert refused.value.code == "stale" and refused.value.status_code == 409
    assert Move.objects.filter(table=table).count() == 1


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "fly-away"}, "illegal-action"),
        ({"type": "battle", "cards": ["Nobody"]}, "illegal-action"),
        ("battle", "bad-action"),
        ({"cards": []}, "bad-action"),
        ({"type": "pass", "seat": 1}, "bad-action"),
    ],
)
def test_it_refuses_an_illegal_or_malformed_action_with_a_code(table, alice, bob, action, code):
    seat = to_act(table)[0]
    with pytest.raises(TableRefused) as refused:
        table_move(
            table_id=table.pk, actor=actor_at(table, seat, alice, bob), after=0, key="key-00000003", action=action
        )
    assert refused.value.code == code
    assert not Move.objects.filter(table=table).exists()


def test_it_refuses_the_seat_not_to_act_and_a_spectator(table, alice, bob, charlie):
    seat = to_act(table)[0]
    other = 1 - seat
    action = legal_for(table, seat)[0]
    with pytest.raises(TableRefused) as not_turn:
        table_move(
            table_id=table.pk, actor=actor_at(table, other, alice, bob), after=0, key="key-00000004", action=action
        )
    assert not_turn.value.code in {"not-your-turn", "illegal-action"}
    with pytest.raises(TableRefused) as watching:
        table_move(table_id=table.pk, actor=Actor(user=charlie), after=0, key="key-00000005", action=action)
    assert watching.value.code == "not-your-seat" and watching.value.status_code == 403
    assert not Move.objects.filter(table=table).exists()


def test_a_key_cannot_replay_another_seats_move(table, alice, bob):
    outcome = play_one(table, alice, bob, "shared-key-1")
    mover = outcome.moves[0].seat
    with pytest.raises(TableRefused) as refused:
        table_move(
            table_id=table.pk,
            actor=actor_at(table, 1 - mover, alice, bob),
            after=1,
            key="shared-key-1",
            action={"type": "x"},
        )
    assert refused.value.code == "bad-key"


def test_a_game_against_the_computer_moves_the_computer_through_the_log_to_the_end(
    boxes, alice, settings, django_capture_on_commit_callbacks
):
    settings.TABLES_MOVES_PER_MINUTE = 100_000
    table = table_create(host=alice, game=BOMB, seats=["person", "computer"], seed=5)
    assert table.status == "playing"
    me = Actor(user=alice)
    for n in range(3000):
        table.refresh_from_db()
        if table.status == "over":
            break
        legal = legal_for(table, 0)
        assert legal, "the person must act whenever the computer has stopped"
        with django_capture_on_commit_callbacks(execute=True):  # as after a commit: the position is kept
            table_move(table_id=table.pk, actor=me, after=table.seq, key=f"alice-move-{n}", action=legal[-1])
    table.refresh_from_db()
    assert table.status == "over" and table.result["reason"]
    seats = list(Move.objects.filter(table=table).values_list("seat", flat=True))
    assert 1 in seats and 0 in seats
    assert list(Move.objects.filter(table=table).values_list("seq", flat=True)) == list(range(1, table.seq + 1))


def test_each_seat_sees_its_own_hand_and_a_spectator_none(table, alice, bob):
    seats = table_seats(table)
    mine = seat_state(table, seats, 0)["view"]
    theirs = seat_state(table, seats, 1)["view"]
    watching = seat_state(table, seats, None)
    assert mine != theirs
    assert "seed" not in str(watching) and watching["legal"] == []
    from tables.positions import position

    played = position(table, seats)
    secret = played.engine.secret_ids(played.state, None)
    assert secret, "a dealt game hides some cards from a spectator"
    assert not any(card_id in str(watching["view"]) for card_id in secret)


def test_a_resignation_ends_the_game_for_the_other_seat(table, alice, bob):
    table_resign(table_id=table.pk, actor=Actor(user=bob), after=0, key="resign-bob-1")
    table.refresh_from_db()
    assert table.status == "over" and table.result["winners"] == [0] and table.result["reason"] == "resigned"
    with pytest.raises(TableRefused) as refused:
        table_move(table_id=table.pk, actor=Actor(user=alice), after=1, key="too-late-1", action={"type": "pass"})
    assert refused.value.code == "not-playing"
    assert Move.objects.filter(table=table).count() == 1


def test_move_messages_name_what_the_viewer_sees_and_catch_up_from_a_seq(table, alice, bob):
    for n in range(3):
        play_one(table, alice, bob, f"key-catchup-{n}")
    table.refresh_from_db()
    seats = table_seats(table)
    assert [m["seq"] for m in move_messages(table, seats, 0, 1)] == [2, 3]
    assert move_messages(table, seats, 1, 3) == []


def test_guests_join_only_where_the_host_allows(boxes, alice):
    closed = table_create(host=alice, game=BOMB, seats=["person", "person"])
    with pytest.raises(TableRefused) as refused:
        table_join(table_id=closed.pk, actor=Actor(), guest_name="Sam")
    assert refused.value.code == "no-guests"
    open_ = table_create(host=alice, game=BOMB, seats=["person", "person"], allow_guests=True)
    seat, token = table_join(table_id=open_.pk, actor=Actor(), guest_name="Sam")
    assert seat.index == 1 and token and seat.name == "Sam (guest)"
    assert Table.objects.get(pk=open_.pk).status == "playing"


def test_a_flood_of_moves_from_one_player_is_refused_past_the_budget(table, alice, bob, settings):
    settings.TABLES_MOVES_PER_MINUTE = 2
    play_one(table, alice, bob, "budget-key-1")
    play_one(table, alice, bob, "budget-key-2")
    codes = set()
    for n in range(3, 7):
        try:
            play_one(table, alice, bob, f"budget-key-{n}")
        except TableRefused as refused:
            codes.add(refused.code)
    assert "too-fast" in codes
    # the refusals appended nothing past what the budget allowed (two moves each for alice and bob at most)
    assert Move.objects.filter(table=table).count() <= 4

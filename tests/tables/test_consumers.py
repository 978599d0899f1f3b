"""The table's WebSocket against hostile clients (docs/tables.md, "The protocol"), with the real database and
the in-memory channel layer: every bad message is refused with a code, the table unchanged, other tables too."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from cardsite.asgi import application
from tables.models import Move
from tables.models import Table
from tables.positions import position
from tables.positions import replay_moves
from tables.selectors import seat_state
from tables.selectors import table_seats
from tables.services import Actor
from tables.services import table_create
from tables.services import table_join
from tables.services import table_move
from tests.tables.conftest import BOMB

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = b"http://localhost"


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


class Socket:
    """A communicator that reads JSON, and what arrived until a `state`."""

    def __init__(self, table_id, cookie="", origin=ORIGIN):
        headers = [(b"origin", origin)] if origin else []
        if cookie:
            headers.append((b"cookie", cookie.encode()))
        self.com = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)

    async def open(self):
        connected, code = await self.com.connect(timeout=10)
        return connected, code

    async def send(self, message):
        await self.com.send_to(text_data=message if isinstance(message, str) else json.dumps(message))

    async def read(self):
        return json.loads(await self.com.receive_from(timeout=10))

    async def until_state(self):
        got = []
        while True:
            message = await self.read()
            got.append(message)
            if message["type"] in ("state", "refused"):
                return got

    async def close(self):
        await self.com.disconnect()


@pytest.fixture
def table(boxes, alice, bob):
    made = table_create(host=alice, game=BOMB, seats=["person", "person"], seed=11)
    table_join(table_id=made.pk, actor=Actor(user=bob))
    return Table.objects.get(pk=made.pk)


def hand_ids(table, seat):
    seats = table_seats(table)
    played = position(table, seats)
    everyone_but = played.engine.secret_ids(played.state, None)
    mine = set(everyone_but) - set(played.engine.secret_ids(played.state, seat))
    return mine


@pytest.fixture
def cookies(alice, bob, charlie):
    """Each persona's session cookie, made before the test's event loop runs (a session is a database row)."""
    return {"alice": session_cookie(alice), "bob": session_cookie(bob), "charlie": session_cookie(charlie)}


def run(coroutine_function):
    return async_to_sync(coroutine_function)()


def test_each_seat_gets_its_view_and_a_spectator_never_a_hand_card(cookies, table, alice, bob, charlie):
    hand = hand_ids(table, 0)
    assert hand, "seat 0 holds cards only it may see"

    async def scenario():
        seen = {}
        for name in ("alice", "charlie", "anonymous"):
            sock = Socket(table.pk, cookies.get(name, ""))
            assert (await sock.open())[0]
            await sock.send({"type": "hello", "after": 0})
            state = (await sock.until_state())[-1]
            seen[name] = json.dumps(state)
            await sock.close()
        return seen

    seen = run(scenario)
    assert any(card_id in seen["alice"] for card_id in hand)
    for watcher in ("charlie", "anonymous"):
        assert not any(card_id in seen[watcher] for card_id in hand)
        state = json.loads(seen[watcher])
        # The seed would let a watcher deal the game again: no "seed" anywhere in what they are sent (a check by
        # key: the number itself, 11, turns up in the table's random id about one time in eight).
        assert state["you"] is None and not _keys_named(state, "seed")


def _keys_named(value, name):
    if isinstance(value, dict):
        return [k for k in value if k == name] + [x for v in value.values() for x in _keys_named(v, name)]
    if isinstance(value, list):
        return [x for v in value for x in _keys_named(v, name)]
    return []


def test_a_move_is_acked_broadcast_to_the_other_seat_and_a_replay_is_not_applied_twice(cookies, table, alice, bob):
    async def scenario():
        a, b = Socket(table.pk, cookies["alice"]), Socket(table.pk, cookies["bob"])
        await a.open()
        await b.open()
        for s in (a, b):
            await s.send({"type": "hello", "after": 0})
        states = [(await a.until_state())[-1], (await b.until_state())[-1]]
        mover, other = (a, b) if states[0]["legal"] else (b, a)
        action = (states[0] if states[0]["legal"] else states[1])["legal"][0]
        await mover.send({"type": "move", "after": 0, "key": "ws-key-0001", "action": action})
        ack = await mover.read()
        caught_up = await mover.until_state()  # its own move in words, then its new view
        heard = await other.until_state()
        await mover.send({"type": "move", "after": 0, "key": "ws-key-0001", "action": action})
        replayed = await mover.read()
        assert await mover.com.receive_nothing(timeout=0.3), "a replayed move sends no second move"
        await mover.send({"type": "move", "after": 0, "key": "ws-key-0002", "action": action})
        stale = await mover.read()
        for s in (a, b):
            await s.close()
        return ack, caught_up, heard, replayed, stale

    ack, caught_up, heard, replayed, stale = run(scenario)
    assert [m["type"] for m in caught_up] == ["move", "state"]
    assert ack == {"type": "ack", "key": "ws-key-0001", "seq": 1, "duplicate": False}
    assert heard[0]["type"] == "move" and heard[0]["seq"] == 1 and heard[0]["words"]
    assert heard[-1]["type"] == "state" and heard[-1]["seq"] == 1
    assert replayed["type"] == "ack" and replayed["duplicate"] and replayed["seq"] == 1
    assert stale["code"] == "stale"
    assert Move.objects.filter(table=table).count() == 1


def test_hostile_messages_are_refused_and_change_nothing(cookies, table, alice, bob, charlie, boxes):
    other_table = table_create(host=charlie, game=BOMB, seats=["person", "computer"], seed=3)
    other_before = Table.objects.get(pk=other_table.pk).seq

    async def scenario():
        out = {}
        spectator = Socket(table.pk, cookies["charlie"])
        await spectator.open()
        await spectator.send({"type": "move", "after": 0, "key": "spectator-1", "action": {"type": "pass"}})
        out["spectator"] = await spectator.read()
        await spectator.send("{not json")
        out["malformed"] = await spectator.read()
        await spectator.send("[1, 2]")
        out["not-object"] = await spectator.read()
        await spectator.send({"type": "shout", "text": "hi"})
        out["bad-type"] = await spectator.read()
        await spectator.send({"type": "phrase", "phrase": 0})
        out["phrase"] = await spectator.read()
        await spectator.close()

        seats = [Socket(table.pk, cookies["alice"]), Socket(table.pk, cookies["bob"])]
        for s in seats:
            await s.open()
        # a move for the other seat: each player sends the one who must act's action as their own
        await seats[1].send({"type": "move", "after": 0, "key": "for-other-1", "action": {"type": "pass"}})
        await seats[0].send({"type": "move", "after": 0, "key": "for-other-2", "action": {"type": "pass"}})
        out["other-seat"] = [await seats[1].read(), await seats[0].read()]
        await seats[0].send({"type": "move", "after": "zero", "key": "x", "action": {}})
        out["bad-after"] = await seats[0].read()
        for s in seats:
            await s.close()

        big = Socket(table.pk, cookies["alice"])
        await big.open()
        await big.send("x" * 1_000_000)
        out["too-big"] = await big.read()
        out["too-big-closed"] = await big.com.receive_output(timeout=5)
        return out

    out = run(scenario)
    assert out["spectator"]["code"] == "not-your-seat"
    assert out["malformed"]["code"] == "bad-json" and out["not-object"]["code"] == "bad-json"
    assert out["bad-type"]["code"] == "bad-type" and out["phrase"]["code"] == "not-your-seat"
    codes = {m["code"] for m in out["other-seat"]}
    assert codes <= {"not-your-turn", "illegal-action"} and codes
    assert out["bad-after"]["code"] in {"bad-key", "bad-after"}
    assert out["too-big"]["code"] == "too-big"
    assert out["too-big-closed"] == {"type": "websocket.close", "code": 1009}
    assert not Move.objects.filter(table=table).exists()
    assert Table.objects.get(pk=other_table.pk).seq == other_before


def test_a_flood_of_messages_is_refused_past_the_socket_rate(cookies, table, alice, settings):
    settings.TABLES_MESSAGES_PER_SECOND = 3

    async def scenario():
        sock = Socket(table.pk, cookies["alice"])
        await sock.open()
        for _ in range(8):
            await sock.send({"type": "phrase", "phrase": 99})
        got = [await sock.read() for _ in range(8)]
        await sock.close()
        return got

    codes = [m["code"] for m in run(scenario)]
    assert "too-fast" in codes and "bad-phrase" in codes


def test_a_socket_from_another_origin_or_for_no_table_is_turned_away(cookies, table, alice):
    async def scenario():
        evil = Socket(table.pk, cookies["alice"], origin=b"https://evil.example")
        refused = await evil.open()
        nowhere = Socket("00000000-0000-0000-0000-000000000000", cookies["alice"])
        missing = await nowhere.open()
        return refused, missing

    refused, missing = run(scenario)
    assert refused[0] is False
    assert missing[0] is False


def test_a_reconnecting_client_gets_exactly_the_moves_it_missed(cookies, table, alice, bob, settings):
    from tables.selectors import seat_state
    from tables.services import table_move

    settings.TABLES_MOVES_PER_MINUTE = 1000
    for n in range(4):
        table.refresh_from_db()
        seats = table_seats(table)
        for seat, user in ((0, alice), (1, bob)):
            legal = seat_state(table, seats, seat)["legal"]
            if legal:
                table_move(
                    table_id=table.pk, actor=Actor(user=user), after=table.seq, key=f"catch-up-{n}", action=legal[0]
                )
                break
    table.refresh_from_db()
    assert table.seq == 4

    async def scenario():
        sock = Socket(table.pk, cookies["bob"])
        await sock.open()
        await sock.send({"type": "hello", "after": 2})
        got = await sock.until_state()
        await sock.close()
        return got

    got = run(scenario)
    assert [m["seq"] for m in got if m["type"] == "move"] == [3, 4]
    assert got[-1]["type"] == "state" and got[-1]["seq"] == 4


def test_a_take_back_over_the_socket_rebuilds_every_seat_s_view(cookies, table, alice, bob, charlie):
    first = seat_state(table, table_seats(table), 0)["legal"][0]
    table_move(table_id=table.pk, actor=Actor(user=alice), after=0, key="alice-move-1", action=first)

    async def scenario():
        a, b, c = (Socket(table.pk, cookies[n]) for n in ("alice", "bob", "charlie"))
        for s in (a, b, c):
            await s.open()
            await s.send({"type": "hello", "after": 1})
            await s.until_state()
        await c.send({"type": "takeback", "after": 1})
        spectator = await c.read()
        await a.send({"type": "takeback", "after": 1})
        asked = (await b.until_state())[-1]
        await b.send({"type": "takeback-answer", "agree": "yes"})
        malformed = await b.read()
        await b.send({"type": "takeback-answer", "agree": True})
        rebuilt = await a.until_state()
        while rebuilt[-1]["seq"] < 2:  # the states of the ask come first
            rebuilt = await a.until_state()
        for s in (a, b, c):
            await s.close()
        return spectator, asked, malformed, rebuilt

    spectator, asked, malformed, rebuilt = run(scenario)
    assert spectator["type"] == "refused" and spectator["code"] == "not-your-seat"
    assert asked["offers"]["takeback"]["seat"] == 0
    assert malformed["code"] == "bad-agree"
    state = [m for m in rebuilt if m["type"] == "state"][-1]
    assert state["seq"] >= 2 and state["legal"] and not state["offers"]["takeback"]
    assert Move.objects.filter(table=table, kind="takeback").count() == 1


@pytest.mark.parametrize("rules", ["friendly", "tournament"])
def test_after_a_move_every_socket_gets_from_the_kept_commit_its_own_view_as_a_fresh_read_gives_it(
    cookies, boxes, alice, bob, charlie, monkeypatch, rules
):
    """#31: after a move, this process's sockets of the table catch up from the move's commit as it kept it
    (tables.positions.committed), not each from the database. Each still gets its own seat's view: the one a
    fresh replay of the log gives at that move, never a card only another seat may see; a spectator the
    spectator's view, some moves behind at a tournament table; and no socket's state goes back in time."""
    import tables.consumers

    made = table_create(host=alice, game=BOMB, seats=["person", "person"], seed=11, rules=rules)
    table_join(table_id=made.pk, actor=Actor(user=bob))
    reads = []
    real_read = tables.consumers.table_with_seats
    monkeypatch.setattr(tables.consumers, "table_with_seats", lambda **kw: reads.append(1) or real_read(**kw))
    names = ("alice", "bob", "charlie", "anonymous")

    async def scenario():
        socks = {name: Socket(made.pk, cookies.get(name, "")) for name in names}
        got = {name: [] for name in names}
        for name, sock in socks.items():
            assert (await sock.open())[0]
            await sock.send({"type": "hello", "after": 0})
            got[name] += await sock.until_state()
        hellos = len(reads)
        for n in range(8):
            players = {name: [m for m in got[name] if m["type"] == "state"][-1] for name in ("alice", "bob")}
            mover = next((name for name, s in players.items() if s["legal"]), None)
            if mover is None or players[mover]["status"] != "playing":
                break
            state = players[mover]
            await socks[mover].send(
                {"type": "move", "after": state["seq"], "key": f"kept-{n:04d}", "action": state["legal"][0]}
            )
            for name in ("alice", "bob"):  # each player's socket: the moves, then its state at the new seq
                while True:
                    message = await socks[name].read()
                    got[name].append(message)
                    if message["type"] == "state" and message["seq"] > state["seq"]:
                        break
        for name in ("charlie", "anonymous"):  # the spectators: whatever came, all of it
            while not await socks[name].com.receive_nothing(timeout=0.5):
                got[name].append(await socks[name].read())
        for sock in socks.values():
            await sock.close()
        return got, hellos

    got, hellos = run(scenario)
    assert len(reads) == hellos, "after the hellos every catch-up came from the kept commits"
    table = Table.objects.get(pk=made.pk)
    seats = table_seats(table)
    log = list(Move.objects.filter(table=table).order_by("seq"))
    assert table.seq >= 6
    you = {"alice": 0, "bob": 1, "charlie": None, "anonymous": None}
    for name, messages in got.items():
        states = [m for m in messages if m["type"] == "state"]
        assert [s["seq"] for s in states] == sorted(s["seq"] for s in states), f"{name} went back in time"
        assert states[-1]["seq"] == (table.seq if you[name] is not None else table.seq - table.spectator_delay)
        for state in states:
            fresh = replay_moves(table, seats, [m for m in log if m.seq <= state["seq"]])  # not the cache
            seat = you[name]
            assert state["you"] == seat
            assert state["view"] == json.loads(json.dumps(fresh.engine.view(fresh.state, seat)))
            assert state["legal"] == (json.loads(json.dumps(fresh.engine.legal(fresh.state).get(seat, []))))
            # the engine's view for this seat is all it may see: the view of another seat (a hand) differs from it
            others = [fresh.engine.view(fresh.state, v) for v in (0, 1, None) if v != seat]
            assert all(state["view"] != json.loads(json.dumps(other)) for other in others)
        if you[name] is None and rules == "tournament":
            assert all(s["seq"] <= table.seq - table.spectator_delay for s in states)

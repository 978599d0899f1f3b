"""Online tables (docs/tables.md): the cost of a move in the server, and moves broadcast to the other seat
over the table's WebSocket, with many tables at once.

Run with `.venv/bin/python bench/tables.py [--tables N] [--moves M] [--clock MINUTES] [--pace SECONDS]`
(`--tables 5 --moves 5` for a quick run; `--clock 30`: every table with a live 30-minute clock, charged in each
move's transaction; `--pace 5`: each table moves at most once every 5 seconds, as people do, instead of all
tables flooding at once, where the time to the other seat is only the queue of every table's moves).

A throwaway database (SQLite unless DATABASE_URL names PostgreSQL) with the starter catalogs loaded through the
real loader; tables of Book of Mormon Battles (the rules' Shorter Game) between two people.

1. The cost of a move: `tables.services.table_move` (lock, key check, the position from this process's cache,
   the engine's check and apply, the insert, the table's update, the commit), median over the moves of one
   table, beside the baseline in the same process on the same moves: the engine's `apply` alone. And a cold
   move: the same service with the position cache emptied first (a replay of the whole log).
2. Broadcast: every table's two players connected to `cardsite.asgi` through channels' in-process
   communicator (the real consumer, the real database, the in-memory channel layer; no TCP, one process);
   once every socket has connected and caught up (timed apart), the tables play at once, each move sent by
   the seat to act and timed until the other seat's socket has the new `state`. Median and p99 of that time,
   and moves a second over all tables.
   What this is not: the goal's measurement (500 tables, 1,000 connections on a 2-core box over TCP against
   daphne processes sharing Redis), which needs a WebSocket load client over the network: not built yet.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.in_process import django_environment
from bench.in_process import throwaway_database

GAME = "book-of-mormon-battles"


def setup_tables(count: int, clock: int = 0):
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from tables.services import Actor
    from tables.services import table_create
    from tables.services import table_join
    from tests.decks.battles.conftest import load_starter_catalogs

    settings.TABLES_MOVES_PER_MINUTE = 10**9
    # The players' passwords are never checked (their sessions come from force_login): a fast hasher sets up 500
    # tables in seconds instead of minutes. Nothing timed here hashes a password.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TABLES_MESSAGES_PER_SECOND = 10**6
    load_starter_catalogs()
    users = get_user_model().objects
    made = []
    for n in range(count):
        a = users.create_user(f"bench-a{n}", password="x")
        b = users.create_user(f"bench-b{n}", password="x")
        table = table_create(
            host=a, game=GAME, seats=["person", "person"], variant="shorter-game", seed=n, clock_minutes=clock
        )
        table_join(table_id=table.pk, actor=Actor(user=b))
        cookies = []
        for user in (a, b):
            client = Client()
            client.force_login(user)
            cookies.append(f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}")
        made.append((table.pk, (a, b), cookies))
    return made


def move_cost(table_id, users, moves: int) -> None:
    from tables.models import Table
    from tables.positions import forget_positions
    from tables.positions import position
    from tables.selectors import seat_state
    from tables.selectors import table_seats
    from tables.services import Actor
    from tables.services import table_move

    service, cold, played_actions = [], [], []
    for n in range(moves):
        table = Table.objects.get(pk=table_id)
        if table.status != "playing":
            break
        seats = table_seats(table)
        seat = next(s for s in (0, 1) if seat_state(table, seats, s)["legal"])
        action = seat_state(table, seats, seat)["legal"][0]
        if n % 5 == 4:
            forget_positions()
        start = time.perf_counter()
        table_move(
            table_id=table_id, actor=Actor(user=users[seat]), after=table.seq, key=f"bench-{n:06d}", action=action
        )
        (cold if n % 5 == 4 else service).append((time.perf_counter() - start) * 1000)
        played_actions.append((seat, action))
    # the baseline: the same moves applied by the engine alone, on a fresh deal
    table = Table.objects.get(pk=table_id)
    engine_ms = []
    from tables.positions import replay_moves

    played = replay_moves(table, table_seats(table), [])
    for seat, action in played_actions:
        start = time.perf_counter()
        played.engine.apply(played.state, seat, action)
        engine_ms.append((time.perf_counter() - start) * 1000)
    del position
    med, base = statistics.median(service), statistics.median(engine_ms)
    print(f"a move in the service: median {med:.2f} ms over {len(service)} moves (position cached)")
    if cold:
        print(f"a move after the cache was emptied (the log replayed): median {statistics.median(cold):.2f} ms")
    print(f"baseline, the engine's apply alone: median {base:.3f} ms; service/engine {med / base:.0f}x")


async def play_table(
    table_id, cookies, moves: int, latencies: list[float], pace: float = 0.0, ready: asyncio.Barrier | None = None
) -> int:
    from channels.testing import WebsocketCommunicator

    from cardsite.asgi import application

    socks = []
    for cookie in cookies:
        com = WebsocketCommunicator(
            application,
            f"/ws/tables/{table_id}/",
            headers=[(b"origin", b"http://localhost"), (b"cookie", cookie.encode())],
        )
        connected, _ = await com.connect(timeout=30)
        assert connected
        await com.send_to(text_data=json.dumps({"type": "hello", "after": 0}))
        socks.append(com)
    states = []
    for com in socks:
        while True:
            message = json.loads(await com.receive_from(timeout=30))
            if message["type"] == "state":
                states.append(message)
                break
    if ready is not None:  # every table connected and caught up before any moves: the moves are timed alone
        await ready.wait()
    made = 0
    loop = asyncio.get_running_loop()
    # --pace: this table's moves at most one every `pace` seconds, from a random moment of the first period (as
    # people playing, not a flood); 0: each move as soon as the last one's state is in.
    due = loop.time() + random.random() * pace
    for n in range(moves):
        if states[0]["status"] != "playing":
            break
        if pace:
            await asyncio.sleep(max(0.0, due - loop.time()))
            due += pace
        seat = 0 if states[0]["legal"] else 1
        other = 1 - seat
        seq = states[seat]["seq"]
        start = time.perf_counter()
        await socks[seat].send_to(
            text_data=json.dumps(
                {
                    "type": "move",
                    "after": seq,
                    "key": f"b-{table_id.hex[:8]}-{n:05d}",
                    "action": states[seat]["legal"][0],
                }
            )
        )
        while True:  # the other seat's socket: its new state
            message = json.loads(await socks[other].receive_from(timeout=60))
            if message["type"] == "state" and message["seq"] > seq:
                states[other] = message
                break
        latencies.append((time.perf_counter() - start) * 1000)
        while True:  # the mover's own socket: ack, the move, its new state
            message = json.loads(await socks[seat].receive_from(timeout=60))
            if message["type"] == "state" and message["seq"] > seq:
                states[seat] = message
                break
            if message["type"] == "refused":
                raise AssertionError(message)
        made += 1
    for com in socks:
        await com.disconnect()
    return made


async def broadcast(tables, moves: int, pace: float = 0.0) -> None:
    latencies: list[float] = []
    start = time.perf_counter()
    ready = asyncio.Barrier(len(tables) + 1)

    async def timed() -> float:
        await ready.wait()
        return time.perf_counter()

    *counts, began = await asyncio.gather(
        *(play_table(tid, cookies, moves, latencies, pace, ready) for tid, _users, cookies in tables), timed()
    )
    elapsed = time.perf_counter() - began
    print(f"{2 * len(tables)} sockets connected and caught up in {began - start:.1f} s")
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    paced = f", each table a move every {pace:g} s at most" if pace else ""
    print(
        f"{len(tables)} tables ({2 * len(tables)} sockets) at once{paced}: {sum(counts)} moves in {elapsed:.1f} s "
        f"({sum(counts) / elapsed:.0f} moves/s); to the other seat: median {statistics.median(latencies):.1f} ms, "
        f"p99 {p99:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--clock", type=int, default=0, help="A live clock of this many minutes (0: none).")
    parser.add_argument(
        "--pace", type=float, default=0.0, help="Each table moves at most once every this many seconds (0: at once)."
    )
    args = parser.parse_args()
    django_environment()
    with throwaway_database():
        tables = setup_tables(args.tables + 1, args.clock)
        first, rest = tables[0], tables[1:]
        move_cost(first[0], first[1], max(args.moves, 40))
        from asgiref.sync import async_to_sync

        async_to_sync(broadcast)(rest, args.moves, args.pace)


if __name__ == "__main__":
    main()

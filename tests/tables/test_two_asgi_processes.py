"""Two ASGI processes on two ports sharing Redis (issue #31; docs/deploy.md, "The tables' sockets"): alice's
socket is served by one daphne, bob's by another, and each hears the other's moves through the Redis channel
layer. Mid-game the process serving alice is killed (SIGKILL) just after she sends a move: she reconnects to the
other process, says where she was, sends the same move again with its key, and the game goes on to its end. The
log then holds every move once, numbered without a gap, and each player heard every move exactly once.

Real parts only: two daphne processes, Redis, the test's own database (PostgreSQL: the embedded SQLite test
database lives in this process's memory, so the test runs in the PostgreSQL and Redis lane and says so here)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.test import Client
from websockets.asyncio import client as websockets

from tables.models import Move
from tables.models import Table
from tables.models import TableStatus
from tables.services import Actor
from tables.services import table_create
from tables.services import table_join
from tests.conftest import ROOT
from tests.tables.conftest import BOMB

pytestmark = pytest.mark.django_db(transaction=True)
REDIS = "redis://127.0.0.1:6379/13"


def _redis_up() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Daphne:
    """One ASGI process serving cardsite.asgi on `port`, its channel layer on Redis, the test's database."""

    def __init__(self, log: Path):
        self.port = _free_port()
        env = {
            **os.environ,
            "DATABASE_URL": _database_url(),
            "CHANNEL_LAYER_URL": REDIS,
            "SECRET_KEY": settings.SECRET_KEY,
            "DJANGO_SETTINGS_MODULE": "cardsite.settings",
            # A whole game of the box is some 400 moves, played here as fast as the sockets answer: past the
            # players' 120 a minute (that limit has tests of its own).
            "TABLES_MOVES_PER_MINUTE": "100000",
            "TABLES_MESSAGES_PER_SECOND": "1000",
        }
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), "cardsite.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log.open("wb"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        self.kill()
        pytest.fail(f"daphne did not start on {self.port}:\n{log.read_text()[-3000:]}")

    def kill(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


@pytest.fixture
def two_daphnes(tmp_path):
    if connection.vendor != "postgresql" or not _redis_up():
        pytest.skip("needs PostgreSQL and Redis (the second CI run): both processes must reach the test's data")
    redis.Redis.from_url(REDIS).flushdb()
    first, second = Daphne(tmp_path / "first.log"), Daphne(tmp_path / "second.log")
    yield first, second
    first.kill()
    second.kill()


def _cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


class Player:
    """A client as static/js/table.js behaves: hello with the last seq seen, a move on each state that offers one,
    the unanswered move sent again with its key after a reconnect."""

    def __init__(self, name: str, cookie: str, table_id, port: int):
        self.name, self.cookie, self.table_id, self.port = name, cookie, table_id, port
        self.seen = 0
        self.heard: list[int] = []  # every move's seq this player was sent, in order
        self.pending: dict | None = None
        self.sent = 0
        self.ws = None
        self.status = ""
        self.last_state: dict | None = None

    async def connect(self, port: int) -> None:
        self.port = port
        self.seen = max([self.seen, *self.heard])
        self.ws = await websockets.connect(
            f"ws://127.0.0.1:{port}/ws/tables/{self.table_id}/",
            origin=f"http://127.0.0.1:{port}",
            additional_headers={"Cookie": self.cookie},
            open_timeout=20,
        )
        await self.ws.send(json.dumps({"type": "hello", "after": self.seen}))
        if self.pending is not None:
            await self.ws.send(json.dumps(self.pending))

    async def step(self) -> dict:
        """Handle one message from the server; answers it."""
        message = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
        kind = message["type"]
        if kind == "move":
            self.heard.append(message["seq"])
        elif kind == "ack" and self.pending and message["key"] == self.pending["key"]:
            self.pending = None
        elif kind == "refused" and self.pending and message.get("key") == self.pending["key"]:
            if message["code"] == "retry":
                await self.ws.send(json.dumps(self.pending))
            else:  # stale: another move came first; its state may have come already, else it is on its way
                after, self.pending = self.pending["after"], None
                if self.last_state and self.last_state["seq"] > after:
                    await self.act(self.last_state)
        elif kind == "state":
            self.seen, self.status, self.last_state = message["seq"], message["status"], message
            if self.pending is None:
                await self.act(message)
        return message

    async def act(self, state: dict) -> None:
        if state["status"] == TableStatus.PLAYING and state["legal"]:
            self.sent += 1
            key = f"{self.name}-{self.sent:04d}"
            self.pending = {"type": "move", "after": state["seq"], "key": key, "action": state["legal"][0]}
            await self.ws.send(json.dumps(self.pending))


def test_players_on_two_processes_play_to_the_end_and_a_killed_process_loses_no_move(two_daphnes, boxes, alice, bob):
    first, second = two_daphnes
    made = table_create(host=alice, game=BOMB, seats=["person", "person"], seed=23)
    table_join(table_id=made.pk, actor=Actor(user=bob))
    a = Player("alice", _cookie(alice), made.pk, first.port)
    b = Player("bob", _cookie(bob), made.pk, second.port)
    killed: dict = {}

    async def play(player: Player) -> None:
        await player.connect(player.port)
        while player.status != TableStatus.OVER:
            message = await player.step()
            if player is a and not killed and message["type"] == "state" and player.pending and player.seen >= 4:
                # Her move is on the wire to the first process: kill it now, then go to the second.
                killed.update(key=player.pending["key"], heard=len(player.heard), seen=player.seen)
                first.kill()
                await player.ws.close()
                await player.connect(second.port)
                killed["after_reconnect"] = len(player.heard)
        await player.ws.close()

    async def both() -> None:
        await asyncio.wait_for(asyncio.gather(play(a), play(b)), 240)

    asyncio.run(both())

    table = Table.objects.get(pk=made.pk)
    moves = list(Move.objects.filter(table=table).order_by("seq").values_list("seq", "key"))
    seqs = [seq for seq, _ in moves]
    assert table.status == TableStatus.OVER and killed, "the game ended, after the first process was killed"
    assert seqs == list(range(1, table.seq + 1)), "every move once, numbered without a gap"
    assert len({key for _, key in moves}) == len(moves)
    # The move on the wire as the process died was applied once or not at all (then sent again, or refused as
    # stale when bob had moved since), never twice.
    assert sum(1 for _, key in moves if key == killed["key"]) <= 1
    # Bob, on the second process all along, heard alice's moves made on the first one (through Redis) and every
    # move once; alice heard each move once too, across the reconnect.
    assert b.heard == seqs
    assert a.heard == seqs
    assert any(key.startswith("alice") for seq, key in moves if seq <= killed["seen"])

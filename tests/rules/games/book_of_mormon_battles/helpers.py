"""Shared set-up of the Book of Mormon Battles whole-game tests: the starter box and a replay of a stacked deal."""

from __future__ import annotations

from typing import Any

from rules.games.book_of_mormon_battles.game import ENGINE
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.log import Played
from rules.play.log import replay
from tests.rules.play.harness import box_of

BOX = box_of("book-of-mormon-battles")
NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")


def setup(seats: int = 2, seed: int = 0, **options: Any) -> Setup:
    return Setup(tuple(SeatSpec(n) for n in NAMES[:seats]), options, seed, BOX)


def play(deal: list[list[str]], actions: list[dict[str, Any]], seed: int = 0, **options: Any) -> Played:
    """The game after `actions`, from a stacked deal (each seat's ARMY, top first)."""
    return replay(ENGINE, setup(len(deal), seed, deal=deal, **options), actions)


def act(seat: int, kind: str, *cards: str, **more: Any) -> dict[str, Any]:
    return {"seat": seat, "type": kind, "cards": list(cards), **more}


def zone(played: Played, seat: int, name: str) -> list[str]:
    return [c["title"] for c in played.to_dict()["state"]["seats"][seat]["zones"][name]]


def events(played: Played, kind: str) -> list[dict[str, Any]]:
    return [e for e in played.to_dict()["events"] if e["type"] == kind]

"""Handicaps' reads: the engine options a match's game takes from its players' handicaps."""

from __future__ import annotations

from decks.models import Match
from rules.tournament.handicap import handicap_options


def match_engine_options(*, match: Match, game: str) -> dict[str, list[int | None]]:
    """The per-seat options (`seat_blessings`, `seat_wisdom`) that play `match` with its players' handicaps, seat 0
    the match's first player (docs/decks.md, "Handicaps"); {} when neither has one."""
    seats = [p for p in (match.player_a, match.player_b) if p is not None]
    return handicap_options(game, [p.registration.handicap for p in seats])

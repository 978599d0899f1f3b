"""A whole game replayed from a request (docs/contracts/play.md, "Stateless play"): the one entry point the
API and the play pages share. The engine is `rules.play`; this module only brings the catalog's cards."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from cardcollections.adapters import card_pool_for_game
from rules.cards import CardPool
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.log import Played
from rules.play.log import replay
from rules.play.registry import engine_for


class NotPlayable(LookupError):
    """The game has no whole-game engine (yet), or no such game."""


def _box(pool: CardPool, options: Mapping[str, Any]) -> tuple[Any, ...]:
    """The fixed-deck game's box: `options.set` or, by default, the game's first set (its boxed game)."""
    wanted = options.get("set")
    if wanted is None:
        if not pool.set_codes:
            raise SetupError("options.set", "no-box", "The catalog holds no set of this game to deal.")
        return pool.set_cards(pool.set_codes[0])
    code = pool.set_code(wanted) if isinstance(wanted, str) else None
    if code is None:
        raise SetupError("options.set", "unknown-set", f"This game has no set {wanted!r}.")
    return pool.set_cards(code)


def game_replay(
    *,
    game: str,
    seats: Sequence[Mapping[str, Any]],
    options: Mapping[str, Any],
    seed: int,
    actions: Sequence[Mapping[str, Any]],
) -> Played:
    """The game after `actions`. SetupError (with its JSON path) or rules.play.log.ActionRefused for what
    the rules refuse; NotPlayable for a game that cannot be played whole."""
    engine = engine_for(game)
    if engine is None:
        raise NotPlayable(game)
    pool = card_pool_for_game(game)
    for i, seat in enumerate(seats):
        if seat.get("deck"):
            raise SetupError(f"seats[{i}].deck", "no-decks", "This game deals its box: the seats bring no deck.")
    setup = Setup(
        seats=tuple(SeatSpec(name=seat["name"]) for seat in seats),
        options=dict(options),
        seed=seed,
        box=_box(pool, options),
    )
    return replay(engine, setup, actions)

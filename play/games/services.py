"""A whole game replayed from a request (docs/contracts/play.md, "Stateless play"): the one entry point the
API and the play pages share. The engine is `rules.play`; this module only brings the catalog's cards."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from cardcollections.adapters import card_pool_for_game
from rules.cards import CardData
from rules.cards import CardPool
from rules.decklist.parse import parse_decklist
from rules.decklist.resolving import resolve
from rules.games import GAMES_BY_SLUG
from rules.play.interface import SeatSpec
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.log import MAX_ACTIONS
from rules.play.log import Played
from rules.play.log import replay
from rules.play.registry import engine_for


class NotPlayable(LookupError):
    """The game has no whole-game engine (yet), or no such game."""


def _box(pool: CardPool, options: Mapping[str, Any]) -> tuple[CardData, ...]:
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


# A collectible game's seat brings its deck list (docs/contracts/deck-format.md). The bounds refuse a pasted file
# before any parsing: a real deck is a few dozen lines, and the largest real deck of these games is under 200 cards.
MAX_DECK_CHARS = 20_000
MAX_DECK_LINES = 1_000
MAX_DECK_CARDS = 500


def _seat_deck(pool: CardPool, path: str, text: Any) -> tuple[CardData, ...]:
    """One seat's deck list resolved against the game's cards: every copy once, in the list's order. A SetupError
    on `path` for a list over the bounds, a line that is not a deck line, a card the catalog does not have."""
    if not isinstance(text, str):
        raise SetupError(path, "bad-deck", "A deck is a deck list as text, one `COUNT TITLE` a line.")
    if len(text) > MAX_DECK_CHARS:
        raise SetupError(path, "deck-too-long", f"A deck list is at most {MAX_DECK_CHARS:,} characters.")
    if text.count("\n") + text.count("\r") - text.count("\r\n") >= MAX_DECK_LINES:
        raise SetupError(path, "deck-too-long", f"A deck list is at most {MAX_DECK_LINES:,} lines.")
    resolved = resolve(parse_decklist(text), pool)
    if resolved.findings:
        first = resolved.findings[0]
        more = f" (and {len(resolved.findings) - 1} more)" if len(resolved.findings) > 1 else ""
        raise SetupError(path, first.code, f"{first.message}{more}")
    if resolved.card_count > MAX_DECK_CARDS:
        raise SetupError(path, "deck-too-big", f"A deck holds at most {MAX_DECK_CARDS} cards here.")
    if resolved.card_count == 0:
        raise SetupError(path, "empty-deck", "The deck list names no card.")
    return tuple(entry.card for entry in resolved.entries for _ in range(entry.count))


def game_setup(
    *, game: str, pool: CardPool, seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any], seed: int
) -> Setup:
    """The engine's Setup from a request. A collectible game's seat brings `deck` (a deck list, resolved here;
    a seat without one gets none, and the engine says whether it may play from the box); a fixed-deck game's
    seats bring none (a SetupError on `seats[i].deck`). Both get the box: `options.set`, or the game's first set
    (a collectible game's starter set, which its basic game may split)."""
    collectible = GAMES_BY_SLUG[game].collectible if game in GAMES_BY_SLUG else False
    specs = []
    for i, seat in enumerate(seats):
        deck: tuple[CardData, ...] = ()
        if seat.get("deck"):
            if not collectible:
                raise SetupError(f"seats[{i}].deck", "no-decks", "This game deals its box: the seats bring no deck.")
            deck = _seat_deck(pool, f"seats[{i}].deck", seat["deck"])
        specs.append(SeatSpec(name=seat["name"], deck=deck))
    box = _box(pool, options) if pool.set_codes or not collectible or options.get("set") is not None else ()
    return Setup(seats=tuple(specs), options=dict(options), seed=seed, box=box)


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
    setup = game_setup(game=game, pool=pool, seats=seats, options=options, seed=seed)
    return replay(engine, setup, actions)


# ---------------------------------------------------------------- games on one screen (the play pages)
# A game against the computer, or hot-seat for a family at one table, kept in the visitor's session: its seats,
# options, seed and actions (docs/contracts/play.md: any state is a replay of its actions). The session keeps
# the last KEPT games.
KEPT = 3
SESSION_KEY = "play_games"


def _session_games(session: Any) -> dict[str, dict[str, Any]]:
    games: dict[str, dict[str, Any]] = session.get(SESSION_KEY) or {}
    return games


def local_game_start(
    *, session: Any, game: str, seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any], seed: int
) -> str:
    """A new game on this screen; its id. `seats`: `{"name", "computer": bool}` and, in a collectible game, `deck`
    (a deck list). SetupError, NotPlayable."""
    record: dict[str, Any] = {
        "game": game,
        "seats": [
            {"name": s["name"], "computer": bool(s["computer"]), **({"deck": s["deck"]} if s.get("deck") else {})}
            for s in seats
        ],
        "options": dict(options),
        "seed": seed,
        "actions": [],
    }
    _play_computers(record)  # replays the deal first: a bad setup raises before anything is kept
    games = _session_games(session)
    game_id = secrets.token_urlsafe(8)
    games[game_id] = record
    for old in list(games)[:-KEPT]:
        del games[old]
    session[SESSION_KEY] = games
    return game_id


def local_game(*, session: Any, game_id: str) -> dict[str, Any] | None:
    return _session_games(session).get(game_id)


def _computer_rng(record: Mapping[str, Any]) -> random.Random:
    return random.Random(f"{record['seed']}:{len(record['actions'])}")


def _replayed(record: Mapping[str, Any], actions: Sequence[Mapping[str, Any]] | None = None) -> Played:
    return game_replay(
        game=record["game"],
        seats=record["seats"],
        options=record["options"],
        seed=record["seed"],
        actions=record["actions"] if actions is None else actions,
    )


def _play_computers(record: dict[str, Any]) -> Played:
    """The computer seats' moves, until a person must act or the game is over (bounded by the action limit).
    One replay of the log, then each move is applied to that state (never a replay per move)."""
    played = _replayed(record)
    engine, state = played.engine, played.state
    while engine.result(state) is None and len(record["actions"]) < MAX_ACTIONS:
        legal = engine.legal(state)
        computers = [seat for seat in sorted(legal) if record["seats"][seat]["computer"]]
        if not computers or len(computers) < len(legal):
            break  # a person must act (the computer waits for people acting at the same moment)
        seat = computers[0]
        action = engine.computer(state, seat, _computer_rng(record))
        index = len(record["actions"])
        played.events += [(index, event) for event in engine.apply(state, seat, action)]
        record["actions"].append({"seat": seat, **action})
    return played


def local_game_position(record: Mapping[str, Any], step: int | None) -> tuple[Played, Played]:
    """The game after its first `step` actions (None: all of them), and the game at its end (the same object
    when no step is asked for): a finished game's replay shows every hand, a game in play only the viewer's."""
    final = _replayed(record)
    if step is None or step >= len(record["actions"]):
        return final, final
    return _replayed(record, record["actions"][:step]), final


def local_game_act(*, session: Any, game_id: str, seat: int, index: int) -> None:
    """Seat `seat` (a person) takes its `index`th legal action; then the computer seats play. LookupError for
    a game, seat or action that is not there (an old page, another tab)."""
    games = _session_games(session)
    record = games.get(game_id)
    if record is None:
        raise LookupError("That game is no longer kept.")
    played = _play_computers(record)
    legal = played.engine.legal(played.state) if played.engine.result(played.state) is None else {}
    if not 0 <= seat < len(record["seats"]) or record["seats"][seat]["computer"] or seat not in legal:
        raise LookupError("That seat may not act now.")
    if not 0 <= index < len(legal[seat]):
        raise LookupError("That action is no longer legal.")
    record["actions"].append({"seat": seat, **legal[seat][index]})
    _play_computers(record)
    session[SESSION_KEY] = games

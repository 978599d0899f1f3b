"""A replay: one game of a goldfish `play` run, played again turn by turn with every event logged.

Pure engine, like rules/goldfish/playout.py. A run's games are numbered 1..trials in
the order the chunks play them; game n is in chunk (n - 1) // chunk_trials. The
replay rebuilds that chunk's generator (`chunk_games`, the same code
`play_chunk` counts with), plays the games before n without a log (their
shuffles and uniforms come from the same generator), then plays game n with the
state's `log` on. So the replay is exactly the game the curve counted: the same
request, seed and game number give the same game, on any machine.

Only asked for, never on the counting path: the player appends to its log only
when the state has one, which costs the counting games one test per event site.
The cost is bounded: game n re-plays at most `MAX_REPLAY_GAME` games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from typing import Unpack

from rules.goldfish.playout import PlayOptions
from rules.goldfish.playout import PlayPlan
from rules.goldfish.playout import chunk_games
from rules.goldfish.playout import deck_kinds
from rules.goldfish.playout import plan_play
from rules.goldfish.playout import solo_play
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishRequestError
from rules.simulation import is_int

# The highest game number a replay may ask for: it re-plays the games before it in its chunk.
MAX_REPLAY_GAME = 1_000


@dataclass(frozen=True)
class ReplayCard:
    """A kind of the plan: a printing of the deck (the events' `cards` are indices into the replay's list)."""

    title: str
    set_code: str
    number: str

    def to_dict(self) -> dict[str, str]:
        return {"title": self.title, "set": self.set_code, "number": self.number}


@dataclass(frozen=True)
class Replay:
    """One game: its cards, its outcomes (the turn each happened, or None), and a record per turn.

    `log[0]` is the set-up (turn 0: the opening hand); each later record is
    `{"turn", "events": [{"event", "cards", "text", ...}], "state": {...}}`, the
    state being the game's own snapshot (Chapter and Verse: hand, chapters,
    books, piles; Bible Battles: hand, cards in play, wisdom, food, deck).
    """

    game: str
    seed: int
    trials: int
    game_number: int
    turns: int
    cards: tuple[ReplayCard, ...]
    outcomes: tuple[tuple[str, int | None], ...]
    log: tuple[dict[str, Any], ...]
    unmodelled: tuple[str, ...] = ()
    target: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "seed": self.seed,
            "trials": self.trials,
            "game_number": self.game_number,
            "turns": self.turns,
            "cards": [c.to_dict() for c in self.cards],
            "outcomes": [{"name": name, "turn": turn} for name, turn in self.outcomes],
            "log": list(self.log),
            "unmodelled": list(self.unmodelled),
        }
        if self.target is not None:
            out["target"] = self.target
        return out

    def text(self) -> str:
        """The log as lines of text (`replay_text`)."""
        return replay_text(self.to_dict())


def replay_text(replay: dict[str, Any]) -> str:
    """A replay (`Replay.to_dict()`, as the API sends it) as lines of text: `manage.py goldfish --replay N --text`."""
    names = [c["title"] for c in replay["cards"]]
    lines = [f"{replay['game']}: game {replay['game_number']} of {replay['trials']:,}, seed {replay['seed']}"]
    for record in replay["log"]:
        state = record["state"]
        lines.append(f"Turn {record['turn']}" if record["turn"] else "Set-up")
        lines.extend(f"  {e['text']}" for e in record["events"])
        lines.append("  hand: " + (", ".join(names[k] for k in state["hand"]) or "empty"))
        for i, chapter in enumerate(state.get("chapters", ()), 1):
            lines.append(f"  chapter {i}: " + ", ".join(names[k] for k in chapter["cards"]))
        if "in_play" in state:
            lines.append("  in play: " + (", ".join(names[k] for k in state["in_play"]) or "nothing"))
    for outcome in replay["outcomes"]:
        turn = outcome["turn"]
        lines.append(f"{outcome['name']}: " + (f"turn {turn}" if turn is not None else "not within the turns played"))
    return "\n".join(lines)


def check_game_number(game_number: object, trials: int) -> int:
    """`game_number` if it names a game of the run (1..trials) within the replay bound; else a 400's error."""
    high = min(trials, MAX_REPLAY_GAME)
    if not is_int(game_number) or not 1 <= game_number <= high:  # type: ignore[operator]
        raise GoldfishRequestError("game_number", f"must be an integer from 1 to {high:,}")
    return game_number  # type: ignore[return-value]


def replay_plan(plan: PlayPlan, game_number: int) -> tuple[list[dict[str, Any]], list[int]]:
    """Play game `game_number` (1-based) of the plan again: (the records per turn, the turn of each outcome or -1)."""
    check_game_number(game_number, plan.trials)
    chunk, position = divmod(game_number - 1, plan.chunk_trials)
    play = solo_play(plan.game)
    if play.event_record is None or play.snapshot is None:
        raise GoldfishRequestError("game", f"{plan.game} games cannot be replayed")
    player, decks = chunk_games(plan, chunk)
    n_out = len(plan.outcome_names)
    for _ in range(position):
        # The games before it: played only for the randomness they use, exactly as play_chunk plays them.
        state = player.start(next(decks))
        happened = [-1] * n_out
        for turn in range(1, plan.turns + 1):
            if player.turn(state, turn, happened):
                break
    state = player.start(next(decks))
    tables = player.tables
    titles = plan.titles
    happened = [-1] * n_out
    records = [{"turn": 0, "events": [], "state": play.snapshot(state)}]
    for turn in range(1, plan.turns + 1):
        state.log = []
        over = player.turn(state, turn, happened)
        events = [play.event_record(event, titles, tables) for event in state.log]
        records.append({"turn": turn, "events": events, "state": play.snapshot(state)})
        if over:
            break
    return records, happened


def goldfish_replay(
    deck: GoldfishDeck,
    turns: int,
    trials: int,
    seed: int,
    game_number: int,
    **options: Unpack[PlayOptions],
) -> Replay:
    """Game `game_number` of the play run that `goldfish_play_run(deck, turns, trials, seed, **options)` counts.

    Its `queries` do not change the games; they are accepted so a play request can be replayed as it is.
    """
    plan = plan_play(deck, turns, trials, seed, **options)
    records, happened = replay_plan(plan, game_number)
    cards, _copies = deck_kinds(deck)
    return Replay(
        game=plan.game,
        seed=seed,
        trials=trials,
        game_number=game_number,
        turns=turns,
        cards=tuple(ReplayCard(c.title, c.set_code, c.number) for c in cards),
        outcomes=tuple((name, turn if turn >= 0 else None) for name, turn in zip(plan.outcome_names, happened)),
        log=tuple(records),
        unmodelled=plan.unmodelled,
        target=plan.target,
    )

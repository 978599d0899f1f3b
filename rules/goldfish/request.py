"""Goldfish (docs/contracts/goldfish.md): the request, the deck, the result, and the exact mode.

Pure engine: no Django, no Celery, no I/O. The caller resolves the deck list
against its card pool and hands over a `GoldfishDeck`; progress goes out
through an `on_progress(fraction)` callable, which may raise to stop a run
(a cancelled job).

- `parse_goldfish_request(data, game=...)` checks the request's own fields
  (game, mode, turns, trials, seed, queries) and raises `GoldfishRequestError`
  naming the JSON path of the first bad field. The deck fields (`decklist`,
  `cards`, `deck`) are the caller's: resolving them needs the card pool.
- `goldfish_exact(deck, queries, turns)`: hypergeometric tail probabilities,
  exact rational arithmetic, no randomness.
- `simulate` mode is rules/goldfish/simulate.py, `play` mode rules/goldfish/playout.py.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from rules.cards import CardData
from rules.games import GAME_SLUGS
from rules.games.bible_battles import BB_TYPES
from rules.games.chapter_and_verse import CV_THEMES
from rules.games.interface import GoldfishSetup
from rules.games.registry import GAME_RULES
from rules.goldfish.probability import hypergeometric_at_least
from rules.primitives import JsonPathError
from rules.primitives import fields_dict
from rules.simulation import check_int
from rules.simulation import estimates
from rules.simulation import is_int
from rules.text import title_key

# ---------------------------------------------------------------- limits
MODES: tuple[str, ...] = ("exact", "simulate", "play")
MAX_TURNS = 30
MAX_TRIALS = 100_000_000
MAX_QUERIES = 20
MAX_AT_LEAST = 999
MAX_NAME_LENGTH = 100
MAX_TITLE_LENGTH = 200
MAX_TITLES = 200
MAX_COST = 999
MAX_SEED = 2**63 - 1
# Bible Battles' rules: the wisdom to reach is agreed, "any number you wish up to 99".
MAX_TARGET = 99
MAX_POLICY_LENGTH = 50

# Top-level request keys. The deck keys and the `play` options are read by
# other layers; they are listed so that a typo ("trails") is a 400, not ignored.
REQUEST_KEYS: tuple[str, ...] = (
    "game",
    "decklist",
    "cards",
    "deck",
    "mode",
    "turns",
    "trials",
    "seed",
    "queries",
    "policy",
    "target",
    "quote_rate",
)
FILTER_KEYS: tuple[str, ...] = ("title", "titles", "type", "theme", "marker", "unique", "cost_min", "cost_max")


# ---------------------------------------------------------------- setup per game
# How each game with a goldfish setup starts (its package's GameRules.setup).
GOLDFISH_SETUPS: Mapping[str, GoldfishSetup] = {
    slug: rules.setup for slug, rules in GAME_RULES.items() if rules.setup is not None
}


def _goldfish_game_problem(game: object) -> str | None:
    if not isinstance(game, str) or game not in GAME_SLUGS:
        return f"must be one of {', '.join(GAME_SLUGS)}"
    if game not in GOLDFISH_SETUPS:
        return (
            f"{game} is played with fixed decks, so there is nothing to goldfish; "
            f"goldfish supports {', '.join(GOLDFISH_SETUPS)}"
        )
    return None


# ---------------------------------------------------------------- errors
class GoldfishRequestError(JsonPathError):
    """A malformed or over-the-limits request: `field` is the JSON path (`queries[1].filter.colour`)."""

    @property
    def field(self) -> str:
        return self.path

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "message": self.message}


def _int_in(value: object, path: str, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:  # type: ignore[operator]
        raise GoldfishRequestError(path, f"must be an integer from {low:,} to {high:,}")
    return value  # type: ignore[return-value]


def _text(value: object, path: str, max_length: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise GoldfishRequestError(path, "must be a non-empty string")
    if len(value) > max_length:
        raise GoldfishRequestError(path, f"must be at most {max_length} characters")
    return value


# ---------------------------------------------------------------- queries
@dataclass(frozen=True)
class GoldfishFilter:
    """Which cards a query counts. Every given key must hold; no keys matches every card.

    `title` and `titles` compare title keys (case and spacing ignored), `marker`
    ignores case, `theme` needs at least one icon of the theme, `cost_min` and
    `cost_max` bound the sacrifice (C&V) or effort (BB); a card without a cost
    fails any cost bound.
    """

    title: str | None = None
    titles: tuple[str, ...] | None = None
    type: str | None = None
    theme: str | None = None
    marker: str | None = None
    unique: bool | None = None
    cost_min: int | None = None
    cost_max: int | None = None
    # The title keys, made once: a query is matched against every card of the deck.
    _title_key: str | None = field(init=False, repr=False, compare=False, default=None)
    _title_keys: frozenset[str] | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        if self.title is not None:
            object.__setattr__(self, "_title_key", title_key(self.title))
        if self.titles is not None:
            object.__setattr__(self, "titles", tuple(self.titles))
            object.__setattr__(self, "_title_keys", frozenset(title_key(t) for t in self.titles))

    def matches(self, card: CardData) -> bool:
        if self._title_key is not None and card.title_key != self._title_key:
            return False
        if self._title_keys is not None and card.title_key not in self._title_keys:
            return False
        if self.type is not None and card.type != self.type:
            return False
        if self.theme is not None and card.icons.get(self.theme, 0) < 1:
            return False
        if self.marker is not None:
            wanted = self.marker.strip().casefold()
            if all(m.strip().casefold() != wanted for m in card.markers):
                return False
        if self.unique is not None and card.unique != self.unique:
            return False
        if self.cost_min is not None or self.cost_max is not None:
            cost = card.cost
            if cost is None:
                return False
            if self.cost_min is not None and cost < self.cost_min:
                return False
            if self.cost_max is not None and cost > self.cost_max:
                return False
        return True

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in FILTER_KEYS:
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: object, *, path: str = "filter", game: str | None = None) -> GoldfishFilter:
        """Check a JSON filter; `game`, when known, rejects keys that cannot apply to its cards."""
        if not isinstance(data, Mapping):
            raise GoldfishRequestError(path, "must be an object")
        for key in data:
            if key not in FILTER_KEYS:
                raise GoldfishRequestError(f"{path}.{key}", f"unknown filter key; use {', '.join(FILTER_KEYS)}")
        values: dict[str, Any] = {}
        if "title" in data:
            values["title"] = _text(data["title"], f"{path}.title", MAX_TITLE_LENGTH)
        if "titles" in data:
            titles = data["titles"]
            if not isinstance(titles, list) or not titles:
                raise GoldfishRequestError(f"{path}.titles", "must be a non-empty list of titles")
            if len(titles) > MAX_TITLES:
                raise GoldfishRequestError(f"{path}.titles", f"must list at most {MAX_TITLES} titles")
            values["titles"] = tuple(_text(t, f"{path}.titles[{i}]", MAX_TITLE_LENGTH) for i, t in enumerate(titles))
        if "type" in data:
            if game is not None and game != "bible-battles":
                raise GoldfishRequestError(f"{path}.type", "type is a Bible Battles card type; this deck is " + game)
            if data["type"] not in BB_TYPES:
                raise GoldfishRequestError(f"{path}.type", f"must be one of {', '.join(BB_TYPES)}")
            values["type"] = data["type"]
        if "theme" in data:
            if game is not None and game != "chapter-and-verse":
                raise GoldfishRequestError(f"{path}.theme", "theme is a Chapter and Verse icon; this deck is " + game)
            theme = data["theme"]
            if not isinstance(theme, str) or theme.strip().lower() not in CV_THEMES:
                raise GoldfishRequestError(f"{path}.theme", f"must be one of {', '.join(CV_THEMES)}")
            values["theme"] = theme.strip().lower()
        if "marker" in data:
            values["marker"] = _text(data["marker"], f"{path}.marker", MAX_TITLE_LENGTH)
        if "unique" in data:
            if not isinstance(data["unique"], bool):
                raise GoldfishRequestError(f"{path}.unique", "must be true or false")
            values["unique"] = data["unique"]
        for key in ("cost_min", "cost_max"):
            if key in data:
                values[key] = _int_in(data[key], f"{path}.{key}", 0, MAX_COST)
        if "cost_min" in values and "cost_max" in values and values["cost_min"] > values["cost_max"]:
            raise GoldfishRequestError(f"{path}.cost_max", "must not be less than cost_min")
        return cls(**values)


@dataclass(frozen=True)
class GoldfishQuery:
    """ "At least `at_least` cards matching `filter` among the cards seen": one line of the answer."""

    name: str
    filter: GoldfishFilter = GoldfishFilter()
    at_least: int = 1

    def __post_init__(self) -> None:
        # Checked here too because engine callers build queries in code.
        if not is_int(self.at_least) or self.at_least < 1:
            raise ValueError(f"at_least must be a positive integer, not {self.at_least!r}")

    def to_dict(self) -> dict[str, Any]:
        return fields_dict(self, ("name", "filter", "at_least"))

    @classmethod
    def from_dict(cls, data: object, *, path: str = "query", game: str | None = None) -> GoldfishQuery:
        if not isinstance(data, Mapping):
            raise GoldfishRequestError(path, "must be an object with name, filter and at_least")
        for key in data:
            if key not in ("name", "filter", "at_least"):
                raise GoldfishRequestError(f"{path}.{key}", "unknown key; a query has name, filter and at_least")
        if "name" not in data:
            raise GoldfishRequestError(f"{path}.name", "is required")
        name = _text(data["name"], f"{path}.name", MAX_NAME_LENGTH)
        query_filter = GoldfishFilter.from_dict(data.get("filter", {}), path=f"{path}.filter", game=game)
        at_least = _int_in(data.get("at_least", 1), f"{path}.at_least", 1, MAX_AT_LEAST)
        return cls(name=name, filter=query_filter, at_least=at_least)


# ---------------------------------------------------------------- the request
@dataclass(frozen=True)
class GoldfishRequest:
    """The checked request fields; the deck itself is resolved by the caller.

    `trials` and `seed` are None in `exact` mode. `policy`, `target` and `quote_rate` are
    `play` options, kept as given for the `play` engine to judge.
    """

    game: str
    mode: str
    turns: int
    queries: tuple[GoldfishQuery, ...]
    trials: int | None = None
    seed: int | None = None
    policy: str | None = None
    target: int | None = None
    quote_rate: float | None = None

    def to_dict(self) -> dict[str, Any]:
        out = fields_dict(self, ("game", "mode", "turns", "trials", "seed", "queries"))
        for option in ("policy", "target", "quote_rate"):
            if getattr(self, option) is not None:
                out[option] = getattr(self, option)
        return out


def parse_goldfish_request(data: object, *, game: str | None = None) -> GoldfishRequest:
    """Check a request body's own fields; raise `GoldfishRequestError` naming the first bad one.

    `game` is the deck's game when the caller already knows it (a saved `deck`
    id); the body's `game`, if given, must agree. Required: `game` (one way or
    the other), `mode`, `turns`; `trials` in `simulate` and `play`; `queries`
    (1 to 20) in `exact` and `simulate`. A missing `seed` is drawn at random
    here and reported in the result, so any run can be repeated.
    """
    if not isinstance(data, Mapping):
        raise GoldfishRequestError("", "the request must be a JSON object")
    for key in data:
        if key not in REQUEST_KEYS:
            raise GoldfishRequestError(str(key), f"unknown field; a goldfish request has {', '.join(REQUEST_KEYS)}")

    body_game = data.get("game")
    if body_game is None and game is None:
        raise GoldfishRequestError("game", "is required")
    if body_game is not None:
        if problem := _goldfish_game_problem(body_game):
            raise GoldfishRequestError("game", problem)
        if game is not None and body_game != game:
            raise GoldfishRequestError("game", f"is {body_game} but the deck is a {game} deck")
    resolved_game: str = body_game if body_game is not None else game  # type: ignore[assignment]
    if problem := _goldfish_game_problem(resolved_game):
        raise GoldfishRequestError("game", problem)

    if "mode" not in data:
        raise GoldfishRequestError("mode", f"is required: one of {', '.join(MODES)}")
    mode = data["mode"]
    if mode not in MODES:
        raise GoldfishRequestError("mode", f"must be one of {', '.join(MODES)}")

    if "turns" not in data:
        raise GoldfishRequestError("turns", f"is required: an integer from 0 to {MAX_TURNS}")
    turns = _int_in(data["turns"], "turns", 0, MAX_TURNS)

    random_mode = mode != "exact"
    trials: int | None = None
    if "trials" in data:
        trials = _int_in(data["trials"], "trials", 1, MAX_TRIALS)
    elif random_mode:
        raise GoldfishRequestError("trials", f"is required in {mode} mode: an integer from 1 to {MAX_TRIALS:,}")
    seed: int | None = None
    if "seed" in data:
        seed = _int_in(data["seed"], "seed", 0, MAX_SEED)
    elif random_mode:
        # A fresh seed, echoed in the result, so the run can be repeated exactly.
        seed = secrets.randbits(32)
    if not random_mode:
        trials = seed = None

    raw_queries = data.get("queries")
    if raw_queries is None:
        if mode != "play":
            raise GoldfishRequestError("queries", f"is required: a list of 1 to {MAX_QUERIES} queries")
        raw_queries = []
    if not isinstance(raw_queries, list):
        raise GoldfishRequestError("queries", f"must be a list of 1 to {MAX_QUERIES} queries")
    if (not raw_queries and mode != "play") or len(raw_queries) > MAX_QUERIES:
        raise GoldfishRequestError("queries", f"must be a list of 1 to {MAX_QUERIES} queries")
    queries = tuple(
        GoldfishQuery.from_dict(q, path=f"queries[{i}]", game=resolved_game) for i, q in enumerate(raw_queries)
    )

    policy: str | None = None
    if "policy" in data:
        policy = _text(data["policy"], "policy", MAX_POLICY_LENGTH)
    target: int | None = None
    if "target" in data:
        target = _int_in(data["target"], "target", 1, MAX_TARGET)
    quote_rate: float | None = None
    if "quote_rate" in data:
        quote_rate = data["quote_rate"]
        if isinstance(quote_rate, bool) or not isinstance(quote_rate, int | float) or not 0 <= quote_rate <= 1:
            raise GoldfishRequestError("quote_rate", "must be a number from 0 to 1")
        quote_rate = float(quote_rate)

    return GoldfishRequest(
        game=resolved_game,
        mode=mode,
        turns=turns,
        queries=queries,
        trials=trials,
        seed=seed,
        policy=policy,
        target=target,
        quote_rate=quote_rate,
    )


# ---------------------------------------------------------------- the deck
@dataclass(frozen=True)
class GoldfishDeck:
    """A resolved deck as (card, copies) pairs, in the game that decides the setup.

    From a `rules.decklist.ResolvedDeck`:
    `GoldfishDeck(resolved.game, tuple((e.card, e.count) for e in resolved.entries))`.
    The same card may appear in several pairs; the copies add up.
    """

    game: str
    cards: tuple[tuple[CardData, int], ...]

    def __post_init__(self) -> None:
        if problem := _goldfish_game_problem(self.game):
            raise ValueError(f"game: {problem}")
        cards = tuple((card, count) for card, count in self.cards)
        for card, count in cards:
            if not is_int(count) or count < 0:
                raise ValueError(f"{card.title}: copies must be a non-negative integer, not {count!r}")
            if card.game != self.game:
                raise ValueError(f"{card.title} is a {card.game} card, not {self.game}")
        object.__setattr__(self, "cards", cards)

    @classmethod
    def of(cls, game: str, cards: Iterable[tuple[CardData, int]]) -> GoldfishDeck:
        return cls(game=game, cards=tuple(cards))

    @property
    def size(self) -> int:
        return sum(count for _, count in self.cards)

    @property
    def setup(self) -> GoldfishSetup:
        return GOLDFISH_SETUPS[self.game]

    def cards_seen(self, turns: int) -> tuple[int, ...]:
        return self.setup.cards_seen(self.size, turns)

    def matching(self, query_filter: GoldfishFilter) -> int:
        """Copies in the deck that match the filter (each card matched once, however many lines name it)."""
        copies: dict[CardData, int] = {}
        for card, count in self.cards:
            copies[card] = copies.get(card, 0) + count
        return sum(count for card, count in copies.items() if query_filter.matches(card))


# ---------------------------------------------------------------- results
@dataclass(frozen=True)
class QueryResult:
    name: str
    probability: tuple[float, ...]
    stderr: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return fields_dict(self, ("name", "probability", "stderr"))


def summed_results(
    names: Sequence[str], counts: Iterable[Sequence[Sequence[int]]], turns: int, trials: int
) -> tuple[QueryResult, ...]:
    """One result per name: its hits on each turn added up over every chunk's `counts[name][turn]`."""
    per_chunk = list(counts)
    return tuple(
        QueryResult(name, *estimates([sum(rows[i][t] for rows in per_chunk) for t in range(turns + 1)], trials))
        for i, name in enumerate(names)
    )


# The keys of every mode's result, in docs/contracts/goldfish.md's order.
RESULT_KEYS = ("mode", "trials", "seed", "turns", "cards_seen", "queries")


@dataclass(frozen=True)
class GoldfishResult:
    """The answer of docs/contracts/goldfish.md's "The result": `probability[t]` is for turn `turns[t]`."""

    mode: str
    trials: int | None
    seed: int | None
    turns: tuple[int, ...]
    cards_seen: tuple[int, ...]
    queries: tuple[QueryResult, ...]

    def to_dict(self) -> dict[str, Any]:
        return fields_dict(self, RESULT_KEYS)


def check_turns(turns: int) -> None:
    """ValueError unless `turns` is an integer from 0 to MAX_TURNS (engine callers pass it in code)."""
    check_int(turns, "turns", 0, MAX_TURNS)


# ---------------------------------------------------------------- exact
def goldfish_exact(deck: GoldfishDeck, queries: Sequence[GoldfishQuery], turns: int) -> GoldfishResult:
    """Each query's chance by each turn, from the hypergeometric distribution; stderr 0.

    Chapter and Verse sets aside 7 blessings unseen, but they are a uniformly
    random subset, so the cards seen by turn t are still a uniform random
    sample of the whole N-card deck, of size min(5 + t, N - 7): the plain
    hypergeometric tail applies, with the deck's full size and match count.
    """
    check_turns(turns)
    size = deck.size
    seen = deck.cards_seen(turns)
    results = []
    for query in queries:
        matching = deck.matching(query.filter)
        probability = tuple(float(hypergeometric_at_least(size, matching, n, query.at_least)) for n in seen)
        results.append(QueryResult(query.name, probability, tuple(0.0 for _ in seen)))
    return GoldfishResult(
        mode="exact",
        trials=None,
        seed=None,
        turns=tuple(range(turns + 1)),
        cards_seen=seen,
        queries=tuple(results),
    )

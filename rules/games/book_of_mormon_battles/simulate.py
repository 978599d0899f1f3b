"""Book of Mormon Battles: the chance that a battalion wins a battle of basic play (issue 12, simulations).

The player holds `battalion`; each opponent is dealt five cards from the rest
of one box. Every player, the player too, makes the greedy play (the play of
highest value, battle.greedy_play), and battle.battle_of decides. The plan is
JSON primitives and fixes the chunks, each with its own generator from the
seed, so how chunks are shared among workers never changes the numbers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import CardData
from rules.cards import CardPool
from rules.checkers import IllegalInput
from rules.checkers import json_object
from rules.checkers import read_cards
from rules.checkers import whole_number
from rules.games.book_of_mormon_battles.battle import BATTALION
from rules.games.book_of_mormon_battles.battle import MAX_PLAYERS
from rules.games.book_of_mormon_battles.battle import battle_of
from rules.games.book_of_mormon_battles.battle import greedy_play

CHUNK_TRIALS = 2_000
MIN_TRIALS, MAX_TRIALS = 100, 200_000
DEFAULT_TRIALS = 10_000
YOU = "You"
# The fields of a card the battle needs, in the plan's compact form.
_FIELDS = ("title", "kind", "value", "color", "shape", "power")


def _card_row(card: CardData) -> list[Any]:
    return [getattr(card, f) for f in _FIELDS]


def _card(row: Sequence[Any], i: int) -> CardData:
    return CardData("book-of-mormon-battles", "SIM", str(i), **dict(zip(_FIELDS, row, strict=True)))


@dataclass(frozen=True)
class BattalionPlan:
    battalion: tuple[CardData, ...]
    deck: tuple[CardData, ...]
    opponents: int
    trials: int
    seed: int

    @property
    def n_chunks(self) -> int:
        return -(-self.trials // CHUNK_TRIALS)

    def chunk_size(self, i: int) -> int:
        return min(CHUNK_TRIALS, self.trials - i * CHUNK_TRIALS)

    def to_dict(self) -> dict[str, Any]:
        return {
            "battalion": [_card_row(c) for c in self.battalion],
            "deck": [_card_row(c) for c in self.deck],
            "opponents": self.opponents,
            "trials": self.trials,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BattalionPlan:
        return cls(
            tuple(_card(r, i) for i, r in enumerate(data["battalion"])),
            tuple(_card(r, i) for i, r in enumerate(data["deck"], start=BATTALION)),
            int(data["opponents"]),
            int(data["trials"]),
            int(data["seed"]),
        )


def plan_battalion(pool: CardPool, request: object, *, seed: int) -> BattalionPlan:
    """The plan of `{"battalion": [cards], "opponents"?: 1..5, "trials"?, "seed"?}` on one box of the pool."""
    request = json_object(request, "")
    battalion = read_cards(pool, request.get("battalion"), "battalion", least=1, most=BATTALION)
    if greedy_play(YOU, battalion) is None:
        raise IllegalInput("battalion", "A battalion of power cards only has no play: add a character card.")
    opponents = whole_number(request.get("opponents"), "opponents", 1, MAX_PLAYERS - 1, 1)
    trials = whole_number(request.get("trials"), "trials", MIN_TRIALS, MAX_TRIALS, DEFAULT_TRIALS)
    seed = whole_number(request.get("seed"), "seed", 0, 2**63 - 1, seed)
    # One box: the canonical set's cards at their copies, less the battalion.
    box = [c for c in pool.set_cards(battalion[0].set_code) for _ in range(c.copies)]
    for i, card in enumerate(battalion):
        match = next((j for j, c in enumerate(box) if c.title_key == card.title_key), None)
        if match is None:
            raise IllegalInput(f"battalion[{i}]", f"{card.title} is in the battalion more often than in the box.")
        del box[match]
    if len(box) < BATTALION * opponents:
        raise IllegalInput("opponents", f"The rest of the box deals at most {len(box) // BATTALION} battalions.")
    return BattalionPlan(tuple(battalion), tuple(box), opponents, trials, seed)


def run_chunk(plan: BattalionPlan, i: int, on_progress: Callable[[float], None] | None = None) -> dict[str, int]:
    """Chunk `i`'s counts: wins, ties (the battle tied with you among the tied), losses."""
    rng = random.Random(plan.seed * 1_000_003 + i)
    size = plan.chunk_size(i)
    mine = greedy_play(YOU, plan.battalion)
    assert mine is not None  # plan_battalion refused a battalion without a play
    counts = {"wins": 0, "ties": 0, "losses": 0}
    for trial in range(size):
        dealt = rng.sample(plan.deck, BATTALION * plan.opponents)
        plays = [mine]
        for k in range(plan.opponents):
            play = greedy_play(f"Opponent {k + 1}", dealt[k * BATTALION : (k + 1) * BATTALION])
            if play is not None:
                plays.append(play)
        result = battle_of(plays, [])
        if result.winner == YOU:
            counts["wins"] += 1
        elif YOU in result.tied:
            counts["ties"] += 1
        else:
            counts["losses"] += 1
        if on_progress is not None and trial % 200 == 199:
            on_progress((trial + 1) / size)
    return counts


def combine(plan: BattalionPlan, chunks: Sequence[Mapping[str, int]]) -> dict[str, Any]:
    total = {k: sum(c[k] for c in chunks) for k in ("wins", "ties", "losses")}
    trials = sum(total.values()) or 1
    mine = greedy_play(YOU, plan.battalion)
    play = [c.card.title for c in mine.characters] + ([mine.power.title] if mine.power else []) if mine else []
    return {
        "mode": "bomb-battalion",
        "trials": trials,
        "seed": plan.seed,
        "opponents": plan.opponents,
        "play": play,
        "value": mine.value if mine else 0,
        "win": round(total["wins"] / trials, 4),
        "tie": round(total["ties"] / trials, 4),
        "lose": round(total["losses"] / trials, 4),
        **total,
        "summary": f"Wins {100 * total['wins'] / trials:.1f}%, ties {100 * total['ties'] / trials:.1f}%, "
        f"loses {100 * total['losses'] / trials:.1f}% of {trials} battles against {plan.opponents} "
        f"opponent(s), playing {' + '.join(play)} ({mine.value if mine else 0}).",
    }

"""Swiss pairing (docs/contracts/tournaments.md): a seeded random round 1, then a minimum-cost matching.

A later round is networkx's maximum-weight matching on a graph of the players still in,
with an edge cost that puts the spec's rules in their order of priority:
1. no rematch, unless no pairing without one exists;
2. the bye (an odd number of players) to the lowest-ranked player who has had the fewest
   byes (none, while anyone has none);
3. the smallest sum of match-point differences between paired players.
The weights are whole numbers so the matching is exact, never a float comparison.

Pure Python matching is cubic, too slow for a complete graph of hundreds of players, so each
player is first linked only to the `band` players next in the standings (the score group
and its neighbours: the bounded floaters). The band's answer is taken when it provably is the
best one (no rematch, the bye where rule 2 puts it, and the point differences at their lower
bound: neighbours in the standings paired in turn); else the band doubles. A band reaching
every player is the exact answer; past PROOF_BAND places, a pairing with no rematch is taken
as it is (a better one would need a partner that far down the standings).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

import networkx as nx

from rules.tournament.scoring import MatchRecord
from rules.tournament.scoring import Standing
from rules.tournament.scoring import standings

BAND = 12
PIECE = 16
PROOF_BAND = 64
_BYE = -1
Pairs = tuple[list[tuple[int, int]], int | None]


@dataclass(frozen=True)
class _Costs:
    """Whole-number costs in three tiers, each larger than the greatest total of the tiers below."""

    bye_step: int
    rematch: int
    ceiling: int

    @classmethod
    def for_players(cls, points: Sequence[int]) -> _Costs:
        n = len(points)
        spread = (max(points) - min(points)) if points else 0
        bye_step = n * spread + 1
        rematch = (n + 1) * bye_step
        return cls(bye_step=bye_step, rematch=rematch, ceiling=(n + 1) * rematch)


def _lower_bound(points: Sequence[int]) -> int:
    """The least sum of point differences of any pairing: neighbours in score order, paired in turn."""
    return sum(points[i] - points[i + 1] for i in range(0, len(points) - 1, 2))


def _round_one(names: list[str], seed: str) -> list[tuple[str, str | None]]:
    rng = random.Random(f"{seed}:1")
    rng.shuffle(names)
    tables: list[tuple[str, str | None]] = [(names[i], names[i + 1]) for i in range(0, len(names) - 1, 2)]
    if len(names) % 2:
        # No standings yet: the bye goes to whoever the seeded draw left over (docs/rulings.md).
        tables.append((names[-1], None))
    return tables


class _Round:
    """One Swiss round past the first: the players still in, best first, and what they have met."""

    def __init__(self, active: list[Standing]):
        self.order = [s.player for s in active]
        self.points = [s.points for s in active]
        self.met = {frozenset((s.player, o)) for s in active for o in s.opponents}
        fewest = min((s.byes for s in active), default=0)
        # Those who may get the bye, lowest-ranked first: its cost rises with the place from the bottom.
        self.bye_place = {}
        if len(active) % 2:
            eligible = [i for i, s in enumerate(active) if s.byes == fewest]
            self.bye_place = {i: place for place, i in enumerate(reversed(eligible))}
        self.costs = _Costs.for_players(self.points)

    def pair_cost(self, i: int, j: int) -> int:
        rematch = frozenset((self.order[i], self.order[j])) in self.met
        return self.costs.rematch * rematch + abs(self.points[i] - self.points[j])

    def match(self, nodes: Sequence[int], band: int, *, bye: bool) -> Pairs | None:
        """The cheapest pairing of `nodes` (standings order), each linked to the `band` next; None: none exists."""
        graph: nx.Graph[int] = nx.Graph()
        for k, i in enumerate(nodes):
            for j in nodes[k + 1 : k + 1 + band]:
                graph.add_edge(i, j, weight=self.costs.ceiling - self.pair_cost(i, j))
        if bye:
            for i, place in self.bye_place.items():
                graph.add_edge(i, _BYE, weight=self.costs.ceiling - self.costs.bye_step * place)
        chosen = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(chosen) != len(nodes) + (len(nodes) % 2 if bye else 0):
            return None
        pairs, lone = [], None
        for a, b in chosen:
            if _BYE in (a, b):
                lone = a if b == _BYE else b
            else:
                pairs.append((min(a, b), max(a, b)))
        return sorted(pairs), lone

    def proven(self, found: Pairs | None, nodes: Sequence[int]) -> bool:
        """True if `found` is the best pairing of `nodes`: no rematch, the bye where rule 2 puts it, and the
        point differences at their lower bound."""
        if found is None:
            return False
        pairs, bye = found
        if self.rematches(pairs) or (bye is not None and self.bye_place[bye] != 0):
            return False
        rest = [self.points[i] for i in nodes if i != bye]
        return sum(self.pair_cost(i, j) for i, j in pairs) == _lower_bound(rest)

    def rematches(self, pairs: list[tuple[int, int]]) -> int:
        return sum(self.pair_cost(i, j) >= self.costs.rematch for i, j in pairs)

    def by_pieces(self) -> Pairs | None:
        """The fast path: the bye fixed by rule 2, the rest cut into pieces of PIECE neighbours in the
        standings, each matched on its own; a piece not provably best takes in its neighbour. None when a
        piece outgrows PROOF_BAND: the caller then matches everyone at once."""
        bye = next((i for i, place in self.bye_place.items() if place == 0), None)
        rest = [i for i in range(len(self.order)) if i != bye]
        # Cuts at even places in score order split no pair of the lower bound: the pieces' bounds add up to it.
        pieces = [rest[k : k + PIECE] for k in range(0, len(rest), PIECE)]
        done: list[tuple[list[int], list[tuple[int, int]]]] = []
        while pieces:
            piece = pieces.pop(0)
            found = self.match(piece, len(piece), bye=False)
            while not self.proven(found, piece):
                if len(piece) >= PROOF_BAND or not (pieces or done):
                    return None
                # Take in the next piece; the last one takes back the piece before it.
                piece = piece + pieces.pop(0) if pieces else done.pop()[0] + piece
                found = self.match(piece, len(piece), bye=False)
            assert found is not None  # proven
            done.append((piece, found[0]))
        return [pair for _piece, pairs in done for pair in pairs], bye

    def pair(self, band: int) -> list[tuple[str, str | None]]:
        n = len(self.order)
        everyone = list(range(n))
        found = self.by_pieces()
        while found is None:
            found = self.match(everyone, band, bye=True)
            # The band is at least 2: the standings paired in order, past the bye, are always a matching.
            assert found is not None
            complete = band >= n - 1
            if complete or self.proven(found, everyone) or (band >= PROOF_BAND and not self.rematches(found[0])):
                break
            found, band = None, min(n - 1, band * 2)
        pairs, bye = found
        tables: list[tuple[str, str | None]] = [(self.order[i], self.order[j]) for i, j in sorted(pairs)]
        if bye is not None:
            tables.append((self.order[bye], None))
        return tables


def pair_swiss(
    *,
    players: Sequence[str],
    matches: Iterable[MatchRecord],
    dropped: Iterable[str] = (),
    round_number: int,
    seed: str,
    band: int = BAND,
) -> list[tuple[str, str | None]]:
    """The tables of Swiss round `round_number`, table 1 first, the bye (if any) last as (player, None).

    `matches` are the Swiss matches played so far; dropped players are not paired.
    The same arguments always give the same tables.
    """
    gone = set(dropped)
    if round_number == 1:
        return _round_one([p for p in players if p not in gone], seed)
    table = standings(players=players, matches=matches, dropped=gone)
    active = [s for s in table if not s.dropped]
    if len(active) < 2:
        return [(s.player, None) for s in active]
    return _Round(active).pair(max(2, band))

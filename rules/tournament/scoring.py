"""Match results, standings and tie-breakers, as docs/contracts/tournaments.md (MTR Appendix C) defines them.

`standings` is the one computation: the event pages, the API and the CSV all call it.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.findings import Finding
from rules.findings import finding

MATCH_WIN, MATCH_DRAW = 3, 1
GAME_WIN, GAME_DRAW = 3, 1
FLOOR = Fraction(1, 3)
GAMES_PER_MATCH = (1, 3)
TOP_CUT_SIZES = (0, 2, 4, 8)


def default_rounds(players: int) -> int:
    """Swiss rounds by player count: 2 for 2-4, 3 for 5-8, ... 7 for 65-128, 8 above."""
    for rounds, most in ((2, 4), (3, 8), (4, 16), (5, 32), (6, 64), (7, 128)):
        if players <= most:
            return rounds
    return 8


@dataclass(frozen=True)
class MatchRecord:
    """A finished match: `players` (b None for a bye), games won by each, and drawn games."""

    players: tuple[str, str | None]
    wins: tuple[int, int]
    draws: int = 0

    @property
    def bye(self) -> bool:
        return self.players[1] is None

    def match_points(self, side: int) -> int:
        mine, theirs = self.wins[side], self.wins[1 - side]
        return MATCH_WIN if mine > theirs else MATCH_DRAW if mine == theirs else 0

    def game_points(self, side: int) -> int:
        return GAME_WIN * self.wins[side] + GAME_DRAW * self.draws

    @property
    def games(self) -> int:
        return self.wins[0] + self.wins[1] + self.draws


PENALTY_KINDS = ("warning", "game-loss", "match-loss")


def penalised(record: MatchRecord, side: int, kind: str, games_per_match: int) -> MatchRecord:
    """The match as the standings count it once `side` has a penalty of `kind` (docs/decks.md, "Penalties").

    A warning changes nothing. A game loss gives the opponent one game: one of the penalised player's wins (or,
    without one, a drawn game) becomes the opponent's, or, if the penalised player won and drew nothing, the
    opponent wins one more game while they still need one to win the match. A match loss makes the match the
    opponent's, with the games a match needs (1-0, 2-0), unless they already won it."""
    if kind not in PENALTY_KINDS or record.bye or kind == "warning":
        return record
    other = 1 - side
    wins = list(record.wins)
    draws = record.draws
    needed = games_per_match // 2 + 1
    if kind == "match-loss":
        if wins[other] > wins[side]:
            return record
        wins[side], wins[other], draws = 0, needed, 0
    elif wins[side] > 0:
        wins[side] -= 1
        wins[other] += 1
    elif draws > 0:
        draws -= 1
        wins[other] += 1
    elif wins[other] < needed:
        wins[other] += 1
    return MatchRecord(players=record.players, wins=(wins[0], wins[1]), draws=draws)


def bye_record(player: str, games_per_match: int) -> MatchRecord:
    """A bye: a match win, 2-0 in games (1-0 in a best-of-one event)."""
    return MatchRecord(players=(player, None), wins=(2 if games_per_match == 3 else 1, 0))


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    points: int
    wins: int
    losses: int
    draws: int
    mwp: Fraction
    gwp: Fraction
    omw: Fraction
    ogw: Fraction
    dropped: bool
    byes: int
    opponents: tuple[str, ...]

    @property
    def record(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"

    def to_dict(self) -> dict[str, object]:
        """The API's and the CSV's row: percentages from 0 to 1, rounded to 4 decimals."""
        return {
            "rank": self.rank,
            "player": self.player,
            "points": self.points,
            "record": self.record,
            "omw": round(float(self.omw), 4),
            "gwp": round(float(self.gwp), 4),
            "ogw": round(float(self.ogw), 4),
            "dropped": self.dropped,
        }


@dataclass
class _Tally:
    points: int = 0
    matches: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    game_points: int = 0
    games: int = 0
    byes: int = 0

    def add(self, match: MatchRecord, side: int) -> None:
        points = match.match_points(side)
        self.points += points
        self.matches += 1
        self.wins += points == MATCH_WIN
        self.draws += points == MATCH_DRAW
        self.losses += points == 0
        self.game_points += match.game_points(side)
        self.games += match.games

    @property
    def mwp(self) -> Fraction:
        return max(FLOOR, Fraction(self.points, MATCH_WIN * self.matches)) if self.matches else FLOOR

    @property
    def gwp(self) -> Fraction:
        return max(FLOOR, Fraction(self.game_points, GAME_WIN * self.games)) if self.games else FLOOR


def _mean(values: list[Fraction]) -> Fraction:
    # Nobody met yet (only byes, or round 1 not played): the floor, as docs/contracts/tournaments.md says.
    return sum(values, Fraction(0)) / len(values) if values else FLOOR


def standings(*, players: Sequence[str], matches: Iterable[MatchRecord], dropped: Iterable[str] = ()) -> list[Standing]:
    """Every player's standing after the given Swiss matches, best first.

    Order: match points, OMW, GWP, OGW (higher first, on exact values), then the name.
    A bye counts for the player's own record, points, MWP and GWP, never as an opponent.
    """
    tally = {p: _Tally() for p in players}
    met: dict[str, list[str]] = {p: [] for p in players}
    for match in matches:
        a, b = match.players
        tally[a].add(match, 0)
        if b is None:
            tally[a].byes += 1
            continue
        tally[b].add(match, 1)
        met[a].append(b)
        met[b].append(a)
    gone = set(dropped)
    rows = []
    for p in players:
        t = tally[p]
        omw = _mean([tally[o].mwp for o in met[p]])
        ogw = _mean([tally[o].gwp for o in met[p]])
        rows.append((p, t, omw, ogw))
    # Alphabetical as a person reads it (alice before Bob), then the name as stored: two names that
    # differ only in case keep one order.
    rows.sort(key=lambda r: (-r[1].points, -r[2], -r[1].gwp, -r[3], r[0].casefold(), r[0]))
    return [
        Standing(
            rank=i,
            player=p,
            points=t.points,
            wins=t.wins,
            losses=t.losses,
            draws=t.draws,
            mwp=t.mwp,
            gwp=t.gwp,
            omw=omw,
            ogw=ogw,
            dropped=p in gone,
            byes=t.byes,
            opponents=tuple(met[p]),
        )
        for i, (p, t, omw, ogw) in enumerate(rows, start=1)
    ]


def _result_findings(wins: Sequence[int], draws: int, games_per_match: int, top_cut: bool) -> Iterator[Finding]:
    to_win = games_per_match // 2 + 1
    if len(wins) != 2 or any(w < 0 for w in wins) or draws < 0:
        yield finding("result-shape", "A result is two numbers of games won and a number of drawn games, none below 0.")
        return
    if max(wins) > to_win:
        yield finding(
            "too-many-wins",
            f"A best-of-{games_per_match} match is won with {to_win} game{'s' if to_win > 1 else ''}: nobody wins more.",
            limit=to_win,
        )
    elif min(wins) == to_win:
        yield finding("both-won", "Both players cannot have won the match.")
    elif sum(wins) + draws > games_per_match:
        yield finding(
            "too-many-games",
            f"A best-of-{games_per_match} match has at most {games_per_match} game{'s' if games_per_match > 1 else ''}.",
            limit=games_per_match,
        )
    if top_cut and wins[0] == wins[1]:
        yield finding("top-cut-draw", "A top-cut match cannot end in a draw: one player must win more games.")


def check_result(wins: Sequence[int], draws: int, *, games_per_match: int, top_cut: bool = False) -> list[Finding]:
    """Why a reported result cannot be (empty: it can). Stable codes: result-shape, too-many-wins,
    both-won, too-many-games, top-cut-draw."""
    return list(_result_findings(wins, draws, games_per_match, top_cut))

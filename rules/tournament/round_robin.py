"""Round robin pairing for small groups (docs/contracts/tournaments.md; docs/decks.md, "Round robin"): everyone
meets everyone once, by the circle method. Pure: names in, tables out.

The players' order is fixed for the whole event (the caller shuffles it once, from the event's seed). With an odd
number a "bye" seat joins the circle, so each round one player rests. A player who dropped is still in the circle
(the others' schedule does not move); their opponent that round gets the bye instead.
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Sequence

# A round robin is for a small group: 24 players already play 23 rounds.
MAX_ROUND_ROBIN_PLAYERS = 24


def round_robin_rounds(players: int) -> int:
    """Rounds for everyone to meet everyone once: n - 1, or n with an odd number (each rests once)."""
    if players < 2:
        return 0
    return players - 1 if players % 2 == 0 else players


def round_robin_tables(
    players: Sequence[str], round_number: int, dropped: Collection[str] = ()
) -> list[tuple[str, str | None]]:
    """The tables of round `round_number` (1-based), each (player, opponent or None for a bye), the first seat
    first. Raises ValueError past the last round."""
    circle: list[str | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    n = len(circle)
    if not 1 <= round_number <= n - 1:
        raise ValueError(f"A round robin of {len(players)} has rounds 1 to {n - 1}.")
    # The first seat stays; the others turn one place a round.
    turn = (round_number - 1) % (n - 1)
    rest = circle[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    seats = [circle[0], *rest]
    tables: list[tuple[str, str | None]] = []
    for i in range(n // 2):
        a, b = seats[i], seats[n - 1 - i]
        if a is not None and a in dropped:
            a = None
        if b is not None and b in dropped:
            b = None
        if a is None and b is None:
            continue
        if a is None:
            a, b = b, None
        assert a is not None
        tables.append((a, b))
    # Byes last, as Swiss pairs them.
    return sorted(tables, key=lambda t: t[1] is None)

"""The verses quoted word for word at a finished Chapter and Verse table, which an opponent may sign
(docs/learning.md, "Mastery"): read from the game's final position, matched to the catalog's printings, with those
signed already. Read by the table page (tables.views) and checked again by the signing service (tables.services).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q

from cardcollections.models import Card
from learning.mastery.selectors import signed_at_table
from rules.games.chapter_and_verse.table import quoted_verses
from rules.learning import verse_key
from tables.models import Seat
from tables.models import SeatKind
from tables.models import Table
from tables.models import TableStatus
from tables.positions import position


@dataclass(frozen=True)
class QuoteToSign:
    """A verse an opponent of the viewer quoted word for word at a finished table (docs/learning.md, "Mastery")."""

    seat: int
    player: User
    card: str  # the game's card id
    catalog_card: Card
    signed: bool


def quotes_to_sign(table: Table, seats: list[Seat], viewer: Any) -> list[QuoteToSign]:
    """The verses `viewer`'s opponents quoted right at this finished Chapter and Verse table, each once, that the
    viewer may sign: only for a signed-in player seated at the table, only quotes of seats with an account (a
    guest or the computer has no Mastery card), never the viewer's own."""
    if table.status != TableStatus.OVER or table.game != "chapter-and-verse":
        return []
    if not getattr(viewer, "is_authenticated", False):
        return []
    if not any(s.kind == SeatKind.PERSON and s.user_id == viewer.pk for s in seats):
        return []
    players = {s.index: s.user for s in seats if s.kind == SeatKind.PERSON and s.user is not None}
    quoted = [(seat, c) for seat, c in quoted_verses(position(table, seats).state) if seat in players]
    quoted = [(seat, c) for seat, c in quoted if players[seat].pk != viewer.pk]
    if not quoted:
        return []
    printings = Q()
    for _, c in quoted:
        printings |= Q(card_set__code=c.data.set_code, number=c.data.number)
    rows = {
        (r.card_set.code, r.number): r
        for r in Card.objects.filter(printings, game__slug=table.game).select_related("card_set")
    }
    signed = signed_at_table(table_id=table.pk, players=[p.pk for p in players.values()])
    out = []
    for seat, c in quoted:
        row = rows.get((c.data.set_code, c.data.number))
        if row is None or not row.scripture or not row.reference:
            continue
        done = (players[seat].pk, verse_key(row.scripture, row.reference)) in signed
        out.append(QuoteToSign(seat=seat, player=players[seat], card=c.id, catalog_card=row, signed=done))
    return out

"""Reading what the deck page shows: the grouped list with card links and images, charts, history, comparisons.

`deck_stats` loads the deck's cards in one query and hands plain data
(`(count, CardData)` pairs) to rules.deck_charts, which groups and draws.
"""

from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q

from cardcollections.adapters import card_data
from cardcollections.models import Card
from decks.lists.selectors import version_changes
from decks.models import Deck
from decks.models import DeckVersion
from rules.cards import CardData
from rules.charts import Chart
from rules.deck_charts import deck_charts
from rules.deck_charts import group_of
from rules.deck_compare import CountChange
from rules.deck_compare import DeckComparison
from rules.deck_compare import compare_lists
from rules.text import title_key


@dataclass(frozen=True)
class DeckLine:
    count: int
    title: str
    set_code: str
    number: str
    card_id: int | None  # None when the printing has left the catalog
    card: CardData | None
    provenance: str = ""  # the catalog card's: "published", "community", "sample" ("" when it has left)


@dataclass(frozen=True)
class DeckGroup:
    key: str
    label: str
    lines: tuple[DeckLine, ...]

    @property
    def count(self) -> int:
        return sum(line.count for line in self.lines)


@dataclass(frozen=True)
class DeckStats:
    lines: tuple[DeckLine, ...]
    groups: tuple[DeckGroup, ...]
    charts: tuple[Chart, ...]

    @property
    def card_count(self) -> int:
        return sum(line.count for line in self.lines)


def _printing(set_code: str, number: str) -> tuple[str, str]:
    return set_code.casefold(), number.casefold()


def deck_lines(*, game_id: int, game_slug: str, entries: Sequence[Mapping[str, Any]]) -> tuple[DeckLine, ...]:
    """The stored entries with their catalog cards (one query), in the stored order (by title)."""
    return lists_lines([(game_id, entries)])[0]


def lists_lines(lists: Sequence[tuple[int, Sequence[Mapping[str, Any]]]]) -> list[tuple[DeckLine, ...]]:
    """Several stored lists (each its game's id and its entries) with their catalog cards, in one query for all of
    them, so a page of decks costs what one deck does; each list's lines in its stored order."""
    wanted = {(game_id, _printing(e["set"], e["number"])) for game_id, entries in lists for e in entries}
    cards: dict[tuple[int, tuple[str, str]], Card] = {}
    if wanted:
        sets = {e["set"] for _game_id, entries in lists for e in entries}
        numbers = {e["number"] for _game_id, entries in lists for e in entries}
        rows = Card.objects.filter(
            Q(game_id__in={game_id for game_id, _entries in lists}), card_set__code__in=sets, number__in=numbers
        ).select_related("game", "card_set")
        for found in rows:
            key = (found.game_id, _printing(found.card_set.code, found.number))
            if key in wanted:
                cards[key] = found
    return [
        tuple(_line(e, cards.get((game_id, _printing(e["set"], e["number"])))) for e in entries)
        for game_id, entries in lists
    ]


def _line(entry: Mapping[str, Any], row: Card | None) -> DeckLine:
    return DeckLine(
        count=int(entry["count"]),
        title=row.title if row is not None else entry["title"],
        set_code=entry["set"],
        number=entry["number"],
        card_id=row.pk if row is not None else None,
        card=card_data(row) if row is not None else None,
        provenance=row.provenance if row is not None else "",
    )


def _groups(game_slug: str, lines: Iterable[DeckLine]) -> tuple[DeckGroup, ...]:
    by_key: dict[str, tuple[Any, list[DeckLine]]] = {}
    for line in lines:
        group = group_of(game_slug, line.card)
        by_key.setdefault(group.key, (group, []))[1].append(line)
    ordered = sorted(by_key.values(), key=lambda item: (item[0].order, item[0].label))
    return tuple(
        DeckGroup(group.key, group.label, tuple(sorted(members, key=lambda li: (title_key(li.title), li.set_code))))
        for group, members in ordered
    )


def list_stats(*, game_id: int, game_slug: str, entries: Sequence[Mapping[str, Any]]) -> DeckStats:
    """A list's entries grouped the way its game thinks, and its charts (a deck's, or a registration's snapshot)."""
    lines = deck_lines(game_id=game_id, game_slug=game_slug, entries=entries)
    known = [(line.count, line.card) for line in lines if line.card is not None]
    return DeckStats(lines=lines, groups=_groups(game_slug, lines), charts=deck_charts(game_slug, known))


def deck_stats(*, deck: Deck) -> DeckStats:
    """The deck's list grouped the way its game thinks, and its charts. One query (the cards)."""
    return list_stats(game_id=deck.game_id, game_slug=deck.game.slug, entries=deck.cards)


# ---------------------------------------------------------------- history and comparisons
@dataclass(frozen=True)
class VersionChange:
    number: int
    name: str
    format: str
    card_count: int
    created: datetime
    changes: DeckComparison | None  # None: the version before it is no longer kept
    format_changed: bool


def deck_history(*, deck: Deck) -> list[VersionChange]:
    """Every version kept, newest first, with what it changed from the one before (one query)."""
    versions = list(DeckVersion.objects.filter(deck=deck).order_by("number"))
    out: list[VersionChange] = []
    previous: DeckVersion | None = None
    for version in versions:
        out.append(
            VersionChange(
                number=version.number,
                name=version.name,
                format=version.format,
                card_count=version.card_count,
                created=version.created,
                changes=version_changes(version, previous),
                format_changed=previous is not None and previous.format != version.format,
            )
        )
        previous = version
    out.reverse()
    return out


def side_by_side(*, left: Iterable[Mapping[str, Any]], right: Iterable[Mapping[str, Any]]) -> list[CountChange]:
    """Every title of either list with its copies in each (`before`: left, `after`: right), by title."""
    comparison = compare_lists(left, right)
    return sorted((*comparison.added, *comparison.removed, *comparison.unchanged), key=lambda r: title_key(r.title))

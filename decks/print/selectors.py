"""The cards of a deck to print: its main list's printings in the catalog, in the list's order, with their copies;
and its verses, for a study sheet."""

from __future__ import annotations

from dataclasses import dataclass

from cardcollections.models import Card
from cardcollections.printing.study import StudyVerse
from decks.lists.stats import deck_lines
from decks.models import Deck


@dataclass(frozen=True)
class DeckPrintList:
    cards: tuple[tuple[Card, int], ...]  # each printing with its copies, in the deck's order (by title)
    left_out: tuple[str, ...]  # entries no longer in the catalog ("2 Title (SET) 12"): nothing to draw

    @property
    def count(self) -> int:
        return sum(n for _card, n in self.cards)


def deck_print_list(*, deck: Deck) -> DeckPrintList:
    """The deck's printings to print (two queries: the list's cards, then those rows with their game and set)."""
    lines = deck_lines(game_id=deck.game_id, game_slug=deck.game.slug, entries=deck.cards)
    ids = [line.card_id for line in lines if line.card_id is not None]
    rows = Card.objects.filter(pk__in=ids).select_related("game", "card_set").in_bulk()
    cards = tuple((rows[line.card_id], line.count) for line in lines if line.card_id in rows)
    left_out = tuple(
        f"{line.count} {line.title} ({line.set_code}) {line.number}" for line in lines if line.card_id not in rows
    )
    return DeckPrintList(cards=cards, left_out=left_out)


def deck_study_verses(*, deck: Deck) -> tuple[StudyVerse, ...]:
    """The deck's verses in its order (by title), each once: a card with no scripture has none to study."""
    verses: dict[tuple[str, str], StudyVerse] = {}
    for card, _copies in deck_print_list(deck=deck).cards:
        text = card.scripture.strip()
        if text:
            verses.setdefault((card.reference, text), StudyVerse(reference=card.reference, text=text))
    return tuple(verses.values())

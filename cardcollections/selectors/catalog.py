"""Reading catalogs: the whole-game dump, and the queries pages and the API share."""

from typing import Any

from django.db.models import Count, F, Min, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from cardcollections.catalog_mapping import fields_from_card
from cardcollections.models import Card, CardSet, Game
from rules.catalog import card_document, set_document


def catalog_document(*, game: str) -> dict[str, Any]:
    """The game's whole catalog in the file format of catalog-format.md."""
    # Insertion order, so a loaded file dumps back in its own order.
    sets = CardSet.objects.filter(game__slug=game).order_by("id")
    cards = Card.objects.filter(game__slug=game).select_related("game", "card_set").order_by("id")
    return {
        "game": game,
        "sets": [set_document(s.code, s.name, s.released) for s in sets],
        "cards": [card_document(game, c.card_set.code, c.number, c.title, fields_from_card(c)) for c in cards],
    }


def cards_for_listing() -> QuerySet[Card]:
    """Cards with what a card list shows joined in (one query per page)."""
    return Card.objects.select_related("game", "card_set").defer("search_text")


def card_ids_needing_faces() -> list[int]:
    """Cards with no scan whose rendered face is missing or out of date."""
    return list(Card.objects.filter(scan="", face_key="").order_by("id").values_list("id", flat=True))


# Sets by release (undated sets last), then the catalog file's own order.
_CATALOG_ORDER = (F("card_set__released").asc(nulls_last=True), "card_set__code", "id")


def game_card_counts() -> list[Game]:
    """The games in their fixed order, each with `card_count`, `set_count` and `preview_card_id` (one query)."""
    # Sets are counted in a subquery: joining cards and sets together would
    # multiply the rows (cards x sets) before counting.
    set_counts = CardSet.objects.filter(game=OuterRef("pk")).order_by().values("game").annotate(n=Count("id"))
    return list(
        Game.objects.annotate(
            card_count=Count("cards"),
            set_count=Coalesce(Subquery(set_counts.values("n")), 0),
            preview_card_id=Min("cards__id"),
        ).order_by("position")
    )


def game_get(*, slug: str) -> Game | None:
    return Game.objects.filter(slug=slug).first()


def card_list(*, game: Game) -> QuerySet[Card]:
    """The game's cards in catalog order, with what a grid tile shows."""
    return (
        Card.objects.filter(game=game)
        .select_related("card_set")
        .only("id", "title", "number", "card_set__code", "card_set__name", "card_set__released")
        .order_by(*_CATALOG_ORDER)
    )


def card_get(*, pk: int) -> Card | None:
    return Card.objects.select_related("game", "card_set").filter(pk=pk).first()


def card_printings(*, card: Card) -> list[Card]:
    """Other printings of the card's title in its game (the copy limits count them together)."""
    return list(
        Card.objects.filter(game_id=card.game_id, title_key=card.title_key)
        .exclude(pk=card.pk)
        .select_related("card_set")
        .order_by(*_CATALOG_ORDER)
    )


def game_tag_values(*, game: Game, field: str) -> list[str]:
    """The distinct strings in a list field (C&V `markers`, Warriors `icon_names`) of the game's cards.

    Read in Python: SQLite cannot unnest JSON lists portably, and a game has a
    few thousand cards at most.
    """
    if field not in ("markers", "icon_names"):
        raise ValueError(f"not a tag field: {field}")
    seen: dict[str, str] = {}
    for values in Card.objects.filter(game=game).values_list(field, flat=True):
        for value in values or []:
            seen.setdefault(value.casefold(), value)
    return sorted(seen.values(), key=str.casefold)

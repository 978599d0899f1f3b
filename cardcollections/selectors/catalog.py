"""Reading catalogs: the whole-game dump, and the queries pages and the API share."""

from typing import Any

from django.db.models import QuerySet

from cardcollections.catalog_mapping import fields_from_card
from cardcollections.models import Card, CardSet
from rules.catalog import card_document, set_document


def catalog_document(*, game: str) -> dict[str, Any]:
    """The game's whole catalog in the file format of catalog-format.md."""
    # Insertion order, so a loaded file dumps back in its own order.
    sets = CardSet.objects.filter(game__slug=game).order_by("id")
    cards = (
        Card.objects.filter(game__slug=game)
        .select_related("game", "card_set")
        .order_by("id")
    )
    return {
        "game": game,
        "sets": [set_document(s.code, s.name, s.released) for s in sets],
        "cards": [card_document(game, c.card_set.code, c.number, c.title, fields_from_card(c)) for c in cards],
    }


def cards_for_listing() -> QuerySet[Card]:
    """Cards with what a card list shows joined in (one query per page)."""
    return Card.objects.select_related("game", "card_set")


def card_ids_needing_faces() -> list[int]:
    """Cards with no scan whose rendered face is missing or out of date."""
    return list(Card.objects.filter(scan="", face_key="").order_by("id").values_list("id", flat=True))

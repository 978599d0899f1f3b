"""The starter catalogs as card pools, built without Django (the engine tests need no database)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rules.cards import CardData
from rules.cards import CardPool
from rules.catalog import parse_catalog

CATALOGS = Path(__file__).resolve().parents[3] / "cardcollections" / "starter_catalogs"
# CardData's fields that a catalog field fills, where the names differ.
_RENAMED = {"icons": "icon_names"}
_KNOWN = set(CardData.__dataclass_fields__)


@cache
def starter_pool(game: str) -> CardPool:
    catalog = parse_catalog(json.loads((CATALOGS / f"{game}.json").read_text(encoding="utf-8")))
    cards = []
    for card in catalog.cards:
        # Chapter and Verse's `icons` are its theme counts (CardData.icons); other games' icons are names.
        renamed = {} if game == "chapter-and-verse" else _RENAMED
        values = {renamed.get(k, k): v for k, v in card.fields.items()}
        values = {k: v for k, v in values.items() if k in _KNOWN and v is not None}
        if game != "chapter-and-verse":
            values.pop("icons", None)
        cards.append(CardData(game=game, set_code=card.set_code, number=card.number, title=card.title, **values))
    return CardPool.of(game, cards)

"""Bible Battles' catalog fields: type, effort, offense, defense, food, wisdom and the flags."""

from rules.catalog_fields import Field, boolean, integer, string
from rules.games.bible_battles import BB_TYPES

FIELDS: tuple[Field, ...] = (
    Field("type", string(choices=BB_TYPES)),
    Field("effort", integer(0)),
    Field("offense", integer(0)),
    Field("defense", integer(0)),
    Field("food", integer(0), 0),
    Field("wisdom", integer(0), 0),
    Field("unique", boolean, False),
    Field("mounted", boolean, False),
    Field("abilities", string(), ""),
)

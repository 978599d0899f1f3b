"""Bible Battles' catalog fields: type, effort, offense, defense, food, wisdom, the flags and the effects."""

from rules.catalog_fields import Field
from rules.catalog_fields import boolean
from rules.catalog_fields import empty_list
from rules.catalog_fields import integer
from rules.catalog_fields import string
from rules.games.bible_battles import BB_TYPES
from rules.games.bible_battles.effects import bb_effects

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
    # What the play-out runs of the abilities (rules/games/bible_battles/effects.py).
    Field("effects", bb_effects, None, fresh=empty_list),
)

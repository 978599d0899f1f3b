"""Battle Cards' catalog fields: the four category scores, value and size."""

from rules.catalog_fields import Field
from rules.catalog_fields import integer
from rules.catalog_fields import string
from rules.games.battle_cards import BC_SIZES

FIELDS: tuple[Field, ...] = (
    Field("strength", integer(0)),
    Field("skill", integer(0)),
    Field("magic", integer(0)),
    Field("terror", integer(0)),
    Field("value", integer(0)),
    Field("size", string(choices=BC_SIZES)),
)

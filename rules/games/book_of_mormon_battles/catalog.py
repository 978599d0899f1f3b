"""Book of Mormon Battles' catalog fields: characters (value, colour, shape) and powers."""

from rules.catalog_fields import Field
from rules.catalog_fields import integer
from rules.catalog_fields import string
from rules.games.book_of_mormon_battles import BMB_COLORS
from rules.games.book_of_mormon_battles import BMB_KINDS
from rules.games.book_of_mormon_battles import BMB_POWERS
from rules.games.book_of_mormon_battles import BMB_SHAPES

FIELDS: tuple[Field, ...] = (
    Field("kind", string(choices=BMB_KINDS)),
    Field("value", integer(0), kinds=("character",)),
    Field("color", string(choices=BMB_COLORS), kinds=("character",)),
    Field("shape", string(choices=BMB_SHAPES), kinds=("character",)),
    Field("power", string(choices=BMB_POWERS), kinds=("power",)),
)

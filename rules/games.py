"""The five games the site knows, by their slugs (shared/spec/README.md)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    slug: str
    name: str
    collectible: bool
    short: str


GAMES: tuple[Game, ...] = (
    Game("chapter-and-verse", "Chapter and Verse", True, "C&V"),
    Game("bible-battles", "Bible Battles Trading Card Game", True, "BB"),
    Game("book-of-mormon-battles", "Book of Mormon Battles", False, "BoMB"),
    Game("warriors-of-the-promised-land", "Warriors of the Promised Land", False, "WPL"),
    Game("battle-cards", "Battle Cards", True, "BC"),
)
GAME_SLUGS: tuple[str, ...] = tuple(g.slug for g in GAMES)
GAMES_BY_SLUG: dict[str, Game] = {g.slug: g for g in GAMES}

CV_THEMES: tuple[str, ...] = ("strength", "wisdom", "faith", "histories", "trials")
CV_STANDARD_WORKS: tuple[str, ...] = (
    "old-testament",
    "new-testament",
    "book-of-mormon",
    "doctrine-and-covenants",
    "pearl-of-great-price",
)
CV_EFFECT_KINDS: tuple[str, ...] = (
    "discard",
    "quote",
    "prayer",
    "keyword",
    "unique",
    "cross-reference",
    "quick-play",
    "text",
)
BB_TYPES: tuple[str, ...] = (
    "follower",
    "animal",
    "crop",
    "land",
    "city",
    "fortress",
    "building",
    "unique-person",
    "army",
    "event",
    "item",
)
BMB_KINDS = ("character", "power")
BMB_COLORS = ("gold", "black")
BMB_SHAPES = ("diamond", "oval")
BMB_POWERS = (
    "faith",
    "wickedness",
    "battle",
    "conversion",
    "title-of-liberty",
    "secret-combination",
    "stripling-warriors",
    "famine",
)
WPL_KINDS = ("warrior", "armory")
WPL_ALIGNMENTS = ("righteous", "wicked")
BC_SIZES = ("B", "M", "S")
BC_CATEGORIES = ("strength", "skill", "magic", "terror", "value")

"""The starter decks: ready decks for new players, one list per line of this file (data, not rows).

Collectible games (Chapter and Verse, Bible Battles) get curated lists built from
the starter catalogs; the fixed-deck games get their box as it comes (every card
of the catalog with its copies, `decklist=None`), read from the catalog when copied.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Starter:
    slug: str
    game: str
    name: str
    label: str  # who it is for, shown as a badge
    format: str
    writeup: str  # Markdown, [[Card]] links
    decklist: str | None  # None: the game's box, every card with its copies


def _lines(copies: int, titles: str) -> str:
    return "".join(f"{copies} {t.strip()}\n" for t in titles.strip().split(";"))


def _box(slug: str, game: str, contents: str) -> Starter:
    """A fixed-deck game's starter: its box as it comes (`contents` says what is in it)."""
    return Starter(
        slug=slug,
        game=game,
        name="The box",
        label="Fixed deck",
        format="complete",
        writeup=f"{contents}: nothing to choose, open it and play.",
        decklist=None,
    )


STARTERS: tuple[Starter, ...] = (
    Starter(
        slug="cv-faith-and-works",
        game="chapter-and-verse",
        name="Faith and works",
        label="First deck",
        format="advanced",
        writeup=(
            "Cheap faith and strength verses: play [[Be Still]] and [[The Lord Is My Shepherd]] early, then "
            "[[Faith Without Works]] and [[Love One Another]]. Three copies of each of thirteen titles, so you "
            "see the same cards often and learn them fast."
        ),
        decklist=_lines(
            3,
            "Be Strong; Go and Do; Love One Another; Keep My Commandments; Let Your Light Shine; Through Christ; "
            "Faith Without Works; Not a Perfect Knowledge; Without Faith; Ask, Seek, Knock; Come unto Me; "
            "The Lord Is My Shepherd; Be Still",
        )
        + "1 Mighty Prayer\n",
    ),
    Starter(
        slug="cv-line-upon-line",
        game="chapter-and-verse",
        name="Line upon line",
        label="Wisdom",
        format="advanced",
        writeup=(
            "A wisdom deck that builds slowly: [[Beginning of Wisdom]] and [[By Small Means]] cost nothing, "
            "[[Line upon Line]] and [[Train Up a Child]] add up, and [[Feast upon the Words]] pays off a "
            "Scripture hand. Pairs well with a second player on *Faith and works*."
        ),
        decklist=_lines(
            3,
            "In the Service; Beginning of Wisdom; By Small Means; Train Up a Child; That They Might Have Joy; "
            "Line upon Line; A Lamp unto My Feet; Learn in Thy Youth; Trust in the Lord; Counsel with the Lord; "
            "Ask of God; The Rod of Iron; Feast upon the Words",
        )
        + "1 All Scripture\n",
    ),
    Starter(
        slug="bb-shepherds-and-fields",
        game="bible-battles",
        name="Shepherds and fields",
        label="First deck",
        format="standard",
        writeup=(
            "Followers first, then the food to keep them: [[Shepherd]] and [[Farmer]] cost no effort, "
            "[[Goat]], [[Sheep]] and [[Wheat Field]] feed them, and [[Spearmen]] and [[Slingers]] defend. "
            "Sixty cards, the suggested size."
        ),
        decklist=_lines(6, "Shepherd; Farmer")
        + "4 Herdsman\n"
        + _lines(3, "Fisherman; Potter; Goat; Sheep; Cattle; Wheat Field; Barley Field; Fig Trees; River; Oasis")
        + _lines(3, "Village; Well; Spearmen; Slingers")
        + "2 Sling\n",
    ),
    _box("bomb-box", "book-of-mormon-battles", "Every card of the boxed game, as it comes"),
    _box("wpl-box", "warriors-of-the-promised-land", "Every card of the boxed game with its count, as it comes"),
)
STARTERS_BY_SLUG = {s.slug: s for s in STARTERS}

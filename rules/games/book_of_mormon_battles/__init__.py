"""Book of Mormon Battles: the game and its card vocabulary (a fixed deck: one boxed game)."""

from rules.games.interface import Game

GAME = Game("book-of-mormon-battles", "Book of Mormon Battles", False, "BoMB")

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

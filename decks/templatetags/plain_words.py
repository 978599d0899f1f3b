"""Template filters that show players words, not the site's codes: a finding's label and a format's name."""

from typing import Any

from django import template

from decks.lists.selectors import format_display_name
from decks.validation.labels import finding_label as _finding_label
from rules.tournament.handicap import HANDICAPS

register = template.Library()


@register.filter
def finding_label(code: Any) -> str:
    """`{{ f.code|finding_label }}`: 'too-many-copies' -> 'Too many copies'."""
    return _finding_label(str(code or ""))


@register.filter
def format_name(slug: Any, game: Any) -> str:
    """`{{ event.format|format_name:event.game.slug }}`: 'advanced' -> 'Advanced', a tournament format's name."""
    return format_display_name(game=str(game or ""), slug=str(slug or ""))


@register.filter
def handicap(value: int | None, game: str) -> str:
    """A registration's handicap in words for its game ("5 blessings", "wisdom 20"); the standard when None."""
    kind = HANDICAPS.get(game)
    return kind.label(value) if kind is not None else ""

"""Page lookups: what a selector found, or the 404 a page answers when it found nothing."""

from __future__ import annotations

from typing import TypeVar

from django.http import Http404

from cardcollections.catalog.selectors import card_get, game_get
from cardcollections.models import Card, Game

T = TypeVar("T")


def found_or_404(found: T | None, what: str) -> T:
    """`found`, or a 404 "No such <what>." (selectors answer None for missing rows and for other users' rows)."""
    if found is None:
        raise Http404(f"No such {what}.")
    return found


def game_or_404(slug: str) -> Game:
    return found_or_404(game_get(slug=slug), "game")


def card_or_404(pk: int) -> Card:
    return found_or_404(card_get(pk=pk), "card")

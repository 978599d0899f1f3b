"""Page lookups: the game or card a URL names, or the 404 a page answers when there is none."""

from __future__ import annotations

from cardcollections.catalog.selectors import card_get, game_get
from cardcollections.models import Card, Game
from cardsite.api.errors import found_or_404


def game_or_404(slug: str) -> Game:
    return found_or_404(game_get(slug=slug), "No such game.")


def card_or_404(pk: int) -> Card:
    return found_or_404(card_get(pk=pk), "No such card.")

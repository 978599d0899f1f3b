"""Copying a starter deck into a player's decks."""

from django.contrib.auth.models import User

from cardcollections.models import Game
from decks.lists.services import deck_create
from decks.models import Deck
from decks.starters.catalog import Starter
from decks.starters.selectors import starter_decklist


def starter_copy(*, starter: Starter, game: Game, owner: User) -> Deck:
    """A private deck of `owner` with the starter's list, format and write-up (version 1 of its own history)."""
    return deck_create(
        owner=owner,
        game=game,
        name=starter.name if starter.decklist is not None else f"{game.name}: the box",
        format_slug=starter.format,
        description=starter.writeup,
        decklist=starter_decklist(starter=starter, game=game),
    )

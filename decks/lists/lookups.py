"""The deck a URL names, or a 404: one lookup for the deck pages of every feature."""

from typing import Any

from cardsite.api.errors import found_or_404
from decks.lists.selectors import deck_get_owned
from decks.lists.selectors import deck_get_readable
from decks.models import Deck


def deck_owned_or_404(deck_id: Any, user: Any) -> Deck:
    """The deck if `user` owns it; a 404 for anyone else."""
    return found_or_404(deck_get_owned(deck_id=deck_id, user=user), "No such deck.")


def deck_readable_or_404(deck_id: Any, user: Any) -> Deck:
    """The deck if `user` may read it (theirs, or public); a 404 otherwise."""
    return found_or_404(deck_get_readable(deck_id=deck_id, user=user), "No such deck.")

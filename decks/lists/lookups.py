"""The deck a URL names, or the refusal: one lookup of each kind for the pages and the API of every feature.

Each takes the caller and the deck's id by keyword, as the collections app's lookups do (`trade_or_404(*, user, pk)`).
"""

from typing import Any

from cardsite.api.errors import found_or_404
from cardsite.api.errors import owned_or_refused
from decks.lists.selectors import deck_get_owned
from decks.lists.selectors import deck_get_readable
from decks.models import Deck

NO_DECK = "No such deck."


def deck_owned_or_404(*, user: Any, pk: Any) -> Deck:
    """The deck if `user` owns it; a 404 for anyone else (the pages' editors and sheets)."""
    return found_or_404(deck_get_owned(deck_id=pk, user=user), NO_DECK)


def deck_owned_or_refused(*, user: Any, pk: Any) -> Deck:
    """The deck if `user` owns it; a 403 if they may read it but it is someone else's, a 404 if they may not."""
    return owned_or_refused(
        owned=deck_get_owned(deck_id=pk, user=user),
        visible=lambda: deck_get_readable(deck_id=pk, user=user) is not None,
        missing=NO_DECK,
        not_yours="Only the deck's owner may do this.",
    )


def deck_readable_or_404(*, user: Any, pk: Any) -> Deck:
    """The deck if `user` may read it (theirs, or public or unlisted); a 404 otherwise."""
    return found_or_404(deck_get_readable(deck_id=pk, user=user), NO_DECK)

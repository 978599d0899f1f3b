"""The verse a URL or a form names, or the 404: a player reaches only their own verses."""

from typing import Any

from cardsite.api.errors import found_or_404
from learning.models import LearnedVerse
from learning.selectors import verse_get_owned

NO_VERSE = "No such verse."


def verse_owned_or_404(*, user: Any, pk: Any) -> LearnedVerse:
    """`user`'s verse `pk`; a 404 for a missing id and another player's alike (ids do not leak)."""
    return found_or_404(verse_get_owned(user=user, pk=pk), NO_VERSE)

"""The match a URL names, or a 404: one lookup for the tournament and judging pages and APIs."""

from typing import Any

from cardsite.api.errors import found_or_404
from decks.models import Event
from decks.models import Match
from decks.tournaments.selectors import event_match

# Another event's match is no match of this one: the same answer as an id that does not exist.
NO_MATCH = "No such match."


def event_match_or_404(*, event: Event, match_id: Any) -> Match:
    return found_or_404(event_match(event=event, match_id=match_id), NO_MATCH)

"""The decks app's models, for Django: each feature keeps its own `models.py`."""

from decks.events.models import Event, EventCheck, EventCheckStatus, EventState, Registration
from decks.formats.models import TournamentFormat, TournamentFormatVersion
from decks.goldfish.models import GoldfishChunk, GoldfishJob, GoldfishStatus
from decks.likes.models import DeckLike
from decks.lists.models import Deck, DeckNotice, DeckVersion, DeckVisibility
from decks.tournaments.models import Match, Player, Round, RoundKind

__all__ = [
    "Deck",
    "DeckLike",
    "DeckNotice",
    "DeckVersion",
    "DeckVisibility",
    "Event",
    "EventCheck",
    "EventCheckStatus",
    "EventState",
    "GoldfishChunk",
    "GoldfishJob",
    "GoldfishStatus",
    "Match",
    "Player",
    "Registration",
    "Round",
    "RoundKind",
    "TournamentFormat",
    "TournamentFormatVersion",
]

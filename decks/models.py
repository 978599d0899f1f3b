"""The decks app's models, for Django: each feature keeps its own `models.py`."""

from decks.comments.models import DeckComment
from decks.events.models import Event, EventCheck, EventCheckStatus, EventState, Registration
from decks.follows.models import Follow
from decks.formats.models import TournamentFormat, TournamentFormatVersion
from decks.goldfish.models import GoldfishChunk, GoldfishJob, GoldfishStatus
from decks.likes.models import DeckLike
from decks.lists.models import Deck, DeckNotice, DeckTitle, DeckVersion, DeckVisibility
from decks.organise.models import DeckFolder, DeckTag
from decks.tournaments.models import Match, Player, Round, RoundKind

__all__ = [
    "Deck",
    "DeckComment",
    "DeckFolder",
    "DeckLike",
    "DeckNotice",
    "DeckTag",
    "DeckTitle",
    "DeckVersion",
    "DeckVisibility",
    "Event",
    "EventCheck",
    "EventCheckStatus",
    "EventState",
    "Follow",
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

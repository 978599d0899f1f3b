"""The decks app's models, for Django: each feature keeps its own `models.py`."""

from decks.comments.models import DeckComment
from decks.events.models import Event
from decks.events.models import EventCheck
from decks.events.models import EventCheckStatus
from decks.events.models import EventCoOrganiser
from decks.events.models import EventState
from decks.events.models import Registration
from decks.follows.models import Follow
from decks.formats.models import FormatRecheck
from decks.formats.models import TournamentFormat
from decks.formats.models import TournamentFormatVersion
from decks.goldfish.models import GoldfishChunk
from decks.goldfish.models import GoldfishJob
from decks.goldfish.models import GoldfishStatus
from decks.guests.models import GuestPlayer
from decks.judging.models import EventJudge
from decks.judging.models import JudgeCall
from decks.judging.models import Penalty
from decks.judging.models import PenaltyKind
from decks.likes.models import DeckLike
from decks.likes.models import DeckView
from decks.lists.models import Deck
from decks.lists.models import DeckNotice
from decks.lists.models import DeckTitle
from decks.lists.models import DeckVersion
from decks.lists.models import DeckVisibility
from decks.organise.models import DeckFolder
from decks.organise.models import DeckTag
from decks.tournaments.models import ClockState
from decks.tournaments.models import Match
from decks.tournaments.models import Player
from decks.tournaments.models import Round
from decks.tournaments.models import RoundKind

__all__ = [
    "ClockState",
    "Deck",
    "DeckComment",
    "DeckFolder",
    "DeckLike",
    "DeckNotice",
    "DeckTag",
    "DeckTitle",
    "DeckVersion",
    "DeckView",
    "DeckVisibility",
    "Event",
    "EventCheck",
    "EventCheckStatus",
    "EventCoOrganiser",
    "EventJudge",
    "EventState",
    "Follow",
    "FormatRecheck",
    "GoldfishChunk",
    "GoldfishJob",
    "GoldfishStatus",
    "GuestPlayer",
    "JudgeCall",
    "Match",
    "Penalty",
    "PenaltyKind",
    "Player",
    "Registration",
    "Round",
    "RoundKind",
    "TournamentFormat",
    "TournamentFormatVersion",
]

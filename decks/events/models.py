"""Tournament events, the decks registered for them, and the organiser's re-check jobs.

A registration is a snapshot: the list, its validation at that moment and a
short hash of its canonical text are written once and never updated. Replacing
a registration (allowed until the deadline) retires the old row and writes a
new one. A re-check (after a ban, say) writes `recheck` beside the snapshot,
never over it.
"""

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import QuerySet

from cardcollections.jobs.models import Job
from cardcollections.jobs.models import JobStatus
from cardcollections.models import Game
from decks.formats.models import TournamentFormatVersion
from decks.lists.models import Deck


class EventState(models.TextChoices):
    REGISTRATION = "registration"
    RUNNING = "running"
    TOP_CUT = "top-cut"
    FINISHED = "finished"


# How an event's rounds are paired (docs/decks.md, "Round robin").
PAIRING_CHOICES = [("swiss", "Swiss"), ("round_robin", "round robin")]


class Event(models.Model):
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_events")
    name = models.CharField(max_length=120)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    format = models.CharField(max_length=60, help_text="a base format of the game or a tournament format's slug")
    # The tournament format's version the event uses (null for a base format): kept until the organiser moves it.
    format_version = models.ForeignKey(
        TournamentFormatVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="events"
    )
    deadline = models.DateTimeField(help_text="registrations may be made or replaced until this moment")
    description = models.TextField(blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    # Running the event (docs/contracts/tournaments.md; decks/tournaments/).
    # Null rounds: the default for the player count.
    rounds = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Swiss rounds (empty: by player count)")
    games_per_match = models.PositiveSmallIntegerField(default=1, choices=[(1, "best of one"), (3, "best of three")])
    top_cut = models.PositiveSmallIntegerField(
        default=0, choices=[(0, "none"), (2, "top 2"), (4, "top 4"), (8, "top 8")]
    )
    # How rounds are paired: Swiss, or round robin for a small group (everyone meets everyone once).
    pairing = models.CharField(max_length=12, choices=PAIRING_CHOICES, default="swiss")
    decklists_public = models.BooleanField(
        default=False, help_text="the top decks' lists are shown to everyone once the event is finished"
    )
    # Each pairing gets a table on the site for its two players (docs/tables.md, "Tournament matches online");
    # players at a physical table still report as before.
    played_online = models.BooleanField(default=False, help_text="each pairing gets a table on the site")
    # A casual event (docs/decks.md, "Casual events"): its standings are for its staff and players only.
    casual = models.BooleanField(default=False, help_text="standings only for the event's staff and players")
    state = models.CharField(max_length=12, choices=EventState.choices, default=EventState.REGISTRATION)
    # The number of the latest round paired (0 before round 1): pairing claims the next number by a conditional update.
    current_round = models.PositiveSmallIntegerField(default=0)
    seed = models.CharField(max_length=32, blank=True, default="", help_text="round 1's random pairing comes from it")
    started = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["deadline", "name"]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations")
    deck = models.ForeignKey(Deck, on_delete=models.SET_NULL, null=True, blank=True, related_name="registrations")
    # The snapshot: never written after the row is created.
    deck_name = models.CharField(max_length=120)
    deck_version = models.PositiveIntegerField()
    format = models.CharField(max_length=60)
    cards = models.JSONField(default=list)
    decklist = models.TextField(help_text="the canonical text of the list (deck-format.md export)")
    list_hash = models.CharField(max_length=9, help_text="a short hash of `decklist`, printed for judges")
    card_count = models.PositiveIntegerField(default=0)
    validation = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)
    # False once the player replaced it with a newer registration.
    active = models.BooleanField(default=True)
    replaced = models.DateTimeField(null=True, blank=True)
    # The latest organiser re-check, beside the snapshot.
    recheck = models.JSONField(null=True, blank=True)
    recheck_legal = models.BooleanField(null=True, blank=True)
    rechecked = models.DateTimeField(null=True, blank=True)
    # The organiser's handicap for this player (docs/decks.md, "Handicaps"), beside the snapshot as the re-check is:
    # Chapter and Verse, the blessings the player sets aside; Bible Battles, the wisdom they must reach. Null: the
    # game's own number (7 blessings; the event's wisdom target, 30).
    handicap = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["event", "created"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "player"], condition=models.Q(active=True), name="registration_one_active_per_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.deck_name} [{self.list_hash}]"


MAX_CO_ORGANISERS = 10


class EventCoOrganiser(models.Model):
    """Someone the organiser named to run the event with them (docs/decks.md, "Co-organisers"): they may do all
    the organiser does on it but change its staff (decks/events/selectors.py `event_is_organiser`)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="co_organisers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="co_organising")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="event_co_organiser_once")]

    def __str__(self) -> str:
        return f"{self.user_id} co-organises {self.event_id}"


# A re-check is a kind of job, as a collection import is: the same states.
EventCheckStatus = JobStatus


class EventCheck(Job):
    """The organiser's "re-check every registration against the format" job, run by a worker.

    A kind of job (cardcollections.jobs): claimed, failed, reaped and budgeted as every other kind."""

    # The kind's declaration (cardcollections.jobs.models.Job); its task has the default limits.
    job_what = "re-check"
    job_owner_field = "requested_by"
    job_stopped_message = "the worker running it stopped"
    job_unclaimed_message = "no worker took it within {hours} hours"
    # The estimated worker time of re-checking one registration, for the budget and the queue.
    SECONDS_PER_LIST = 0.05

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="checks")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    legal = models.PositiveIntegerField(default=0)
    illegal = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"check of {self.event_id} ({self.status})"

    @classmethod
    def job_claim_fields(cls) -> dict[str, Any]:
        return {"done": 0, "legal": 0, "illegal": 0}

    @classmethod
    def job_busy_seconds(cls, busy: QuerySet[Any]) -> float:
        return sum(busy.values_list("total", flat=True)) * cls.SECONDS_PER_LIST

    @property
    def progress(self) -> float:
        return 1.0 if self.status == EventCheckStatus.DONE else (self.done / self.total if self.total else 0.0)

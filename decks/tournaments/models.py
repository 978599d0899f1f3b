"""Running an event: its players (fixed at the start), rounds, matches and the players' reports.

A match's `wins_a`/`wins_b`/`draws` hold its result once known: agreed by both
players, entered by the organiser, or a bye's. Until then each player's report
sits in its own column (`report_a`, `report_b`), so two players reporting at the
same moment write different columns of a locked row and neither report is lost.

A round's clock counts down from its length (`clock_minutes`) plus what the organiser added
(`clock_extended`): while it runs, `clock_started_at` is when it last started or resumed and
`clock_used` the seconds it ran before that; a pause adds the run to `clock_used`. A match's
`extra_seconds` is the time its table was given beyond the round's.
"""

from datetime import datetime

from django.conf import settings
from django.db import models

from decks.events.models import Event
from decks.events.models import Registration


class Player(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_players")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    dropped = models.BooleanField(default=False)
    dropped_after = models.PositiveSmallIntegerField(null=True, blank=True, help_text="the round they dropped after")

    class Meta:
        ordering = ["event", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="player_once_per_event")]

    def __str__(self) -> str:
        return f"{self.user} in {self.event_id}"


class RoundKind(models.TextChoices):
    SWISS = "swiss"
    ROUND_ROBIN = "robin", "round robin"
    TOP_CUT = "top-cut"


# The rounds whose results make the standings (a top cut's only order the cut).
SCORED_KINDS = (RoundKind.SWISS, RoundKind.ROUND_ROBIN)


class ClockState(models.TextChoices):
    READY = "ready"  # paired, not started
    RUNNING = "running"
    PAUSED = "paused"


DEFAULT_ROUND_MINUTES = 50


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tournament_rounds")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=RoundKind.choices, default=RoundKind.SWISS)
    created = models.DateTimeField(auto_now_add=True)
    clock_state = models.CharField(max_length=8, choices=ClockState.choices, default=ClockState.READY)
    clock_minutes = models.PositiveSmallIntegerField(default=DEFAULT_ROUND_MINUTES, help_text="the round's length")
    clock_started_at = models.DateTimeField(null=True, blank=True, help_text="while running: when it last (re)started")
    clock_used = models.PositiveIntegerField(default=0, help_text="seconds run before clock_started_at")
    clock_extended = models.PositiveIntegerField(default=0, help_text="seconds the organiser added")

    class Meta:
        ordering = ["event", "number"]
        # The backstop of the conditional claim on Event.current_round: one row per round number.
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_once_per_number")]

    def __str__(self) -> str:
        return f"round {self.number} of {self.event_id}"

    def clock_remaining(self, now: datetime) -> float:
        """Seconds left on the round's clock at `now` (negative once time is up)."""
        used = float(self.clock_used)
        if self.clock_state == ClockState.RUNNING and self.clock_started_at is not None:
            used += max(0.0, (now - self.clock_started_at).total_seconds())
        return self.clock_minutes * 60 + self.clock_extended - used


class Match(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", null=True, blank=True)
    wins_a = models.PositiveSmallIntegerField(null=True, blank=True)
    wins_b = models.PositiveSmallIntegerField(null=True, blank=True)
    draws = models.PositiveSmallIntegerField(null=True, blank=True)
    confirmed = models.BooleanField(default=False, help_text="agreed by both players, entered by the organiser, a bye")
    report_a = models.JSONField(null=True, blank=True)
    report_b = models.JSONField(null=True, blank=True)
    extra_seconds = models.PositiveIntegerField(default=0, help_text="time this table has beyond the round's clock")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="match_once_per_table")]

    def __str__(self) -> str:
        return f"table {self.table} of {self.round}"

    @property
    def bye(self) -> bool:
        return self.player_b_id is None

    @property
    def result(self) -> dict | None:
        if self.wins_a is None:
            return None
        return {"wins": [self.wins_a, self.wins_b], "draws": self.draws}

    @property
    def disputed(self) -> bool:
        """Both players reported, differently: the organiser decides."""
        return not self.confirmed and None not in (self.report_a, self.report_b) and self.report_a != self.report_b

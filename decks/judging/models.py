"""Judge calls (docs/decks.md, "Judge calls"): the judges an organiser names for an event, and the calls players
make from their table. A call names its match (so its table) and its caller; the staff answer it."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from decks.events.models import Event

MAX_JUDGES = 20
MAX_CALL_NOTE = 200
MAX_PENALTY_REASON = 200


class PenaltyKind(models.TextChoices):
    WARNING = "warning"
    GAME_LOSS = "game-loss", "game loss"
    MATCH_LOSS = "match-loss", "match loss"


class EventJudge(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judges")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="judging")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="event_judge_once")]

    def __str__(self) -> str:
        return f"{self.user_id} judges {self.event_id}"


class JudgeCall(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judge_calls")
    match = models.ForeignKey("decks.Match", on_delete=models.CASCADE, related_name="+")
    table = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField()
    caller = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    note = models.CharField(max_length=MAX_CALL_NOTE, blank=True, default="")
    created = models.DateTimeField()
    answered = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            # One open call a match: a second tap while the judge walks over is the same call.
            models.UniqueConstraint(
                fields=["match"], condition=models.Q(answered__isnull=True), name="judge_call_open_once"
            )
        ]

    def __str__(self) -> str:
        return f"table {self.table}, round {self.round}"


class Penalty(models.Model):
    """A penalty the organiser or a judge gave a player of a match (docs/decks.md, "Penalties"). A game loss or a
    match loss changes the match's points as the standings count them; the match's own result is left as played."""

    match = models.ForeignKey("decks.Match", on_delete=models.CASCADE, related_name="penalties")
    player = models.ForeignKey("decks.Player", on_delete=models.CASCADE, related_name="penalties")
    kind = models.CharField(max_length=10, choices=PenaltyKind.choices)
    reason = models.CharField(max_length=MAX_PENALTY_REASON)
    given_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created = models.DateTimeField()

    class Meta:
        ordering = ["created", "id"]

    def __str__(self) -> str:
        return f"{self.kind} for {self.player_id}: {self.reason}"

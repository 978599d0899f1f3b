"""Tournament formats an organiser defines on top of a game's base format."""

import uuid
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import QuerySet

from cardcollections.jobs.models import Job
from cardcollections.models import CardSet
from cardcollections.models import Game
from rules import formats


class FormatRules(models.Model):
    """A tournament format's rules, the same fields on the format and on each of its versions.

    `legal_sets` (declared on each model: only the format's is named from a set)
    empty means every set of the game. Banned and restricted titles are stored
    as written; the engine compares them by title key. `min_size` / `max_size`,
    when set, replace the base format's size limits.
    """

    base_format = models.CharField(max_length=40)
    banned_titles = models.JSONField(default=list, blank=True)
    restricted_titles = models.JSONField(default=list, blank=True)
    min_size = models.PositiveIntegerField(null=True, blank=True)
    max_size = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        abstract = True


class TournamentFormat(FormatRules):
    """A named format (docs/contracts/validation.md, "Tournament formats").

    Its slug is accepted wherever a format is.
    """

    slug = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=120)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="tournament_formats")
    legal_sets = models.ManyToManyField(CardSet, blank=True, related_name="tournament_formats")
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournament_formats"
    )
    # The number of its latest TournamentFormatVersion (whose rules the fields above repeat).
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game__position", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(min_size__isnull=True)
                | models.Q(max_size__isnull=True)
                | models.Q(min_size__lte=models.F("max_size")),
                name="tournament_format_min_not_above_max",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"

    def clean(self) -> None:
        """What the admin form checks (the create service checks titles against the catalog too)."""
        errors: dict[str, str] = {}
        if self.game_id is not None:
            try:
                formats.base_format(self.game.slug, self.base_format)
            except formats.UnknownFormat as exc:
                errors["base_format"] = exc.message
        if self.slug and formats.is_base_format_slug(self.slug):
            errors["slug"] = f"{self.slug} is the name of a base format; choose another slug."
        for field in ("banned_titles", "restricted_titles"):
            value = getattr(self, field)
            if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
                errors[field] = "Must be a list of titles (strings)."
        if self.min_size is not None and self.max_size is not None and self.min_size > self.max_size:
            errors["max_size"] = "The maximum size must not be below the minimum."
        if errors:
            raise ValidationError(errors)


class TournamentFormatVersion(FormatRules):
    """A format's rules as they were after one create or update (numbered 1, 2, ... without gaps).

    Written once by the services (decks/formats/services.py), never changed. An
    event keeps the version it was created with until its organiser moves it
    (docs/rulings.md, "Tournament formats are versioned"); saved decks follow the
    latest. Its rule fields are the format's as they were then.
    """

    format = models.ForeignKey(TournamentFormat, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    legal_sets = models.ManyToManyField(CardSet, blank=True, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["format", "number"]
        constraints = [
            models.UniqueConstraint(fields=["format", "number"], name="tournament_format_version_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.format.slug} v{self.number}"


class FormatRecheck(Job):
    """A re-check of every saved deck of a format after its rules changed, charged to the editor's work budget.

    One queued per format (a unique constraint): an edit made while one waits merges into it (`edits` counts
    them) instead of queueing another, so a hundred edits in two seconds are one re-check waiting and at most one
    running, not a hundred on the bulk queue (issue #34). A kind of job (cardcollections.jobs): claimed, failed,
    reaped and budgeted as every other kind.
    """

    job_what = "format re-check"
    job_owner_field = "requested_by"
    job_stopped_message = "the worker running it stopped"
    job_unclaimed_message = "no worker took it within {hours} hours"
    # The estimated worker time of re-checking one saved deck, for the budget.
    SECONDS_PER_DECK = 0.05

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    format = models.ForeignKey(TournamentFormat, on_delete=models.CASCADE, related_name="rechecks")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The saved decks of the format when it was queued (its cost), and how many edits it answers.
    total = models.PositiveIntegerField(default=0)
    edits = models.PositiveIntegerField(default=1)
    checked = models.PositiveIntegerField(default=0)
    noticed = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(
                fields=["format"], condition=models.Q(status="queued"), name="format_recheck_one_queued"
            )
        ]

    def __str__(self) -> str:
        return f"re-check of {self.format_id} ({self.status})"

    @classmethod
    def job_claim_fields(cls) -> dict[str, Any]:
        return {"checked": 0, "noticed": 0}

    @classmethod
    def job_busy_seconds(cls, busy: QuerySet[Any]) -> float:
        return sum(busy.values_list("total", flat=True)) * cls.SECONDS_PER_DECK

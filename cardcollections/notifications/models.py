"""Notifications: what happened to a player's trades, registrations and decks, shown in the site and sent by email."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class NotificationKind(models.TextChoices):
    TRADE_PROPOSED = "trade-proposed", "Trade offered"
    TRADE_COUNTERED = "trade-countered", "Trade countered"
    TRADE_ACCEPTED = "trade-accepted", "Trade accepted"
    TRADE_DECLINED = "trade-declined", "Trade declined"
    TRADE_WITHDRAWN = "trade-withdrawn", "Trade withdrawn"
    REGISTRATION_REFUSED = "registration-refused", "Registration refused"
    REGISTRATION_ILLEGAL = "registration-illegal", "Registration illegal on re-check"
    DECK_ILLEGAL = "deck-illegal", "Deck made illegal by a format change"
    PROPOSAL_REVIEWED = "proposal-reviewed", "Card proposal reviewed"
    # What other players did to a player's things (notify_social: coalesced, bounded per actor).
    DECK_LIKED = "deck-liked", "Deck liked"
    DECK_COMMENTED = "deck-commented", "Comment on your deck"
    PLAYER_FOLLOWED = "player-followed", "New follower"
    TABLE_TURN = "table-turn", "Your turn at a table"  # correspondence tables (docs/tables.md, "Clocks")


SOCIAL_KINDS = frozenset(
    {NotificationKind.DECK_LIKED, NotificationKind.DECK_COMMENTED, NotificationKind.PLAYER_FOLLOWED}
)


class Notification(models.Model):
    """One thing that happened, for one user: unread until `read` is set; `emailed` once its mail went out."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=24, choices=NotificationKind.choices)
    message = models.CharField(max_length=500)
    # A path on this site (e.g. /trades/12/): where the notification leads.
    url = models.CharField(max_length=200, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    read = models.DateTimeField(null=True, blank=True)
    emailed = models.DateTimeField(null=True, blank=True)
    # What other players did (SOCIAL_KINDS): what it was done to (`deck:<id>`, `follow`), the names of the latest
    # few who did it, and how many did, while the notification is unread (one row gathers them).
    subject = models.CharField(max_length=60, blank=True, default="")
    actors = models.JSONField(default=list, blank=True)
    actor_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["user", "read"], name="notification_user_read")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.kind}"


class NotificationSettings(models.Model):
    """A user's choice about notification mail. A missing row means email on (when the account has an address)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    email = models.BooleanField(default=True, help_text="send notifications by email too")

    class Meta:
        verbose_name_plural = "notification settings"

    def __str__(self) -> str:
        return f"{self.user_id}: email {'on' if self.email else 'off'}"


class NotificationMark(models.Model):
    """`actor` has told `user` about `kind` on `subject` today (notify_social): a like, unlike and like again tells
    once a day, and the marks of one actor and day bound how much one player can send another."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=24, choices=NotificationKind.choices)
    subject = models.CharField(max_length=60)
    day = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "actor", "day", "kind", "subject"], name="notification_mark_once_a_day"
            )
        ]

    def __str__(self) -> str:
        return f"{self.actor_id} -> {self.user_id}: {self.kind} {self.subject} {self.day}"

"""Reading notifications: a user's own, newest first, and how many are unread."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet

from cardcollections.notifications.models import Notification
from cardcollections.notifications.models import NotificationSettings


def notifications_for(*, user: User, unread: bool = False) -> QuerySet[Notification]:
    qs = Notification.objects.filter(user_id=user.pk).order_by("-id")
    return qs.filter(read__isnull=True) if unread else qs


def notification_for(*, user: User, pk: int) -> Notification | None:
    """The user's notification `pk`, or None (someone else's is none too)."""
    return Notification.objects.filter(user_id=user.pk, pk=pk).first()


def notifications_unread_count(*, user: User) -> int:
    return Notification.objects.filter(user_id=user.pk, read__isnull=True).count()


def notification_email_on(*, user: User) -> bool:
    """The user's choice about notification mail (on unless turned off)."""
    row = NotificationSettings.objects.filter(user_id=user.pk).first()
    return row is None or row.email

"""Notifications: store one for a user, mark them read, choose about mail, send one by mail.

`notify` writes the row and, when the user has an address and has not turned mail off,
queues `cardcollections.notification_email` once the caller's transaction commits (at
once outside one). A rolled-back action leaves no notification and sends no mail.
The mail task claims the row with a conditional update (`emailed` from null to now), so a
second delivery of its message sends nothing; a failure to send gives the claim back
and the task tries again.
"""

from __future__ import annotations

import logging

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from cardcollections.notifications.models import Notification
from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.models import NotificationSettings
from cardcollections.notifications.selectors import notification_email_on
from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError

logger = logging.getLogger(__name__)

# The Celery task sending one notification's mail (cardcollections/notifications/tasks.py), sent by name.
EMAIL_TASK = "cardcollections.notification_email"
MAX_MESSAGE = 500
MAX_URL = 200


class NotificationError(ServiceError):
    """A notification request was refused; str() is a message for the user."""


def notification_wants_email(*, user: User) -> bool:
    """True when the user has an address and has not turned notification mail off."""
    return bool(getattr(user, "email", "")) and notification_email_on(user=user)


def notify(user: User, *, kind: str, message: str, url: str = "") -> Notification:
    """Tell `user` that something happened: a row in their notifications, and a mail after commit if they want one."""
    if kind not in NotificationKind.values:
        raise NotificationError(f"Unknown notification kind {kind!r}.")
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "…"
    notification = Notification.objects.create(user_id=user.pk, kind=kind, message=message, url=url[:MAX_URL])
    if notification_wants_email(user=user):
        notification_id = notification.pk
        transaction.on_commit(lambda: _enqueue_email(notification_id))
    return notification


def _enqueue_email(notification_id: int) -> None:
    try:
        current_app.send_task(EMAIL_TASK, args=[notification_id])
    except Exception:
        # The notification stays in the site; only its mail is lost.
        logger.exception("the mail of notification %s could not be queued", notification_id)


def notification_mark_read(*, notification: Notification, user: User) -> Notification:
    """Mark one of the user's notifications read (someone else's: NotificationError, a 404 for them)."""
    if notification.user_id != user.pk:
        raise NotificationError("No such notification.", kind=NOT_FOUND)
    if notification.read is None:
        now = timezone.now()
        Notification.objects.filter(pk=notification.pk, read__isnull=True).update(read=now)
        notification.read = now
    return notification


def notifications_mark_all_read(*, user: User) -> int:
    """Mark every unread notification of the user read; how many."""
    return Notification.objects.filter(user_id=user.pk, read__isnull=True).update(read=timezone.now())


def notification_email_set(*, user: User, email: bool) -> NotificationSettings:
    """Turn the user's notification mail on or off."""
    row, _ = NotificationSettings.objects.update_or_create(user_id=user.pk, defaults={"email": bool(email)})
    return row


def notification_email_send(*, notification_id: int) -> bool:
    """Send one notification's mail (the body of its task); False when there is nothing to send.

    Nothing to send: the row is gone, its mail was already claimed (a duplicate delivery),
    or the user has since removed their address or turned mail off.
    """
    claimed = Notification.objects.filter(pk=notification_id, emailed__isnull=True).update(emailed=timezone.now())
    if not claimed:
        return False
    notification = Notification.objects.select_related("user").get(pk=notification_id)
    user = notification.user
    if not notification_wants_email(user=user):
        return False
    link = f"{settings.SITE_URL.rstrip('/')}{notification.url}" if notification.url else settings.SITE_URL
    body = (
        f"{notification.message}\n\n{link}\n\n"
        f"You can turn these emails off on {settings.SITE_URL.rstrip('/')}/collection/settings/.\n"
    )
    try:
        send_mail(
            f"Chapter and Verse: {notification.get_kind_display()}",
            body,
            None,
            [user.email],
        )
    except Exception:
        # Give the claim back so the task's retry sends it.
        Notification.objects.filter(pk=notification_id).update(emailed=None)
        raise
    return True

"""Notifications: store one for a user, mark them read, choose about mail, send one by mail.

`notify` writes the row and, when the user has an address and has not turned mail off,
queues `cardcollections.notification_email` once the caller's transaction commits (at
once outside one), coalesced per player: at most one mail at once and one digest a
NOTIFICATION_MAIL_SECONDS window. A rolled-back action leaves no notification and sends no mail.
The mail task claims the rows with a conditional update (`emailed` from null to now), so a
second delivery of its message sends nothing; a failure to send gives the claims back
and the task tries again.

`notify_social` is for what other players do to a player's things (a like, a comment, a follow): never for
what you do yourself, once a day per actor and thing, at most ACTOR_DAILY_LIMIT a day from one player to
another, and gathered while unread into one notification per thing ("bob, carol and 3 others liked ...").
"""

from __future__ import annotations

import logging

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from cardcollections.notifications.models import SOCIAL_KINDS
from cardcollections.notifications.models import Notification
from cardcollections.notifications.models import NotificationKind
from cardcollections.notifications.models import NotificationMark
from cardcollections.notifications.models import NotificationSettings
from cardcollections.notifications.selectors import notification_email_on
from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError

logger = logging.getLogger(__name__)

# The Celery task sending one notification's mail (cardcollections/notifications/tasks.py), sent by name.
EMAIL_TASK = "cardcollections.notification_email"
MAX_MESSAGE = 500
# The most notifications one digest mail lists (the rest go in the next).
MAX_DIGEST = 50
MAX_URL = 200
# notify_social: how many notifications one player can cause another in a day, and how many names a gathered
# notification shows before "and 3 others".
ACTOR_DAILY_LIMIT = 10
NAMES_SHOWN = 2


class NotificationError(ServiceError):
    """A notification request was refused; str() is a message for the user."""


def notification_wants_email(*, user: User) -> bool:
    """True when the user has an address and has not turned notification mail off."""
    return bool(getattr(user, "email", "")) and notification_email_on(user=user)


def notify(
    user: User, *, kind: str, message: str, url: str = "", subject: str = "", actors: tuple[str, ...] = ()
) -> Notification:
    """Tell `user` that something happened: a row in their notifications, and a mail after commit if they want one.
    `subject` and `actors` are notify_social's."""
    if kind not in NotificationKind.values:
        raise NotificationError(f"Unknown notification kind {kind!r}.")
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "…"
    notification = Notification.objects.create(
        user_id=user.pk,
        kind=kind,
        message=message,
        url=url[:MAX_URL],
        subject=subject,
        actors=list(actors),
        actor_count=len(actors),
    )
    if notification_wants_email(user=user):
        notification_id, user_id = notification.pk, user.pk
        transaction.on_commit(lambda: _enqueue_email(notification_id, user_id))
    return notification


def notify_social(
    user: User, *, actor: User, kind: str, subject: str, action: str, url: str = ""
) -> Notification | None:
    """`actor` did something to `user`'s thing `subject` (`deck:<id>`, `follow`): `action` says what, after the
    names ("liked your deck “Faith first”"). None when nothing is told: `actor` is `user`; `actor` already told
    `user` about this kind and subject today (a like, an unlike and a like again); or `actor` has told `user`
    ACTOR_DAILY_LIMIT things today (a flood of likes). While `user` has not read the last one about this kind and
    subject, it gathers the new name and comes back to the top of the list (no second mail). Call it in the
    action's transaction."""
    if kind not in SOCIAL_KINDS:
        raise NotificationError(f"{kind!r} is not a notification about what another player did.")
    if actor.pk == user.pk:
        return None
    today = timezone.localdate()
    with transaction.atomic():
        marks = NotificationMark.objects.filter(user_id=user.pk, actor_id=actor.pk)
        marks.filter(day__lt=today).delete()  # only today's count
        if marks.count() >= ACTOR_DAILY_LIMIT:
            return None
        _, new = NotificationMark.objects.get_or_create(
            user_id=user.pk, actor_id=actor.pk, day=today, kind=kind, subject=subject
        )
        if not new:
            return None
        name = actor.get_username()
        gathered = (
            Notification.objects.select_for_update()
            .filter(user_id=user.pk, kind=kind, subject=subject, read__isnull=True)
            .order_by("-id")
            .first()
        )
        if gathered is None:
            return notify(
                user, kind=kind, message=social_message([name], 1, action), url=url, subject=subject, actors=(name,)
            )
        # One row for everyone who did it, made again so it is the newest; the mail went with the first.
        names = [name, *(n for n in gathered.actors if n != name)][:NAMES_SHOWN]
        count = gathered.actor_count + 1
        gathered.delete()
        return Notification.objects.create(
            user_id=user.pk,
            kind=kind,
            message=social_message(names, count, action),
            url=url[:MAX_URL],
            subject=subject,
            actors=names,
            actor_count=count,
            emailed=gathered.emailed or timezone.now(),
        )


def social_message(names: list[str], count: int, action: str) -> str:
    """ "bob liked …", "bob and carol liked …", "bob, carol and 3 others liked …" (names: the latest first)."""
    others = count - len(names)
    if others <= 0:
        who = " and ".join(names) if len(names) <= 2 else f"{', '.join(names[:-1])} and {names[-1]}"
    else:
        who = f"{', '.join(names)} and {others} other{'s' if others != 1 else ''}"
    message = f"{who} {action}"
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"


def _enqueue_email(notification_id: int, user_id: int) -> None:
    """Queue the mail of a new notification, coalesced per player (issue #34: 453 mail tasks on the interactive
    queue, a mail on every toggle of a format). The first in NOTIFICATION_MAIL_SECONDS goes at once; the next
    queues one digest at the end of that window, which sends every notification still unmailed then; later ones
    in the window queue nothing (the digest takes them). So a player gets at most two mails a window."""
    window = settings.NOTIFICATION_MAIL_SECONDS
    args: list[int | bool] = [notification_id]
    options: dict[str, int] = {}
    if window > 0 and not cache.add(f"notification-mail:{user_id}", 1, timeout=window):
        if not cache.add(f"notification-digest:{user_id}", 1, timeout=window):
            return  # a digest is on its way and will carry this one
        args, options = [notification_id, True], {"countdown": window}
    try:
        current_app.send_task(EMAIL_TASK, args=args, **options)
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


def notifications_mark_read_about(*, user: User, url: str) -> int:
    """Mark read the user's unread notifications that lead to `url`: acting on a thing (accepting the offer)
    answers what told them about it. How many."""
    return Notification.objects.filter(user_id=user.pk, url=url, read__isnull=True).update(read=timezone.now())


def notifications_mark_all_read(*, user: User) -> int:
    """Mark every unread notification of the user read; how many."""
    return Notification.objects.filter(user_id=user.pk, read__isnull=True).update(read=timezone.now())


def notification_email_set(*, user: User, email: bool) -> NotificationSettings:
    """Turn the user's notification mail on or off."""
    row, _ = NotificationSettings.objects.update_or_create(user_id=user.pk, defaults={"email": bool(email)})
    return row


def notification_email_send(*, notification_id: int, digest: bool = False) -> bool:
    """Send the mail of a notification (the body of its task); a `digest` carries with it every other notification
    of its player not yet mailed nor read: one mail, not a mail each. False when there is nothing to send.

    Nothing to send: the row is gone, its mail was already claimed (a duplicate delivery, or an earlier digest
    carried it), or the user has since removed their address or turned mail off. The rows are claimed with a
    conditional update (`emailed` from null to now); a failure to send gives the claims back for the retry.
    """
    first = Notification.objects.select_related("user").filter(pk=notification_id, emailed__isnull=True).first()
    if first is None:
        return False
    user = first.user
    ids = [notification_id]
    if digest:
        waiting = Notification.objects.filter(user_id=user.pk, emailed__isnull=True).filter(
            Q(read__isnull=True) | Q(pk=notification_id)
        )
        ids = list(waiting.order_by("created", "pk").values_list("pk", flat=True)[:MAX_DIGEST])
    now = timezone.now()
    if not Notification.objects.filter(pk__in=ids, emailed__isnull=True).update(emailed=now):
        return False
    rows = list(Notification.objects.filter(pk__in=ids, emailed=now).order_by("created", "pk"))
    if not rows or not notification_wants_email(user=user):
        return False
    site = settings.SITE_URL.rstrip("/")

    def link(n: Notification) -> str:
        return f"{site}{n.url}" if n.url else settings.SITE_URL

    if len(rows) == 1:
        subject = f"Chapter and Verse: {rows[0].get_kind_display()}"
        body = f"{rows[0].message}\n\n{link(rows[0])}\n\n"
    else:
        subject = f"Chapter and Verse: {len(rows)} notifications"
        body = "".join(f"- {n.message}\n  {link(n)}\n\n" for n in rows) + f"All of them: {site}/notifications/\n\n"
    body += f"You can turn these emails off on {site}/collection/settings/.\n"
    try:
        send_mail(subject, body, None, [user.email])
    except Exception:
        # Give the claims back so the task's retry sends them.
        Notification.objects.filter(pk__in=[n.pk for n in rows], emailed=now).update(emailed=None)
        raise
    return True

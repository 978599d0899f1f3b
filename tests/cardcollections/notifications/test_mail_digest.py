"""Notification mail is coalesced per player (issue #34): the first goes at once, the rest of the window in one
digest, not a mail each (a format toggled 100 times mailed a player with one deck in it on every toggle, and 453
mail tasks sat on the interactive queue)."""

import pytest

from cardcollections.models import Notification
from cardcollections.notifications import services
from cardcollections.notifications.services import EMAIL_TASK
from cardcollections.notifications.services import notification_mark_read
from cardcollections.notifications.services import notify
from cardcollections.notifications.tasks import notification_email

pytestmark = pytest.mark.django_db


@pytest.fixture
def messages(monkeypatch) -> list[tuple[str, list, dict]]:
    """The mail tasks queued, with their options (a digest's countdown), instead of a broker."""
    sent: list = []
    monkeypatch.setattr(
        services.current_app, "send_task", lambda name, args, **options: sent.append((name, args, options))
    )
    return sent


@pytest.fixture
def bob_mailed(bob):
    bob.email = "bob@example.org"
    bob.save()
    return bob


def tell(user, n: int, django_capture_on_commit_callbacks) -> list[Notification]:
    with django_capture_on_commit_callbacks(execute=True):
        return [
            notify(user, kind="deck-illegal", message=f"Deck {i} is no longer legal.", url="/decks/") for i in range(n)
        ]


def test_many_notifications_in_a_window_are_one_mail_now_and_one_digest(
    bob_mailed, messages, mailoutbox, settings, django_capture_on_commit_callbacks
):
    settings.NOTIFICATION_MAIL_SECONDS = 600
    rows = tell(bob_mailed, 100, django_capture_on_commit_callbacks)
    assert [(name, args, options) for name, args, options in messages] == [
        (EMAIL_TASK, [rows[0].pk], {}),
        (EMAIL_TASK, [rows[1].pk, True], {"countdown": 600}),
    ]
    # The worker runs them: the first mails one notification, the digest the 99 others (50 a mail at most: the
    # rest wait for the next), and a second delivery of either sends nothing.
    assert notification_email(rows[0].pk) is True
    assert notification_email(rows[1].pk, True) is True
    assert notification_email(rows[1].pk, True) is False
    first, digest = mailoutbox
    assert first.subject == "Chapter and Verse: Deck made illegal by a format change" and "Deck 0 is" in first.body
    assert digest.subject == "Chapter and Verse: 50 notifications"
    assert "- Deck 1 is no longer legal." in digest.body and "- Deck 50 is no longer legal." in digest.body
    assert "Deck 51 is" not in digest.body and "/notifications/" in digest.body


def test_a_notification_read_in_the_site_before_the_digest_is_not_mailed(
    bob_mailed, messages, mailoutbox, django_capture_on_commit_callbacks
):
    rows = tell(bob_mailed, 3, django_capture_on_commit_callbacks)
    notification_mark_read(notification=rows[2], user=bob_mailed)
    notification_email(rows[0].pk)
    notification_email(rows[1].pk, True)
    assert [m.subject for m in mailoutbox] == ["Chapter and Verse: Deck made illegal by a format change"] * 2
    assert "Deck 2" not in "".join(m.body for m in mailoutbox)


def test_another_players_notifications_are_never_in_the_digest(
    bob_mailed, alice, messages, mailoutbox, django_capture_on_commit_callbacks
):
    alice.email = "alice@example.org"
    alice.save()
    mine = tell(bob_mailed, 2, django_capture_on_commit_callbacks)
    tell(alice, 2, django_capture_on_commit_callbacks)
    notification_email(mine[1].pk, True)
    (mail,) = mailoutbox
    assert (
        mail.to == ["bob@example.org"] and Notification.objects.filter(user=alice, emailed__isnull=False).count() == 0
    )


def test_with_no_window_each_notification_is_mailed_at_once(
    bob_mailed, messages, settings, django_capture_on_commit_callbacks
):
    settings.NOTIFICATION_MAIL_SECONDS = 0
    tell(bob_mailed, 3, django_capture_on_commit_callbacks)
    assert [options for _name, _args, options in messages] == [{}, {}, {}]

"""The bell, the notifications page, marking read, and the mail choice on the settings page."""

import re

import pytest

from cardcollections.models import Notification
from cardcollections.notifications.selectors import notification_email_on
from cardcollections.notifications.services import notify

pytestmark = pytest.mark.django_db


def bell(html: str) -> str:
    match = re.search(r'<a class="nav-bell"[^>]*aria-label="([^"]*)"', html)
    assert match, "no bell in the header"
    return match.group(1)


def test_the_bell_counts_my_unread_notifications(client, alice, bob):
    client.force_login(bob)
    assert bell(client.get("/notifications/").content.decode()) == "Notifications"
    notify(bob, kind="trade-proposed", message="alice offered you a trade.", url="/trades/1/")
    notify(bob, kind="trade-declined", message="alice declined your offer.", url="/trades/2/")
    notify(alice, kind="trade-declined", message="not for bob", url="/trades/3/")
    html = client.get("/trades/").content.decode()
    assert bell(html) == "Notifications, 2 unread"
    assert '<span class="bell-count">2</span>' in html


def test_the_bell_alone_answers_htmx_polls_with_the_count_now(client, bob):
    client.force_login(bob)
    assert bell(client.get("/notifications/bell/").content.decode()) == "Notifications"
    notify(bob, kind="trade-proposed", message="alice offered you a trade.", url="/trades/1/")
    html = client.get("/notifications/bell/", headers={"HX-Request": "true"}).content.decode()
    assert bell(html) == "Notifications, 1 unread" and "<main" not in html
    client.logout()
    assert client.get("/notifications/bell/").status_code == 204  # no login page swapped into the header


def test_anonymous_visitors_have_no_bell_and_no_notifications_page(client):
    assert b"nav-bell" not in client.get("/").content
    response = client.get("/notifications/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_page_lists_my_notifications_newest_first_and_not_anyone_elses(client, alice, bob):
    notify(bob, kind="trade-proposed", message="first for bob", url="/trades/1/")
    notify(bob, kind="trade-declined", message="second for bob", url="/trades/2/")
    notify(alice, kind="trade-declined", message="for alice only", url="/trades/3/")
    client.force_login(bob)
    html = client.get("/notifications/").content.decode()
    assert html.index("second for bob") < html.index("first for bob")
    assert "for alice only" not in html
    assert html.count("is-unread") == 2


def test_opening_a_notification_marks_it_read_and_goes_where_it_leads(client, bob):
    row = notify(bob, kind="trade-proposed", message="alice offered you a trade.", url="/trades/9/")
    client.force_login(bob)
    response = client.post(f"/notifications/{row.pk}/read/", {"open": "1"})
    assert response.status_code == 302 and response["Location"] == "/trades/9/"
    row.refresh_from_db()
    assert row.read is not None
    assert bell(client.get("/notifications/").content.decode()) == "Notifications"


def test_mark_read_stays_on_the_page_and_mark_all_read_clears_the_bell(client, bob):
    first = notify(bob, kind="trade-proposed", message="one", url="/trades/1/")
    notify(bob, kind="trade-proposed", message="two", url="/trades/2/")
    notify(bob, kind="trade-proposed", message="three", url="/trades/3/")
    client.force_login(bob)
    response = client.post(f"/notifications/{first.pk}/read/")
    assert response["Location"] == "/notifications/"
    assert bell(client.get("/notifications/").content.decode()) == "Notifications, 2 unread"
    response = client.post("/notifications/read-all/", follow=True)
    assert "2 notifications marked read." in response.content.decode()
    assert Notification.objects.filter(user=bob, read__isnull=True).count() == 0


def test_an_open_never_leaves_the_site(client, bob):
    row = Notification.objects.create(user=bob, kind="trade-proposed", message="x", url="//evil.example/")
    client.force_login(bob)
    assert client.post(f"/notifications/{row.pk}/read/", {"open": "1"})["Location"] == "/notifications/"


def test_someone_elses_notification_is_a_404_and_stays_unread(client, alice, charlie):
    row = notify(alice, kind="trade-proposed", message="for alice", url="/trades/1/")
    client.force_login(charlie)
    assert client.post(f"/notifications/{row.pk}/read/", {"open": "1"}).status_code == 404
    client.post("/notifications/read-all/")
    row.refresh_from_db()
    assert row.read is None


def test_the_settings_page_turns_notification_mail_off_and_on(client, bob):
    client.force_login(bob)
    html = client.get("/collection/settings/").content.decode()
    assert 'name="notification_email" checked' in html
    response = client.post("/collection/settings/", {"action": "notification-email"}, follow=True)
    assert "Notification emails are off." in response.content.decode()
    assert notification_email_on(user=bob) is False
    assert 'name="notification_email" checked' not in response.content.decode()
    client.post("/collection/settings/", {"action": "notification-email", "notification_email": "on"})
    assert notification_email_on(user=bob) is True


def test_page_posts_are_rate_limited(client, bob, one_write_a_minute):
    client.force_login(bob)
    assert client.post("/notifications/read-all/").status_code == 302
    assert client.post("/notifications/read-all/").status_code == 429

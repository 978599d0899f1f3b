"""The notification API: my notifications, the unread count, marking read, the mail choice."""

import pytest

from cardcollections.notifications.selectors import notification_email_on
from cardcollections.notifications.services import notify

pytestmark = pytest.mark.django_db


@pytest.fixture
def bobs(bob, alice):
    rows = [
        notify(bob, kind="trade-proposed", message="alice offered you a trade.", url="/trades/1/"),
        notify(bob, kind="trade-withdrawn", message="alice withdrew their offer.", url="/trades/1/"),
    ]
    notify(alice, kind="trade-declined", message="for alice", url="/trades/2/")
    return rows


def test_it_lists_my_notifications_newest_first(api_as, bob, bobs, auth):
    body = api_as(bob, auth).get("/api/v1/notifications/").json()
    assert body["count"] == 2
    assert [r["message"] for r in body["results"]] == ["alice withdrew their offer.", "alice offered you a trade."]
    assert body["results"][0] == {
        "id": bobs[1].pk,
        "kind": "trade-withdrawn",
        "message": "alice withdrew their offer.",
        "url": "/trades/1/",
        "created": body["results"][0]["created"],
        "read": None,
        "unread": True,
    }


def test_marking_read_changes_the_count_and_the_unread_list(api_as, bob, bobs, auth):
    client = api_as(bob, auth)
    assert client.get("/api/v1/notifications/unread-count/").json() == {"unread": 2}
    response = client.post(f"/api/v1/notifications/{bobs[0].pk}/read/")
    assert response.status_code == 200 and response.json()["unread"] is False
    assert client.get("/api/v1/notifications/unread-count/").json() == {"unread": 1}
    unread = client.get("/api/v1/notifications/?unread=true").json()["results"]
    assert [r["id"] for r in unread] == [bobs[1].pk]
    assert client.post("/api/v1/notifications/read-all/").json() == {"marked": 1}
    assert client.get("/api/v1/notifications/unread-count/").json() == {"unread": 0}


@pytest.mark.parametrize("value", ["maybe", "tru%00e", "%ED%A0%80", "9" * 400])
def test_a_bad_unread_filter_is_a_400_naming_it(api_as, bob, value):
    response = api_as(bob).get(f"/api/v1/notifications/?unread={value}")
    assert response.status_code == 400
    assert "unread" in response.content.decode()


def test_the_mail_choice_is_read_and_set(api_as, bob, auth):
    client = api_as(bob, auth)
    assert client.get("/api/v1/notifications/settings/").json() == {"email": True, "has_address": False}
    response = client.patch("/api/v1/notifications/settings/", {"email": False}, format="json")
    assert response.json() == {"email": False, "has_address": False}
    assert notification_email_on(user=bob) is False
    bad = client.patch("/api/v1/notifications/settings/", {"email": "sometimes"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "email"


def test_someone_elses_notification_is_a_404(api_as, charlie, bobs):
    response = api_as(charlie).post(f"/api/v1/notifications/{bobs[0].pk}/read/")
    assert response.status_code == 404
    bobs[0].refresh_from_db()
    assert bobs[0].read is None

"""The links in notification mail are on SITE_URL, whatever Host the request that caused the notification named
(issue #34): the Host header is the caller's to write, and the mail goes to someone else."""

import re

import pytest
from rest_framework.test import APIClient

from cardcollections.collection.services import collection_change
from cardcollections.models import Notification
from cardcollections.notifications.tasks import notification_email

pytestmark = pytest.mark.django_db

HOSTILE = "cards.evil.example"


def test_a_hostile_host_never_reaches_a_notification_mail(
    alice, bob, cv_cards, settings, mailoutbox, django_capture_on_commit_callbacks, queued
):
    # The hostile name passes ALLOWED_HOSTS (a wildcard, or a second name a proxy lets through).
    settings.ALLOWED_HOSTS = ["cards.example.org", HOSTILE]
    settings.SITE_URL = "https://cards.example.org"
    bob.email = "bob@example.org"
    bob.save()
    collection_change(owner=alice, card=cv_cards["means"], delta=1)
    collection_change(owner=bob, card=cv_cards["pride"], delta=1)
    client = APIClient()
    client.force_authenticate(alice)
    offer = {
        "recipient": "bob",
        "give": [{"card": cv_cards["means"].pk, "quantity": 1}],
        "receive": [{"card": cv_cards["pride"].pk, "quantity": 1}],
    }
    with django_capture_on_commit_callbacks(execute=True):
        made = client.post(
            "/api/v1/trades/", offer, format="json", HTTP_HOST=HOSTILE, HTTP_X_FORWARDED_HOST=HOSTILE, secure=True
        )
    assert made.status_code == 201, made.content
    ((_, [notification_id]),) = queued
    assert notification_email(notification_id) is True

    (mail,) = mailoutbox
    assert HOSTILE not in mail.body and "evil" not in mail.body
    links = re.findall(r"https?://\S+", mail.body)
    assert links and all(link.startswith("https://cards.example.org/") for link in links)
    assert f"https://cards.example.org/trades/{made.json()['id']}/" in links
    assert Notification.objects.get(pk=notification_id).url == f"/trades/{made.json()['id']}/"

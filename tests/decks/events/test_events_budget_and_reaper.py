"""Re-checks share the work budgets (a 429 past them, the page says why), and a re-check whose worker died is
failed by the reaper: the manage page offers to start it again instead of a bar that never moves."""

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.events.services import event_check_create
from decks.events.tasks import reap_event_checks
from decks.models import EventCheck
from tests.decks.events.fixtures import open_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def events(cv, alice):
    return [open_event(alice, cv, f"Open {n}") for n in range(3)]


def test_an_organiser_past_their_budget_gets_a_429_and_the_page_says_why(events, alice, sent, settings, api_as, client):
    settings.WORK_BUDGETS = {**settings.WORK_BUDGETS, "user": {"jobs": 2, "seconds": 60}}
    for event in events[:2]:
        event_check_create(event=event, requested_by=alice)
    response = api_as(alice).post(f"/api/v1/events/{events[2].pk}/checks/")
    assert response.status_code == 429, response.content
    assert response["Retry-After"] and "2 unfinished re-checks" in response.json()["detail"]

    client.force_login(alice)
    page = client.post(f"/events/{events[2].pk}/checks/", HTTP_HX_REQUEST="true")
    assert "2 unfinished re-checks" in page.content.decode()
    assert not EventCheck.objects.filter(event=events[2]).exists()


def test_a_re_check_whose_worker_died_is_failed_and_the_manage_page_says_so(events, alice, sent, settings, client):
    check = event_check_create(event=events[0], requested_by=alice)
    EventCheck.objects.filter(pk=check.pk).update(status="running", started=timezone.now())
    assert reap_event_checks() == 0
    long_ago = timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 1)
    EventCheck.objects.filter(pk=check.pk).update(started=long_ago)
    assert reap_event_checks() == 1

    client.force_login(alice)
    page = client.get(f"/events/{events[0].pk}/manage/").content.decode()
    assert "The check failed: the worker running it stopped. Start it again." in page


def test_a_re_check_no_worker_took_says_so_on_the_manage_page(events, alice, sent, client):
    check = event_check_create(event=events[0], requested_by=alice)
    client.force_login(alice)
    hint = "No worker has started this check yet"
    assert hint not in client.get(f"/events/{events[0].pk}/manage/").content.decode()
    EventCheck.objects.filter(pk=check.pk).update(created=timezone.now() - timedelta(minutes=2))
    assert hint in client.get(f"/events/{events[0].pk}/manage/").content.decode()

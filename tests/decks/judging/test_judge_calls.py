"""Judge calls: a player of the current round calls a judge from their table page; the organiser and the judges
the organiser names see the open calls (refreshed every 2 s) and answer them; no one else sees them."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.judging.models import EventJudge
from decks.judging.models import JudgeCall
from decks.models import Match
from decks.tournaments.services import event_start
from decks.tournaments.services import round_pair_next
from tests.decks.events.fixtures import close
from tests.project.test_page_accessibility import _problems

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def running(event, seven):
    close(event)
    event_start(event=event)
    event.refresh_from_db()
    round_pair_next(event=event)
    event.refresh_from_db()
    return event


def at_table(event) -> tuple[Match, User, User]:
    match = (
        Match.objects.filter(round__event=event, player_b__isnull=False)
        .select_related("player_a__user", "player_b__user")
        .first()
    )
    return match, match.player_a.user, match.player_b.user


def test_a_player_calls_and_the_organiser_sees_the_table_and_answers(alice, running):
    match, a, b = at_table(running)
    page = signed_in(a).get(f"/events/{running.pk}/play/").content.decode()
    assert f"Call a judge to table {match.table}" in page
    response = signed_in(a).post(f"/events/{running.pk}/call-judge/", {"note": "  Does  Prayer stack? "})
    assert response.status_code == 302
    # A second tap, and the opponent's call, are the same call.
    signed_in(a).post(f"/events/{running.pk}/call-judge/")
    signed_in(b).post(f"/events/{running.pk}/call-judge/")
    call = JudgeCall.objects.get()
    assert (call.table, call.caller, call.note, call.round) == (match.table, a, "Does Prayer stack?", 1)
    organiser = signed_in(alice)
    live = organiser.get(f"/events/{running.pk}/calls/live/").content.decode()
    assert f'data-table="{match.table}"' in live and "Does Prayer stack?" in live
    page = organiser.get(f"/events/{running.pk}/calls/").content.decode()
    assert _problems(page) == []
    assert organiser.post(f"/events/{running.pk}/calls/{call.pk}/answer/").status_code == 302
    call.refresh_from_db()
    assert call.answered is not None and call.answered_by == alice
    assert "No table is calling a judge" in organiser.get(f"/events/{running.pk}/calls/live/").content.decode()
    # Answered, the table may call again.
    signed_in(b).post(f"/events/{running.pk}/call-judge/")
    assert JudgeCall.objects.filter(answered__isnull=True).count() == 1


def test_a_judge_named_by_the_organiser_sees_and_answers_calls(alice, running):
    dora = User.objects.get(username="dora")
    dora.set_password("dora-password-1")
    dora.save()
    carol = User.objects.create_user("carol", password="carol-password-1")
    assert signed_in(alice).post(f"/events/{running.pk}/judges/", {"username": "Carol"}).status_code == 302
    assert EventJudge.objects.get().user == carol
    match, a, _ = at_table(running)
    signed_in(a).post(f"/events/{running.pk}/call-judge/")
    judge = signed_in(carol)
    assert f'data-table="{match.table}"' in judge.get(f"/events/{running.pk}/calls/live/").content.decode()
    assert judge.post(f"/events/{running.pk}/calls/{JudgeCall.objects.get().pk}/answer/").status_code == 302
    assert JudgeCall.objects.get().answered_by == carol
    # A judge does not name judges, nor run the event.
    judge.post(f"/events/{running.pk}/judges/", {"username": "dora"})
    assert list(EventJudge.objects.values_list("user__username", flat=True)) == ["carol"]
    assert judge.get(f"/events/{running.pk}/run/").status_code == 404


@pytest.mark.parametrize("who", ["player", "stranger", "anonymous"])
def test_no_one_else_sees_or_answers_the_calls(alice, running, who):
    _, a, b = at_table(running)
    signed_in(a).post(f"/events/{running.pk}/call-judge/", {"note": "private words"})
    call = JudgeCall.objects.get()
    stranger = User.objects.create_user("mallory", password="mallory-password-1")
    client = {"player": signed_in(b), "stranger": signed_in(stranger), "anonymous": Client()}[who]
    for path in (f"/events/{running.pk}/calls/", f"/events/{running.pk}/calls/live/"):
        response = client.get(path)
        assert response.status_code == 404 and "private words" not in response.content.decode()
    answer = client.post(f"/events/{running.pk}/calls/{call.pk}/answer/")
    add = client.post(f"/events/{running.pk}/judges/", {"username": "mallory"})
    assert {answer.status_code, add.status_code} == ({302} if who == "anonymous" else {404})
    call.refresh_from_db()
    assert call.answered is None and not EventJudge.objects.exists()


def test_only_a_player_at_a_table_of_a_running_event_calls(alice, bob, event, registered):
    response = signed_in(bob).post(f"/events/{event.pk}/call-judge/")
    assert response.status_code == 302 and not JudgeCall.objects.exists()
    stranger = User.objects.create_user("mallory", password="mallory-password-1")
    signed_in(stranger).post(f"/events/{event.pk}/call-judge/")
    assert not JudgeCall.objects.exists()


def test_a_player_with_a_bye_has_no_table_to_call_to(running):
    bye = Match.objects.get(round__event=running, player_b__isnull=True)
    page = signed_in(bye.player_a.user).get(f"/events/{running.pk}/play/").content.decode()
    assert "Call a judge" not in page
    signed_in(bye.player_a.user).post(f"/events/{running.pk}/call-judge/")
    assert not JudgeCall.objects.exists()

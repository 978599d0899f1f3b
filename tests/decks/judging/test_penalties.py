"""Penalties (docs/decks.md, "Penalties"): the organiser, a co-organiser or a judge gives a player of a match a
warning, a game loss or a match loss with a reason; a loss changes the match's points as the standings count them,
and the standings mark the player with the reason; the match's players see them on their page; no one else gives
one."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.judging.models import EventJudge
from decks.judging.models import Penalty
from decks.models import EventCoOrganiser
from decks.models import Match
from decks.tournaments.selectors import event_standings
from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import round_pair_next
from tests.decks.events.fixtures import close
from tests.project.test_page_accessibility import _problems

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def played(event, seven, alice):
    """Round 1 played: every player seated first won."""
    close(event)
    event_start(event=event)
    event.refresh_from_db()
    round_pair_next(event=event)
    event.refresh_from_db()
    for m in Match.objects.filter(round__event=event, player_b__isnull=False):
        match_result_set(event=event, match=m, user=alice, wins=[1, 0], draws=0)
    return event


def a_match(event) -> Match:
    return (
        Match.objects.filter(round__event=event, player_b__isnull=False)
        .select_related("player_a__user", "player_b__user", "round")
        .first()
    )


def points(event, name: str) -> int:
    return next(row.points for row in event_standings(event=event).rows if row.player == name)


def test_a_match_loss_turns_the_points_and_the_standings_say_why(played, alice, bob):
    match = a_match(played)
    winner, loser = match.player_a.user.username, match.player_b.user.username
    assert (points(played, winner), points(played, loser)) == (3, 0)
    body = {"player": winner, "kind": "match-loss", "reason": "Marked cards"}
    assert signed_in(alice).post(f"/events/{played.pk}/matches/{match.pk}/penalties/", body).status_code == 302
    assert (points(played, winner), points(played, loser)) == (0, 3)
    match.refresh_from_db()
    assert (match.wins_a, match.wins_b) == (1, 0)  # the result stays as played
    page = signed_in(bob).get(f"/events/{played.pk}/standings/").content.decode()
    assert f'data-penalised="{winner}"' in page and "match loss: Marked cards" in page
    api = signed_in(bob).get(f"/api/v1/events/{played.pk}/standings/").json()["standings"]
    assert next(r for r in api if r["player"] == winner)["penalties"] == ["round 1, match loss: Marked cards"]
    # The match's players see it on their page; the staff on the match's page.
    mine = signed_in(match.player_a.user).get(f"/events/{played.pk}/play/").content.decode()
    assert "Marked cards" in mine
    staff_page = signed_in(alice).get(f"/events/{played.pk}/matches/{match.pk}/").content.decode()
    assert "Marked cards" in staff_page and _problems(staff_page) == []


def test_a_warning_is_listed_but_changes_no_points(played, alice):
    match = a_match(played)
    winner = match.player_a.user.username
    signed_in(alice).post(
        f"/events/{played.pk}/matches/{match.pk}/penalties/",
        {"player": winner, "kind": "warning", "reason": "Slow play"},
    )
    assert Penalty.objects.get().kind == "warning"
    assert points(played, winner) == 3 and event_standings(event=played).marks == {}


@pytest.mark.parametrize("who", ["judge", "co-organiser"])
def test_a_judge_and_a_co_organiser_give_penalties(played, who):
    staff = User.objects.create_user("sam", password="sam-password-1")
    (EventJudge if who == "judge" else EventCoOrganiser).objects.create(event=played, user=staff)
    match = a_match(played)
    body = {"player": match.player_b.user.username, "kind": "game-loss", "reason": "Drew extra cards"}
    signed_in(staff).post(f"/events/{played.pk}/matches/{match.pk}/penalties/", body)
    assert Penalty.objects.get().given_by == staff


@pytest.mark.parametrize("who", ["player", "stranger"])
def test_a_player_or_a_stranger_cannot(played, charlie, who):
    match = a_match(played)
    user = match.player_b.user if who == "player" else charlie
    body = {"player": match.player_a.user.username, "kind": "match-loss", "reason": "I say so"}
    client = signed_in(user)
    assert client.post(f"/events/{played.pk}/matches/{match.pk}/penalties/", body).status_code == 404
    assert client.get(f"/events/{played.pk}/matches/{match.pk}/").status_code == 404
    assert not Penalty.objects.exists()


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"player": "nobody", "kind": "warning", "reason": "x"}, "does not play"),
        ({"kind": "penalty-box", "reason": "x"}, "warning, a game loss"),
        ({"kind": "warning", "reason": "   "}, "Give the reason"),
        ({"kind": "warning", "reason": "x" * 201}, "at most 200"),
    ],
)
def test_it_refuses_bad_input_and_keeps_nothing(played, alice, body, says):
    match = a_match(played)
    body = {"player": match.player_a.user.username, **body}
    response = signed_in(alice).post(f"/events/{played.pk}/matches/{match.pk}/penalties/", body, follow=True)
    assert says in response.content.decode() and not Penalty.objects.exists()


def test_the_api_gives_and_lists_penalties_for_the_staff_and_the_match_only(played, alice, charlie, api_as):
    match = a_match(played)
    path = f"/api/v1/events/{played.pk}/matches/{match.pk}/penalties/"
    body = {"player": match.player_b.user.username, "kind": "game-loss", "reason": "Drew extra cards"}
    response = api_as(alice).post(path, body, format="json")
    assert response.status_code == 201 and response.json()["kind"] == "game-loss"
    assert response.json()["given_by"] == "alice"
    listed = api_as(match.player_b.user).get(path).json()
    assert [p["reason"] for p in listed] == ["Drew extra cards"]
    assert api_as(charlie).get(path).status_code == 404
    for user in (match.player_a.user, charlie):
        assert api_as(user).post(path, body, format="json").status_code == 403
    bad = api_as(alice).post(path, {**body, "kind": "penalty-box"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "kind"
    assert Penalty.objects.count() == 1


def test_the_public_reads_what_a_penalty_was_and_the_events_people_read_why(played, alice, bob):
    """A penalty's reason is about a person: the event's staff and players read it; anyone else reads what it was
    and when ("round 1, match loss"), on the page and in the API."""
    match = a_match(played)
    winner = match.player_a.user.username
    body = {"player": winner, "kind": "match-loss", "reason": "Marked cards"}
    assert signed_in(alice).post(f"/events/{played.pk}/matches/{match.pk}/penalties/", body).status_code == 302
    stranger = User.objects.create_user("mallory", password="mallory-password-1")
    for client in (Client(), signed_in(stranger)):
        page = client.get(f"/events/{played.pk}/standings/").content.decode()
        assert f'data-penalised="{winner}"' in page and "round 1, match loss" in page and "Marked cards" not in page
        api = client.get(f"/api/v1/events/{played.pk}/standings/").json()["standings"]
        assert next(r for r in api if r["player"] == winner)["penalties"] == ["round 1, match loss"]
    insider = signed_in(alice).get(f"/api/v1/events/{played.pk}/standings/").json()["standings"]
    assert next(r for r in insider if r["player"] == winner)["penalties"] == ["round 1, match loss: Marked cards"]


def test_a_judge_who_plays_in_the_match_gives_no_penalty_in_it(played, alice):
    from decks.events.services import NotAllowed
    from decks.judging.services import judge_add
    from decks.judging.services import penalty_record

    match = a_match(played)
    player = match.player_b.user
    judge_add(organiser=alice, event=played, username=player.username)
    body = {"player": match.player_a.user.username, "kind": "match-loss", "reason": "Marked cards"}
    answer = signed_in(player).post(f"/events/{played.pk}/matches/{match.pk}/penalties/", body, follow=True)
    assert "another of the event&#x27;s staff gives its penalties" in answer.content.decode()
    assert not Penalty.objects.exists()
    with pytest.raises(NotAllowed):
        penalty_record(event=played, user=player, match=match, **body)
    assert not Penalty.objects.exists()


def test_in_the_top_cut_a_penalty_is_a_warning(played, alice):
    """The bracket moves on its results, not on points: a game or match loss given there is refused (the organiser
    enters the result it means); a warning is kept."""
    from decks.models import Event
    from decks.tournaments.models import RoundKind
    from decks.tournaments.services import top_cut_start

    Event.objects.filter(pk=played.pk).update(rounds=1)
    played.refresh_from_db()
    top_cut_start(event=played, size=4)
    match = (
        Match.objects.filter(round__event=played, round__kind=RoundKind.TOP_CUT, player_b__isnull=False)
        .select_related("player_a__user", "player_b__user", "round")
        .first()
    )
    url = f"/events/{played.pk}/matches/{match.pk}/penalties/"
    body = {"player": match.player_a.user.username, "kind": "game-loss", "reason": "Drew an extra card"}
    answer = signed_in(alice).post(url, body, follow=True)
    assert "In the top cut a penalty is a warning" in answer.content.decode()
    assert not Penalty.objects.filter(match=match).exists()
    signed_in(alice).post(url, {**body, "kind": "warning"})
    assert list(Penalty.objects.filter(match=match).values_list("kind", flat=True)) == ["warning"]


def _match_state() -> list:
    return sorted(Match.objects.values_list("id", "wins_a", "wins_b", "draws", "confirmed", "extra_seconds")) + sorted(
        Penalty.objects.values_list("id", "match_id", "kind")
    )


def test_a_match_of_another_event_is_no_such_match_on_every_page_and_api(played, alice, api_as):
    """One lookup (decks.tournaments.lookups.event_match_or_404): the same 404 "No such match." wherever a match's
    id comes with an event's, even to the organiser of both events, and nothing changes."""
    from tests.decks.events.fixtures import open_event
    from tests.decks.events.fixtures import register_players

    other = open_event(alice, played.game, "Winter Open")
    register_players(other, ["jo", "kim"])
    close(other)
    event_start(event=other)
    other.refresh_from_db()
    round_pair_next(event=other)
    theirs = a_match(other)
    player = theirs.player_a.user
    before = _match_state()
    e, m = played.pk, theirs.pk
    penalty = {"player": player.username, "kind": "warning", "reason": "Slow play"}
    page, api = signed_in(alice), api_as(alice)
    answers = {
        "match page": page.get(f"/events/{e}/matches/{m}/"),
        "penalty page": page.post(f"/events/{e}/matches/{m}/penalties/", penalty),
        "console result": page.post(f"/events/{e}/run/matches/{m}/result/", {"result": "1-0-0"}),
        "extra time": page.post(f"/events/{e}/run/matches/{m}/extra-time/", {"minutes": "5"}),
        "player's result": signed_in(player).post(f"/events/{e}/matches/{m}/result/", {"result": "1-0-0"}),
        "penalties api": api.get(f"/api/v1/events/{e}/matches/{m}/penalties/"),
        "penalty api": api.post(f"/api/v1/events/{e}/matches/{m}/penalties/", penalty, format="json"),
        "result api": api.post(f"/api/v1/events/{e}/matches/{m}/result/", {"wins": [1, 0], "draws": 0}, format="json"),
    }
    assert {name: answer.status_code for name, answer in answers.items()} == dict.fromkeys(answers, 404)
    assert {answers[name].json()["detail"] for name in answers if "api" in name} == {"No such match."}
    assert _match_state() == before

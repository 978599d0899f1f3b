"""The tournament API (docs/contracts/tournaments.md).

Shapes, refusals (400 names the field, 409 says why), and a whole event.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.events.services import event_create
from decks.models import Match
from decks.models import Round
from tests.decks.events.fixtures import lists_public

BASE = "/api/v1/events/{}/"


@pytest.fixture
def organiser(alice, api_as):
    return api_as(alice)


def url(event, tail: str) -> str:
    return BASE.format(event.pk) + tail


def pair(client, event) -> dict:
    response = client.post(url(event, "rounds/"))
    assert response.status_code == 201, response.content
    return response.json()


def enter_all(client, event, round_: dict, result=None) -> None:
    for m in round_["matches"]:
        if not m["confirmed"]:
            body = result or {"wins": [1, 0], "draws": 0}
            assert client.post(url(event, f"matches/{m['id']}/result/"), body, format="json").status_code == 200


def test_it_starts_the_event_with_the_players_and_who_is_left_out(event, seven, organiser):
    from decks.models import Registration

    Registration.objects.filter(player__username="ivy").update(cards=[])
    response = organiser.post(url(event, "start/"))
    assert response.status_code == 200
    body = response.json()
    assert len(body["players"]) == 6 and body["left_out"][0]["player"] == "ivy" and body["left_out"][0]["reason"]
    again = organiser.post(url(event, "start/"))
    assert again.status_code == 409 and "already started" in again.json()["detail"]
    assert organiser.get(url(event, "")).json()["state"] == "running"


def test_pairing_answers_the_round_and_a_second_click_is_a_409(event, seven, organiser):
    organiser.post(url(event, "start/"))
    round_ = pair(organiser, event)
    assert round_["number"] == 1 and round_["kind"] == "swiss"
    assert [m["table"] for m in round_["matches"]] == [1, 2, 3, 4]
    bye = round_["matches"][-1]
    assert bye["players"][1] is None and bye["result"] == {"wins": [1, 0], "draws": 0} and bye["confirmed"]
    again = organiser.post(url(event, "rounds/"))
    assert again.status_code == 409 and "without a result" in again.json()["detail"]
    assert Round.objects.filter(event=event).count() == 1
    assert organiser.get(url(event, "rounds/1/")).json() == round_
    assert organiser.get(url(event, "rounds/")).json() == [round_]
    assert organiser.get(url(event, "rounds/2/")).status_code == 404


def test_players_report_from_their_side_and_confirm(event, seven, organiser, api_as):
    organiser.post(url(event, "start/"))
    match = pair(organiser, event)["matches"][0]
    a, b = (api_as(type(seven[0]).objects.get(username=name)) for name in match["players"])
    path = url(event, f"matches/{match['id']}/result/")
    first = a.post(path, {"wins": [1, 0]}, format="json").json()
    assert first["result"] == {"wins": [1, 0], "draws": 0} and not first["confirmed"]
    assert first["reports"] == [{"wins": [1, 0], "draws": 0}, None]
    differ = b.post(path, {"wins": [0, 1], "draws": 0}, format="json").json()
    assert differ["disputed"] and differ["result"] is None
    agree = b.post(path, {"wins": [1, 0], "draws": 0}, format="json").json()
    assert agree["confirmed"] and not agree["disputed"]
    late = a.post(path, {"wins": [0, 1], "draws": 0}, format="json")
    assert late.status_code == 409


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"wins": [2, 0], "draws": 0}, "wins"),
        ({"wins": [1, 1], "draws": 0}, "wins"),
        ({"wins": [0, 0], "draws": 2}, "draws"),
        ({"wins": [1], "draws": 0}, "wins"),
        ({"wins": [1.5, 0], "draws": 0}, "wins[0]"),
        ({"wins": [1, 0], "draws": 0, "extra": 1}, "extra"),
    ],
)
def test_a_result_the_match_cannot_have_is_a_400_naming_the_field(event, seven, organiser, body, field):
    organiser.post(url(event, "start/"))
    match = pair(organiser, event)["matches"][0]
    response = organiser.post(url(event, f"matches/{match['id']}/result/"), body, format="json")
    assert response.status_code == 400 and response.json()["field"] == field, response.content
    assert Match.objects.get(pk=match["id"]).result is None


def test_a_match_of_another_event_is_a_404_and_a_bye_a_409(event, seven, organiser, alice):
    other = event_create(
        organiser=alice, name="Other", game=event.game, format_slug="advanced", deadline=timezone.now() + timedelta(1)
    )
    organiser.post(url(event, "start/"))
    round_ = pair(organiser, event)
    response = organiser.post(
        url(other, f"matches/{round_['matches'][0]['id']}/result/"), {"wins": [1, 0]}, format="json"
    )
    # No match of this event, as for an id that does not exist (decks.tournaments.lookups.event_match_or_404).
    assert response.status_code == 404 and response.json()["detail"] == "No such match."
    bye = round_["matches"][-1]
    assert (
        organiser.post(url(event, f"matches/{bye['id']}/result/"), {"wins": [0, 1]}, format="json").status_code == 409
    )


def test_only_the_matchs_players_report_it(event, seven, organiser, api_as, charlie):
    organiser.post(url(event, "start/"))
    match = pair(organiser, event)["matches"][0]
    outsider = next(u for u in seven if u.username not in match["players"])
    for user in (outsider, charlie):
        response = api_as(user).post(url(event, f"matches/{match['id']}/result/"), {"wins": [1, 0]}, format="json")
        assert response.status_code == 403
    assert Match.objects.get(pk=match["id"]).report_a is None


def test_drops_from_the_player_and_from_the_organiser(event, seven, organiser, api_as, bob):
    # Before the start there is no one to drop: a registered player withdraws (409 saying so, not "not playing").
    for client, body in ((api_as(bob), {}), (organiser, {"player": "bob"})):
        early = client.post(url(event, "drop/"), body, format="json")
        assert early.status_code == 409 and "withdraws their registration" in early.json()["detail"], early.content
    organiser.post(url(event, "start/"))
    response = api_as(bob).post(url(event, "drop/"), {}, format="json")
    assert response.json() == {"player": "bob", "dropped": True, "dropped_after": 0}
    assert api_as(bob).post(url(event, "drop/"), {}, format="json").status_code == 409
    assert organiser.post(url(event, "drop/"), {"player": "dora"}, format="json").json()["player"] == "dora"
    unknown = organiser.post(url(event, "drop/"), {"player": "zed"}, format="json")
    assert unknown.status_code == 400 and unknown.json()["field"] == "player"
    assert api_as(bob).post(url(event, "drop/"), {"player": "eli"}, format="json").status_code == 403


def test_a_whole_event_through_the_api(event, seven, organiser):
    lists_public(event)
    assert organiser.patch(url(event, ""), {"top_cut": 4, "decklists_public": True}, format="json").status_code == 200
    organiser.post(url(event, "start/"))
    assert organiser.post(url(event, "top-cut/"), {"size": 4}, format="json").status_code == 409
    for _ in range(3):
        enter_all(organiser, event, pair(organiser, event))
    standings = organiser.get(url(event, "standings/")).json()
    assert standings["round"] == 3 and [r["rank"] for r in standings["standings"]] == list(range(1, 8))
    assert set(standings["standings"][0]) == {
        "rank",
        "player",
        "points",
        "record",
        "omw",
        "gwp",
        "ogw",
        "dropped",
        "penalties",
    }
    assert organiser.post(url(event, "rounds/")).status_code == 409
    assert organiser.post(url(event, "top-cut/"), {"size": 3}, format="json").status_code == 400
    top = organiser.post(url(event, "top-cut/"), {"size": 4}, format="json")
    assert top.status_code == 201 and top.json()["kind"] == "top-cut"
    seeds = [r["player"] for r in standings["standings"][:4]]
    assert [m["players"] for m in top.json()["matches"]] == [[seeds[0], seeds[3]], [seeds[1], seeds[2]]]
    draw = organiser.post(
        url(event, f"matches/{top.json()['matches'][0]['id']}/result/"), {"wins": [0, 0], "draws": 1}, format="json"
    )
    assert draw.status_code == 400 and "draw" in draw.json()["message"]
    enter_all(organiser, event, top.json())
    final = pair(organiser, event)
    assert final["matches"][0]["players"] == [seeds[0], seeds[1]]
    enter_all(organiser, event, final, {"wins": [0, 1], "draws": 0})
    assert organiser.post(url(event, "rounds/")).status_code == 409
    assert organiser.post(url(event, "finish/")).json() == {"state": "finished"}
    csv = organiser.get(url(event, "standings.csv"))
    assert (
        csv.status_code == 200
        and csv.content.decode().splitlines()[0] == "rank,player,points,record,omw,gwp,ogw,dropped"
    )
    assert organiser.get(url(event, "standings/?format=csv")).content == csv.content


def test_settings_are_checked_and_fixed_as_the_event_goes_on(event, seven, organiser):
    assert organiser.patch(url(event, ""), {"top_cut": 3}, format="json").json()["field"] == "top_cut"
    assert organiser.patch(url(event, ""), {"games_per_match": 2}, format="json").json()["field"] == "games_per_match"
    assert organiser.patch(url(event, ""), {"games_per_match": 3, "rounds": 2}, format="json").status_code == 200
    organiser.post(url(event, "start/"))
    response = organiser.patch(url(event, ""), {"games_per_match": 1}, format="json")
    assert response.status_code == 409 and response.json()["field"] == "games_per_match"
    body = organiser.get(url(event, "")).json()
    assert (body["rounds"], body["games_per_match"], body["state"], body["current_round"]) == (2, 3, "running", 0)


@pytest.mark.parametrize("still_in", [0, 1])
def test_it_refuses_to_pair_a_round_when_nothing_is_left_to_pair(event, seven, organiser, still_in):
    organiser.post(url(event, "start/"))
    if still_in:
        enter_all(organiser, event, pair(organiser, event))
    for user in seven[still_in:]:
        assert organiser.post(url(event, "drop/"), {"player": user.username}, format="json").status_code == 200
    standings = organiser.get(url(event, "standings/")).json()
    # No empty round, no round of a lone bye (3 points for nothing), not on a second click either.
    for _ in range(2):
        response = organiser.post(url(event, "rounds/"))
        assert response.status_code == 409 and "Nothing is left to pair" in response.json()["detail"], response.content
    assert Round.objects.filter(event=event).count() == still_in
    assert organiser.get(url(event, "")).json()["current_round"] == still_in
    assert organiser.get(url(event, "standings/")).json() == standings


def test_rounds_by_player_count_after_the_start_is_the_number_the_start_chose(event, seven, organiser):
    organiser.post(url(event, "start/"))
    chosen = organiser.get(url(event, "")).json()["rounds"]
    more = organiser.patch(url(event, ""), {"rounds": chosen + 2}, format="json")
    assert more.json()["rounds"] == chosen + 2
    # Empty ("by player count") again: the start's number for its seven players, not "Round 0 is already paired".
    response = organiser.patch(url(event, ""), {"rounds": None}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["rounds"] == chosen

"""Round robin events (#33): for a small group everyone meets everyone once; the rounds are set by the number of
players; a dropped player's opponent gets the bye; the standings count every round; the pairing is fixed at the
start. Set on the event's form and through the API."""

from itertools import combinations

import pytest
from django.test import Client

from decks.events.services import OutOfTurn
from decks.events.services import event_update
from decks.models import Event
from decks.models import Match
from decks.models import RoundKind
from decks.tournaments.selectors import event_standings
from decks.tournaments.services import event_start
from decks.tournaments.services import player_drop
from decks.tournaments.services import round_pair_next
from tests.decks.tournaments.test_tournament_services import finish_round

pytestmark = pytest.mark.django_db


def robin(event) -> None:
    Event.objects.filter(pk=event.pk).update(pairing="round_robin")
    event.refresh_from_db()


def test_seven_players_meet_each_other_once_in_seven_rounds(event, seven, alice):
    robin(event)
    event_start(event=event)
    event.refresh_from_db()
    assert event.rounds == 7
    met, byes = [], []
    for number in range(1, 8):
        round_ = round_pair_next(event=event)
        assert round_.kind == RoundKind.ROUND_ROBIN and round_.number == number
        matches = list(round_.matches.select_related("player_a__user", "player_b__user"))
        met += [frozenset((m.player_a.user.username, m.player_b.user.username)) for m in matches if not m.bye]
        byes += [m.player_a.user.username for m in matches if m.bye]
        finish_round(event, round_, alice)
        event.refresh_from_db()
    names = ["bob", "dora", "eli", "finn", "gia", "hal", "ivy"]
    assert sorted(met, key=sorted) == sorted((frozenset(p) for p in combinations(names, 2)), key=sorted)
    assert sorted(byes) == names  # each rests once
    with pytest.raises(OutOfTurn, match="All 7 round robin rounds are paired"):
        round_pair_next(event=event)
    standings = event_standings(event=event)
    assert standings.round == 7
    assert sum(row.to_dict()["points"] for row in standings.rows) == 3 * (21 + 7)  # 21 matches won, 7 byes


def test_a_dropped_players_opponent_gets_the_bye(event, seven, alice):
    from decks.events.services import registration_withdraw
    from decks.models import Registration

    registration_withdraw(registration=Registration.objects.get(player__username="ivy"))  # six: no one rests
    robin(event)
    event_start(event=event)
    event.refresh_from_db()
    finish_round(event, round_pair_next(event=event), alice)
    player_drop(event=event, user=alice, player="bob")
    event.refresh_from_db()
    second = round_pair_next(event=event)
    players = [m.player_a.user.username for m in second.matches.all()] + [
        m.player_b.user.username for m in second.matches.all() if m.player_b
    ]
    assert "bob" not in players and Match.objects.filter(round=second, player_b__isnull=True).count() == 1


def test_the_pairing_is_fixed_at_the_start_and_says_so(event, seven, alice):
    event_update(event=event, pairing="round_robin")
    event_start(event=event)
    event.refresh_from_db()
    with pytest.raises(OutOfTurn, match="fixed once the event has started"):
        event_update(event=event, pairing="swiss")
    with pytest.raises(OutOfTurn, match="its number of rounds is fixed"):
        event_update(event=event, rounds=3)


def test_the_form_and_the_api_set_it_and_refuse_a_bad_one(cv, alice, api_as, auth):
    client = Client()
    client.force_login(alice)
    form = {"name": "Youth night", "game": "chapter-and-verse", "format": "advanced", "deadline": "2099-01-01T10:00"}
    assert "Round robin (everyone meets everyone once)" in client.get("/events/new/").content.decode()
    assert client.post("/events/new/", form | {"pairing": "round_robin"}).status_code == 302
    assert Event.objects.get(name="Youth night").pairing == "round_robin"
    api = api_as(alice, auth)
    body = {"name": "Api night", "game": "chapter-and-verse", "deadline": "2099-01-01T10:00:00Z"}
    made = api.post("/api/v1/events/", body | {"pairing": "round_robin"}, format="json")
    assert made.status_code == 201 and made.json()["pairing"] == "round_robin"
    bad = api.post("/api/v1/events/", body | {"pairing": "knockout"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "pairing"


def test_a_round_robin_of_more_players_than_it_takes_does_not_start(event, alice):
    from decks.models import EventState
    from decks.tournaments.models import Player
    from rules.tournament.round_robin import MAX_ROUND_ROBIN_PLAYERS
    from tests.decks.events.fixtures import register_players

    register_players(event, [f"p{i}" for i in range(MAX_ROUND_ROBIN_PLAYERS + 1)])
    robin(event)
    with pytest.raises(OutOfTurn, match=f"at most {MAX_ROUND_ROBIN_PLAYERS} players"):
        event_start(event=event)
    assert Event.objects.get(pk=event.pk).state == EventState.REGISTRATION and not Player.objects.exists()

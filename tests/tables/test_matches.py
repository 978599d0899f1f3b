"""An event played online (docs/tables.md, "Tournament matches online"): a paired round opens a tournament table
for each pairing with the players' registered decks; the game's end lands in the match, once, and in the
standings. alice organises; bob and dora play; charlie is the stranger."""

import pytest
from django.urls import reverse

from decks.events.services import event_update
from decks.models import Match
from decks.tournaments.selectors import event_standings
from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import round_pair_next
from tables.matches import match_game_finished
from tables.models import MatchTable
from tables.models import Seat
from tables.models import Table
from tables.services import Actor
from tables.services import TableRefused
from tables.services import table_move
from tables.services import table_resign
from tests.decks.conftest import cv_catalog  # noqa: F401
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import event  # noqa: F401
from tests.decks.events.fixtures import register_players


@pytest.fixture
def online(event, alice):  # noqa: F811
    """alice's event played online, bob and dora registered, started and round 1 paired."""
    event_update(event=event, played_online=True)
    register_players(event, ["bob", "dora"])
    event_start(event=event)
    round_pair_next(event=event)
    event.refresh_from_db()
    return event


def the_match(event):  # noqa: F811
    return Match.objects.select_related("player_a__user", "player_b__user", "player_a__registration").get(
        round__event=event
    )


def test_a_paired_round_opens_a_tournament_table_for_its_players_with_their_decks(online):
    match = the_match(online)
    link = MatchTable.objects.get(match=match)
    table = link.table
    seats = list(Seat.objects.filter(table=table).order_by("index"))
    assert [s.user for s in seats] == [match.player_a.user, match.player_b.user]
    assert seats[0].deck == match.player_a.registration.decklist and seats[0].deck
    assert (table.status, table.rules, table.listed, table.spectator_delay > 0) == (
        "playing",
        "tournament",
        False,
        True,
    )


def test_an_event_not_played_online_opens_no_table(event, alice):  # noqa: F811
    register_players(event, ["bob", "dora"])
    event_start(event=event)
    round_pair_next(event=event)
    assert not MatchTable.objects.exists() and not Table.objects.exists()


def test_a_finished_game_lands_in_the_match_and_the_standings_once(online):
    match = the_match(online)
    table = MatchTable.objects.get(match=match).table
    loser = match.player_b.user
    table_resign(table_id=table.pk, actor=Actor(user=loser), after=table.seq, key="resign-0001")
    match.refresh_from_db()
    assert (match.wins_a, match.wins_b, match.draws, match.confirmed) == (1, 0, 0, True)
    rows = {row.player: row for row in event_standings(event=online).rows}
    assert rows[match.player_a.user.username].points > rows[loser.username].points
    # The finish processed again (a second save, a retry): nothing more is counted, no other table opens.
    table.refresh_from_db()
    table.save()
    match_game_finished(table=table)
    match.refresh_from_db()
    assert (match.wins_a, match.wins_b) == (1, 0) and MatchTable.objects.filter(match=match).count() == 1


def test_a_best_of_three_opens_the_next_game_until_a_player_has_won_two(event, alice):  # noqa: F811
    event_update(event=event, played_online=True, games_per_match=3)
    register_players(event, ["bob", "dora"])
    event_start(event=event)
    round_pair_next(event=event)
    match = the_match(event)
    a = match.player_a.user
    for number in (1, 2):
        link = MatchTable.objects.get(match=match, game_number=number)
        table = link.table
        # Game 2 puts the match's second player in the first seat; the first player wins both.
        other = next(s.user for s in Seat.objects.filter(table=table) if s.user != a)
        table_resign(table_id=table.pk, actor=Actor(user=other), after=table.seq, key=f"resign-000{number}")
    assert MatchTable.objects.get(match=match, game_number=2).a_seat == 1
    match.refresh_from_db()
    assert (match.wins_a, match.wins_b, match.confirmed) == (2, 0, True)
    assert MatchTable.objects.filter(match=match).count() == 2


def test_a_result_the_players_reported_stands(online):
    match = the_match(online)
    a, b = match.player_a.user, match.player_b.user
    match_result_set(event=online, match=match, user=a, wins=[0, 1], draws=0)
    match_result_set(event=online, match=match, user=b, wins=[0, 1], draws=0)
    table = MatchTable.objects.get(match=match).table
    table_resign(table_id=table.pk, actor=Actor(user=b), after=table.seq, key="resign-0001")
    match.refresh_from_db()
    assert (match.wins_a, match.wins_b, match.confirmed) == (0, 1, True)


def test_a_stranger_cannot_play_someone_elses_match_table(online, charlie, client):
    match = the_match(online)
    table = MatchTable.objects.get(match=match).table
    with pytest.raises(TableRefused) as refused:
        table_move(
            table_id=table.pk, actor=Actor(user=charlie), after=table.seq, key="charlie-01", action={"type": "x"}
        )
    assert refused.value.code == "not-your-seat"
    with pytest.raises(TableRefused):
        table_resign(table_id=table.pk, actor=Actor(user=charlie), after=table.seq, key="charlie-02")
    table.refresh_from_db()
    assert table.status == "playing" and table.seq == 0
    client.force_login(charlie)
    assert client.get(reverse("table-match", args=[match.pk])).status_code == 404
    assert client.get(f"/api/v1/tables/matches/{match.pk}/").status_code == 404


def test_the_players_find_their_table_from_the_event(online, client):
    match = the_match(online)
    table = MatchTable.objects.get(match=match).table
    client.force_login(match.player_b.user)
    page = client.get(reverse("event-play", args=[online.pk]))
    assert "Play your match online" in page.content.decode()
    answer = client.get(reverse("table-match", args=[match.pk]))
    assert answer.status_code == 302 and answer["Location"] == reverse("table", args=[table.pk])
    api = client.get(f"/api/v1/tables/matches/{match.pk}/").json()
    assert api["tables"] == [
        {"game_number": 1, "table": str(table.pk), "status": "playing", "url": f"/tables/{table.pk}/"}
    ]
    client.logout()
    assert client.get(f"/api/v1/tables/matches/{match.pk}/").status_code in (401, 403)


def test_the_organiser_sets_played_online_in_the_api_and_on_the_event_form(event, alice, client):  # noqa: F811
    client.force_login(alice)
    answer = client.patch(f"/api/v1/events/{event.pk}/", {"played_online": True}, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["played_online"] is True
    bad = client.patch(f"/api/v1/events/{event.pk}/", {"played_online": "yes"}, content_type="application/json")
    assert bad.status_code == 400 and "played_online" in bad.content.decode()


def test_the_organiser_ticks_played_online_on_the_events_form(event, alice, client):  # noqa: F811
    client.force_login(alice)
    assert 'name="played_online"' in client.get(f"/events/{event.pk}/edit/").content.decode()
    fields = {"name": event.name, "format": event.format, "deadline": "2099-01-01T10:00", "played_online": "on"}
    assert client.post(f"/events/{event.pk}/edit/", fields).status_code == 302
    event.refresh_from_db()
    assert event.played_online


def test_a_players_handicap_is_dealt_at_their_online_table(event, alice):  # noqa: F811
    """#33: a handicap "applied when the game is played on the site": bob's 4 blessings are set aside at his seat,
    whichever seat the pairing gives him; dora keeps the rules' number."""
    from decks.handicaps.services import handicap_set
    from tables.positions import position

    event_update(event=event, played_online=True)
    register_players(event, ["bob", "dora"])
    bob_reg = event.registrations.get(player__username="bob", active=True)
    handicap_set(event=event, user=alice, registration_id=bob_reg.pk, handicap=4)
    event_start(event=event)
    round_pair_next(event=event)
    table = MatchTable.objects.get(match__round__event=event).table
    seats = list(Seat.objects.filter(table=table).select_related("user").order_by("index"))
    bob_seat = next(s.index for s in seats if s.user.username == "bob")
    played = position(table, seats)
    blessings = [len(s.blessings) for s in played.state.seats]
    assert blessings[bob_seat] == 4 and blessings[1 - bob_seat] == 7
    assert table.options["seat_blessings"][bob_seat] == 4


def test_a_finished_match_table_offers_no_rematch_and_a_co_organiser_finds_the_table(online, alice, charlie, client):
    """An event's game is not rematched at the table (its next game opens by itself, its result is the event's);
    a co-organiser runs the event as its organiser does, so they find its tables too."""
    from decks.events.services import co_organiser_add
    from tables.services import table_rematch

    match = the_match(online)
    table = MatchTable.objects.get(match=match).table
    table_resign(table_id=table.pk, actor=Actor(user=match.player_b.user), after=table.seq, key="resign-0002")
    with pytest.raises(TableRefused) as refused:
        table_rematch(table_id=table.pk, actor=Actor(user=match.player_a.user))
    assert refused.value.code == "event-match"
    assert not Table.objects.filter(rematch_of=table).exists()
    client.force_login(match.player_a.user)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Offer a rematch" not in page and "opens by itself" in page
    client.force_login(charlie)
    assert client.get(f"/api/v1/tables/matches/{match.pk}/").status_code == 404
    co_organiser_add(owner=alice, event=online, username="charlie")
    assert client.get(f"/api/v1/tables/matches/{match.pk}/").json()["tables"][0]["table"] == str(table.pk)

"""Tournament pages: the organiser's console, the player's two-tap report, the public pages,
slips with a QR code, the CSV and the finished event's top decks. No inline script or style."""

import re

import pytest
from django.db.models import Q
from django.test import Client

from decks.events.services import event_update
from decks.models import Event
from decks.models import Match
from decks.models import Round
from decks.tournaments.services import event_finish
from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import player_drop
from decks.tournaments.services import round_pair_next
from tests.decks.events.fixtures import lists_public
from tests.decks.events.fixtures import register_players

INLINE = [
    re.compile(r"<script(?![^>]*\bsrc=)[^>]*>"),
    re.compile(r"\sstyle="),
    re.compile(r"\son[a-z]+="),
    re.compile(r"hx-on"),
]


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page(client, path: str, status: int = 200) -> str:
    response = client.get(path)
    assert response.status_code == status, (path, response.status_code)
    html = response.content.decode()
    if response["Content-Type"].startswith("text/html"):
        for pattern in INLINE:
            assert not pattern.search(html), (path, pattern.pattern)
    return html


def test_the_console_starts_pairs_and_polls_the_round(event, seven, alice, charlie):
    console = f"/events/{event.pk}/run/"
    page(client_of(charlie), console, 404)
    organiser = client_of(alice)
    assert "7</strong> will play" in page(organiser, console)
    assert organiser.post(f"/events/{event.pk}/run/start/").status_code == 302
    assert organiser.post(f"/events/{event.pk}/run/pair/").status_code == 302
    # A double click: the second post pairs nothing and says why.
    response = organiser.post(f"/events/{event.pk}/run/pair/", follow=True)
    assert "without a result" in response.content.decode()
    html = page(organiser, console)
    assert 'hx-trigger="every 5s"' in html and "round-clock" in html
    partial = organiser.get(f"/events/{event.pk}/run/round/", HTTP_HX_REQUEST="true")
    assert partial.status_code == 200 and "HX-Refresh" not in partial


def test_a_player_reports_in_two_taps_and_the_opponent_confirms(event, seven, alice):
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).first()
    a, b = client_of(match.player_a.user), client_of(match.player_b.user)
    play = f"/events/{event.pk}/play/"
    html = page(b, play)
    assert match.player_a.user.username in html and f">{match.table}<" in html
    assert "Send" in page(b, play + "?report=1-0-0")
    # b won 1-0 from their side: the match's order is 0-1.
    b.post(f"/events/{event.pk}/matches/{match.pk}/result/", {"result": "1-0-0"})
    assert Match.objects.get(pk=match.pk).report_b == {"wins": [0, 1], "draws": 0}
    html = page(a, play)
    assert "you lost 0\N{EN DASH}1" in html and "Agree: I lost 0\N{EN DASH}1" in html
    a.post(f"/events/{event.pk}/matches/{match.pk}/result/", {"result": "0-1-0"})
    assert Match.objects.get(pk=match.pk).confirmed


def test_the_public_pages_show_the_event_as_it_runs(event, seven, alice, charlie):
    event_update(event=event, top_cut=2)
    event_start(event=event)
    round_ = round_pair_next(event=event)
    for match in round_.matches.exclude(player_b=None):
        match_result_set(event=event, match=match, user=alice, wins=[1, 0], draws=0)
    anyone = Client()
    assert "Standings" in page(anyone, f"/events/{event.pk}/standings/")
    assert "round 1" in page(anyone, f"/events/{event.pk}/pairings/")
    page(anyone, f"/events/{event.pk}/bracket/")
    slips = page(anyone, f"/events/{event.pk}/slips/")
    assert "table 1" in slips and seven[0].registrations.get().list_hash in slips and "play/qr.svg" in slips
    qr = anyone.get(f"/events/{event.pk}/play/qr.svg")
    assert qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content
    csv = anyone.get(f"/events/{event.pk}/standings.csv")
    assert csv.content.decode().startswith("rank,player,points,record,omw,gwp,ogw,dropped\n")
    assert "play/qr.svg" in page(anyone, f"/events/{event.pk}/")


@pytest.mark.parametrize("public", [True, False])
def test_the_finished_event_shows_its_top_decks_only_when_the_organiser_chose_to(event, seven, alice, public):
    if public:
        lists_public(event)
    event_update(event=event, rounds=1)
    event_start(event=event)
    for match in round_pair_next(event=event).matches.exclude(player_b=None):
        match_result_set(event=event, match=match, user=alice, wins=[1, 0], draws=0)
    event_finish(event=event)
    html = page(Client(), f"/events/{event.pk}/")
    registration = seven[1].registrations.get()
    link = f"/events/{event.pk}/decks/{registration.pk}/"
    assert ("Top decks" in html) is public and (link in html) is public
    deck = page(Client(), link, 200 if public else 404)
    if public:
        assert registration.list_hash in deck
    assert Event.objects.get(pk=event.pk).state == "finished"


def test_the_events_form_takes_the_tournament_settings(event, alice):
    organiser = client_of(alice)
    assert 'name="top_cut"' in page(organiser, f"/events/{event.pk}/edit/")
    fields = {
        "name": event.name,
        "format": event.format,
        "deadline": "2099-01-01T10:00",
        "description": "",
        "rounds": "4",
        "games_per_match": "3",
        "top_cut": "8",
        "decklists_public": "on",
    }
    assert organiser.post(f"/events/{event.pk}/edit/", fields).status_code == 302
    event.refresh_from_db()
    assert (event.rounds, event.games_per_match, event.top_cut, event.decklists_public) == (4, 3, 8, True)


def test_the_pages_posts_count_against_the_write_limit(event, seven, alice, settings):
    from django.core.cache import cache

    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "3/min"},
    }
    cache.clear()
    event_start(event=event)
    organiser = client_of(alice)
    codes = [organiser.post(f"/events/{event.pk}/run/pair/").status_code for _ in range(4)]
    assert codes[:3] == [302, 302, 302] and codes[3] == 429
    match = Match.objects.filter(round__event=event).first()
    assert organiser.post(f"/events/{event.pk}/matches/{match.pk}/result/", {"result": "1-0-0"}).status_code == 429
    cache.clear()


@pytest.fixture
def alice_plays_second(event, seven, alice) -> Match:
    """alice plays in the event she organises, seated second at her round-1 table (8 players: no bye)."""
    register_players(event, ["alice"])
    event_start(event=event)
    round_pair_next(event=event)
    match = Match.objects.get(Q(player_a__user=alice) | Q(player_b__user=alice))
    if match.player_a.user_id == alice.pk:
        # Either seat is a fair pairing; the organiser's own result only came out backwards from the second.
        Match.objects.filter(pk=match.pk).update(player_a=match.player_b, player_b=match.player_a)
    return Match.objects.select_related("player_a__user", "player_b__user").get(pk=match.pk)


def test_it_takes_an_organiser_who_plays_as_a_player_on_the_play_page_and_as_the_organiser_on_the_console(
    event, alice, alice_plays_second
):
    match = alice_plays_second
    me, opponent = client_of(alice), client_of(match.player_a.user)
    play, result = f"/events/{event.pk}/play/", f"/events/{event.pk}/matches/{match.pk}/result/"
    assert "I won 1\N{EN DASH}0" in page(me, play)
    # "I won 1-0" from the second seat: a report of 0-1 in the match's order, and back to her play page.
    response = me.post(result, {"result": "1-0-0"})
    assert response.status_code == 302 and response["Location"] == play
    reported = Match.objects.get(pk=match.pk)
    assert reported.report_b == reported.result == {"wins": [0, 1], "draws": 0} and not reported.confirmed
    assert "waiting for" in page(me, play)
    opponent.post(result, {"result": "0-1-0"})  # the opponent: "I lost 0-1"
    agreed = Match.objects.get(pk=match.pk)
    assert agreed.confirmed and agreed.result == {"wins": [0, 1], "draws": 0}
    # Her console still enters results in the match's order, final: a correction of her own match, another table.
    console = page(me, f"/events/{event.pk}/run/")
    other = Match.objects.filter(round=match.round).exclude(pk=match.pk).first()
    for m in (match, other):
        action = re.search(rf'action="([^"]*/matches/{m.pk}/result/)"', console).group(1)
        assert me.post(action, {"result": "1-0-0"})["Location"] == f"/events/{event.pk}/run/"
        entered = Match.objects.get(pk=m.pk)
        assert entered.confirmed and entered.result == {"wins": [1, 0], "draws": 0}


def test_it_confirms_the_opponents_report_for_an_organiser_who_plays(event, alice, alice_plays_second):
    match = alice_plays_second
    me, opponent = client_of(alice), client_of(match.player_a.user)
    play, result = f"/events/{event.pk}/play/", f"/events/{event.pk}/matches/{match.pk}/result/"
    opponent.post(result, {"result": "0-1-0"})  # the opponent, first seat: "I lost 0-1"
    html = page(me, play)
    assert "you won 1\N{EN DASH}0" in html
    confirm = re.search(r'class="confirm-report">.*?name="result" value="([^"]+)"', html, re.S).group(1)
    me.post(result, {"result": confirm})
    done = Match.objects.get(pk=match.pk)
    assert done.confirmed and done.result == {"wins": [0, 1], "draws": 0} and done.report_b == done.report_a


def test_the_console_says_why_it_pairs_nothing_when_every_player_has_dropped(event, seven, alice):
    event_start(event=event)
    for user in seven:
        player_drop(event=event, user=alice, player=user.username)
    response = client_of(alice).post(f"/events/{event.pk}/run/pair/", follow=True)
    assert "Nothing is left to pair: every player has dropped." in response.content.decode()
    assert not Round.objects.filter(event=event).exists()


def test_a_player_who_drops_mid_round_can_still_confirm_their_match(event, seven):
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).select_related("player_a__user").first()
    first, second = match.player_a.user, match.player_b.user
    client_of(second).post(f"/events/{event.pk}/matches/{match.pk}/result/", {"result": "1-0-0"})  # "I won 1-0"
    player_drop(event=event, user=first)
    me = client_of(first)
    html = page(me, f"/events/{event.pk}/play/")
    assert "you will not be paired again" in html and "Drop from the event" not in html
    confirm = re.search(r'class="confirm-report">.*?name="result" value="([^"]+)"', html, re.S).group(1)
    me.post(f"/events/{event.pk}/matches/{match.pk}/result/", {"result": confirm})
    done = Match.objects.get(pk=match.pk)
    assert done.confirmed and done.result == {"wins": [0, 1], "draws": 0}
    # Once the result is in, the page only says they dropped.
    html = page(me, f"/events/{event.pk}/play/")
    assert "You have dropped from this event." in html and "confirm-report" not in html


def test_a_finished_event_asks_for_no_reports_and_no_registrations(event, seven, alice):
    """#36: the finished event still invited players to scan to report a result and to log in to register."""
    event_update(event=event, rounds=1)
    event_start(event=event)
    for match in round_pair_next(event=event).matches.exclude(player_b=None):
        match_result_set(event=event, match=match, user=alice, wins=[1, 0], draws=0)
    running = page(Client(), f"/events/{event.pk}/")
    assert "scan to see your table and report your result" in running
    assert "to register a deck" not in running and "Registration has closed." in running

    event_finish(event=event)
    finished = page(Client(), f"/events/{event.pk}/")
    assert "scan to see your table" not in finished and "play/qr.svg" not in finished
    assert "Log in</a> to register a deck" not in finished and "Registration has closed." in finished
    assert "scan to see your table" not in page(client_of(seven[1]), f"/events/{event.pk}/")


def test_an_open_event_asks_a_visitor_to_log_in_to_register(event):
    html = page(Client(), f"/events/{event.pk}/")
    assert "Log in</a> to register a deck." in html


def test_agreeing_and_reporting_your_own_result_are_separate_steps_in_words(event, seven, alice):
    """#36: Carol reported "I won"; Alice, opening her match to report her own win, met a large Confirm (agreeing
    to her loss) right above Send."""
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).first()
    a, b = client_of(match.player_a.user), client_of(match.player_b.user)
    play = f"/events/{event.pk}/play/"
    b.post(f"/events/{event.pk}/matches/{match.pk}/result/", {"result": "1-0-0"})
    opponent = match.player_b.user.username

    first = page(a, play)
    assert f"{opponent} says: <strong>you lost 0\N{EN DASH}1</strong>. Do you agree?" in first
    assert ">Agree: I lost 0\N{EN DASH}1</button>" in first and "Or report another result:" in first
    assert ">I drew 0\N{EN DASH}0\N{EN DASH}1</a>" in first and "I draw" not in first
    assert "Confirm" not in first and "Send" not in first

    picked = page(a, play + "?report=1-0-0")  # alice taps "I won 1-0"
    assert "Agree:" not in picked and 'class="confirm-report"' not in picked  # no way to agree by mistake here
    assert ">Send: I won 1\N{EN DASH}0</button>" in picked
    assert f"{opponent} says you lost 0\N{EN DASH}1: if you send another result, the organiser decides." in picked
    a.post(f"/events/{event.pk}/matches/{match.pk}/result/", {"result": "1-0-0"})
    assert Match.objects.get(pk=match.pk).disputed


def test_a_player_takes_back_an_agreement_while_the_round_runs(event, seven, alice):
    """#36: a player may withdraw a confirmation until the organiser closes the round."""
    event_start(event=event)
    match = round_pair_next(event=event).matches.exclude(player_b=None).first()
    a, b = client_of(match.player_a.user), client_of(match.player_b.user)
    play, result = f"/events/{event.pk}/play/", f"/events/{event.pk}/matches/{match.pk}/result/"
    b.post(result, {"result": "1-0-0"})
    a.post(result, {"result": "0-1-0"})  # a agreed (by mistake)
    assert Match.objects.get(pk=match.pk).confirmed
    assert "Take back my report" in page(a, play)

    response = a.post(result, {"action": "withdraw"}, follow=True)
    assert "Your report is taken back" in response.content.decode()
    row = Match.objects.get(pk=match.pk)
    assert not row.confirmed and row.report_a is None and row.result == {"wins": [0, 1], "draws": 0}
    html = page(a, play)
    assert "Agree: I lost 0\N{EN DASH}1" in html  # asked again, and may send their own instead
    a.post(result, {"result": "1-0-0"})
    assert Match.objects.get(pk=match.pk).disputed


def test_no_take_back_of_the_organisers_result_or_of_a_finished_round(event, seven, alice):
    event_start(event=event)
    matches = list(round_pair_next(event=event).matches.exclude(player_b=None))
    first = matches[0]
    a = client_of(first.player_a.user)
    result = f"/events/{event.pk}/matches/{first.pk}/result/"
    a.post(result, {"result": "1-0-0"})
    match_result_set(event=event, match=first, user=alice, wins=[0, 1], draws=0)  # the organiser decides
    assert "Take back my report" not in page(a, f"/events/{event.pk}/play/")
    response = a.post(result, {"action": "withdraw"}, follow=True)
    assert "The organiser entered this result" in response.content.decode()
    assert Match.objects.get(pk=first.pk).result == {"wins": [0, 1], "draws": 0}

    for match in matches[1:]:
        match_result_set(event=event, match=match, user=alice, wins=[1, 0], draws=0)
    round_pair_next(event=event)
    response = a.post(result, {"action": "withdraw"}, follow=True)
    assert "Round 1 is over" in response.content.decode()


@pytest.fixture
def lists_public_from_the_start(event):
    """Decklists are public only if they were before anyone registered (docs/security.md, issue #34)."""
    event_update(event=event, decklists_public=True)


def test_a_finished_events_standings_and_top_decks_agree_on_the_winner(
    event, lists_public_from_the_start, seven, alice
):
    """#36: Swiss then a top 2 won by the second seed: the standings still ranked the Swiss leader first, and the
    top decks' records left the final out."""
    from decks.tournaments.selectors import event_standings
    from decks.tournaments.services import top_cut_start

    event_update(event=event, rounds=2, top_cut=2)
    event_start(event=event)
    for _ in range(2):
        for match in round_pair_next(event=event).matches.exclude(player_b=None):
            match_result_set(event=event, match=match, user=alice, wins=[1, 0], draws=0)
    swiss_rows = event_standings(event=event).rows
    swiss = [row.player for row in swiss_rows]
    final = top_cut_start(event=event, size=2).matches.get()
    second = final.player_b.user.username
    assert (final.player_a.user.username, second) == (swiss[0], swiss[1])
    match_result_set(event=event, match=final, user=alice, wins=[0, 1], draws=0)  # the second seed wins
    event_finish(event=event)

    standings = page(Client(), f"/events/{event.pk}/standings/")
    ranked = re.findall(r'<tr class="standing-row" data-player="([^"]+)"><td class="num">(\d+)</td>', standings)
    assert ranked[:2] == [(second, "1"), (swiss[0], "2")]
    assert "Final standings" in standings and "After Swiss round" not in standings
    winner_row = standings.split(f'data-player="{second}"')[1].split("</tr>")[0]
    before = swiss_rows[1]
    assert f"<td>{before.wins + 1}-{before.losses}-{before.draws}</td>" in winner_row  # the final counted

    event_page = page(Client(), f"/events/{event.pk}/")
    tops = re.findall(r'<span class="rank">#(\d+)</span> ([^:]+):', event_page)
    assert tops[:2] == [("1", second), ("2", swiss[0])]

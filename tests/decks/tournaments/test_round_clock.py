"""The round's clock and the projector view: the organiser starts, pauses and extends the round and gives a table extra
time (services, one transaction each, organiser only); the projector page, the player's page and the console show the
countdown from the server's values, polled so a pause or an extension reaches every screen; the posts count against
the write limit."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from decks.events.services import EventError
from decks.events.services import NotAllowed
from decks.events.services import OutOfTurn
from decks.models import ClockState
from decks.models import Match
from decks.models import Round
from decks.tournaments.services import event_start
from decks.tournaments.services import match_extra_time
from decks.tournaments.services import match_result_set
from decks.tournaments.services import round_clock_extend
from decks.tournaments.services import round_clock_pause
from decks.tournaments.services import round_clock_start
from decks.tournaments.services import round_pair_next
from tests.decks.tournaments.test_tournament_pages import client_of
from tests.decks.tournaments.test_tournament_pages import page

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(event, seven):
    """alice's event started with seven players and round 1 paired (three tables and a bye); its clock not started."""
    event_start(event=event)
    round_ = round_pair_next(event=event)
    event.refresh_from_db()
    return round_


def _ran(round_: Round, minutes: int) -> None:
    """The clock has been running `minutes` longer than it has (time passes without waiting for it)."""
    Round.objects.filter(pk=round_.pk).update(clock_started_at=round_.clock_started_at - timedelta(minutes=minutes))
    round_.refresh_from_db()


def _left(round_: Round) -> float:
    round_.refresh_from_db()
    return round_.clock_remaining(timezone.now())


def _table(round_: Round) -> Match:
    return round_.matches.exclude(player_b=None).order_by("table").first()


def test_it_counts_down_from_the_rounds_length_and_pauses_and_extends(event, paired, alice):
    assert paired.clock_state == ClockState.READY and _left(paired) == 50 * 60  # the default, not running yet
    started = round_clock_start(event=event, user=alice, minutes=30)
    assert started.clock_state == ClockState.RUNNING and started.clock_minutes == 30
    _ran(started, 10)
    assert _left(started) == pytest.approx(20 * 60, abs=2)
    paused = round_clock_pause(event=event, user=alice)
    assert paused.clock_state == ClockState.PAUSED and paused.clock_started_at is None
    assert paused.clock_used == pytest.approx(600, abs=2)
    left = _left(paused)
    assert _left(paused) == left  # a paused clock does not move
    round_clock_extend(event=event, user=alice, minutes=5)
    assert _left(paused) == pytest.approx(left + 300)
    resumed = round_clock_start(event=event, user=alice)
    assert resumed.clock_state == ClockState.RUNNING and resumed.clock_minutes == 30  # resumed, length kept
    _ran(resumed, 25)
    assert _left(resumed) == pytest.approx(0, abs=2)
    _ran(resumed, 1)
    assert _left(resumed) < 0  # time is up: the pages show 0:00


def test_one_table_gets_extra_time_of_its_own(event, paired, alice):
    table = _table(paired)
    match_extra_time(event=event, user=alice, match=table, minutes=3)
    match_extra_time(event=event, user=alice, match=table, minutes=2)
    assert Match.objects.get(pk=table.pk).extra_seconds == 300
    bye = paired.matches.get(player_b=None)
    with pytest.raises(OutOfTurn, match="bye"):
        match_extra_time(event=event, user=alice, match=bye, minutes=3)


@pytest.mark.parametrize(
    "write",
    [
        lambda event, user, m: round_clock_start(event=event, user=user, minutes=10),
        lambda event, user, m: round_clock_pause(event=event, user=user),
        lambda event, user, m: round_clock_extend(event=event, user=user, minutes=5),
        lambda event, user, m: match_extra_time(event=event, user=user, match=m, minutes=5),
    ],
)
def test_only_the_organiser_runs_the_clock(event, paired, alice, write):
    round_clock_start(event=event, user=alice)
    table = _table(paired)
    for other in (table.player_a.user, table.player_b.user):  # the match's own players, even
        with pytest.raises(NotAllowed, match="Only the organiser"):
            write(event, other, table)
    paired.refresh_from_db()
    assert (paired.clock_state, paired.clock_minutes, paired.clock_extended) == (ClockState.RUNNING, 50, 0)
    assert Match.objects.get(pk=table.pk).extra_seconds == 0


def test_another_user_posting_to_the_console_changes_nothing(event, paired, alice, bob, charlie):
    table = _table(paired)
    for stranger in (client_of(bob), client_of(charlie)):
        assert stranger.post(f"/events/{event.pk}/run/clock/", {"action": "start"}).status_code == 404
        assert (
            stranger.post(f"/events/{event.pk}/run/matches/{table.pk}/extra-time/", {"minutes": 5}).status_code == 404
        )
    assert Client().post(f"/events/{event.pk}/run/clock/", {"action": "start"}).status_code == 302  # to log in
    paired.refresh_from_db()
    assert paired.clock_state == ClockState.READY and Match.objects.get(pk=table.pk).extra_seconds == 0


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"action": "start", "minutes": "0"}, "minutes"),
        ({"action": "start", "minutes": "241"}, "minutes"),
        ({"action": "start", "minutes": "ten"}, "minutes"),
        ({"action": "extend"}, "how many minutes"),
        ({"action": "explode"}, "action"),
        ({"action": "pause"}, "is not running"),
    ],
)
def test_bad_clock_posts_are_refused_with_a_message(event, paired, alice, post, message):
    organiser = client_of(alice)
    response = organiser.post(f"/events/{event.pk}/run/clock/", post, follow=True)
    assert message in response.content.decode()
    paired.refresh_from_db()
    assert (paired.clock_state, paired.clock_minutes, paired.clock_extended) == (ClockState.READY, 50, 0)


def test_bad_minutes_are_refused_by_the_services_naming_the_field(event, paired, alice):
    for write in (
        lambda: round_clock_start(event=event, user=alice, minutes=0),
        lambda: round_clock_extend(event=event, user=alice, minutes=61),
        lambda: match_extra_time(event=event, user=alice, match=_table(paired), minutes=0),
    ):
        with pytest.raises(EventError) as refused:
            write()
        assert refused.value.field == "minutes"
    round_clock_start(event=event, user=alice)
    with pytest.raises(OutOfTurn, match="already running"):
        round_clock_start(event=event, user=alice)
    round_clock_pause(event=event, user=alice)
    with pytest.raises(OutOfTurn, match="extend it"):
        round_clock_start(event=event, user=alice, minutes=20)  # a started round's length is not changed


def test_the_organiser_runs_the_clock_from_the_console(event, paired, alice):
    organiser = client_of(alice)
    console = f"/events/{event.pk}/run/"
    html = page(organiser, console)
    assert 'id="clock-start"' in html and 'name="minutes"' in html and f"/events/{event.pk}/projector/" in html
    assert organiser.post(f"/events/{event.pk}/run/clock/", {"action": "start", "minutes": "40"}).status_code == 302
    html = page(organiser, console)
    assert 'id="clock-pause"' in html and 'data-state="running"' in html
    organiser.post(f"/events/{event.pk}/run/clock/", {"action": "extend", "minutes": "5"})
    organiser.post(f"/events/{event.pk}/run/clock/", {"action": "pause"})
    table = _table(paired)
    organiser.post(f"/events/{event.pk}/run/matches/{table.pk}/extra-time/", {"minutes": "3"})
    paired.refresh_from_db()
    assert (paired.clock_state, paired.clock_minutes, paired.clock_extended) == (ClockState.PAUSED, 40, 300)
    assert Match.objects.get(pk=table.pk).extra_seconds == 180
    html = page(organiser, console)
    assert 'id="clock-start"' in html and ">Resume<" in html and "+3 min" in html


def test_the_projector_shows_the_clock_the_tables_and_the_standings_to_anyone(event, paired, alice):
    round_clock_start(event=event, user=alice, minutes=30)
    table = _table(paired)
    match_extra_time(event=event, user=alice, match=table, minutes=4)
    done = paired.matches.exclude(player_b=None).order_by("table").last()
    match_result_set(event=event, match=done, user=alice, wins=[1, 0], draws=0)
    html = page(Client(), f"/events/{event.pk}/projector/")
    assert "<h1>Autumn Open</h1>" in html and "round 1" in html
    assert 'data-state="running"' in html and 'role="timer"' in html
    assert "30:00" in html or "29:59" in html  # the server's time, before the script counts
    assert html.count("<tr data-table=") == paired.matches.count()
    assert table.player_a.user.username in html and table.player_b.user.username in html
    assert "+4 min" in html  # the table's own clock
    assert html.count('role="timer"') == 2  # the round's and the table's
    assert "1\N{EN DASH}0" in html and "Standings" in html and 'data-player="bob"' in html
    assert f'hx-get="/events/{event.pk}/projector/live/"' in html and 'hx-trigger="every 5s"' in html
    assert "/static/js/round-clock.js" in html and "site-header" not in html  # the wall's own page, no site chrome
    live = page(Client(), f"/events/{event.pk}/projector/live/")
    assert 'id="projector-live"' in live and "<html" not in live


def test_a_pause_or_an_extension_reaches_the_projector_on_its_next_poll(event, paired, alice):
    round_clock_start(event=event, user=alice, minutes=30)
    live = f"/events/{event.pk}/projector/live/"
    assert 'data-state="running"' in page(Client(), live)
    round_clock_pause(event=event, user=alice)
    round_clock_extend(event=event, user=alice, minutes=10)
    html = page(Client(), live)
    assert 'data-state="paused"' in html and "paused" in html and "extended by 10 min" in html
    assert "39:5" in html or "40:00" in html


def test_each_player_sees_the_clock_with_their_tables_extra_time(event, paired, alice):
    round_clock_start(event=event, user=alice, minutes=30)
    table = _table(paired)
    match_extra_time(event=event, user=alice, match=table, minutes=5)
    player = client_of(table.player_a.user)
    html = page(player, f"/events/{event.pk}/play/")
    assert f'hx-get="/events/{event.pk}/clock/"' in html and "/static/js/round-clock.js" in html
    assert "your table" in html and ("35:00" in html or "34:59" in html)
    other = paired.matches.exclude(player_b=None).exclude(pk=table.pk).first()
    clock = page(client_of(other.player_a.user), f"/events/{event.pk}/clock/")
    assert "your table" not in clock and ("30:00" in clock or "29:59" in clock)
    assert 'data-state="running"' in page(Client(), f"/events/{event.pk}/clock/")  # anyone: the round's own


def test_before_the_first_round_the_pages_say_so(event, seven, alice):
    event_start(event=event)
    assert "No round is paired yet" in page(Client(), f"/events/{event.pk}/projector/")
    clock = page(Client(), f"/events/{event.pk}/clock/")
    assert 'hx-trigger="every 5s"' in clock and 'role="timer"' not in clock  # polled until round 1 is paired


def test_the_clock_posts_count_against_the_write_limit(event, paired, alice, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "3/min"},
    }
    cache.clear()
    organiser = client_of(alice)
    posts = [("start", {}), ("pause", {}), ("extend", {"minutes": "1"}), ("start", {})]
    codes = [organiser.post(f"/events/{event.pk}/run/clock/", {"action": a, **p}).status_code for a, p in posts]
    assert codes == [302, 302, 302, 429]
    table = _table(paired)
    assert organiser.post(f"/events/{event.pk}/run/matches/{table.pk}/extra-time/", {"minutes": 3}).status_code == 429
    paired.refresh_from_db()
    assert paired.clock_state == ClockState.PAUSED and Match.objects.get(pk=table.pk).extra_seconds == 0
    cache.clear()


def test_the_event_page_shows_the_clock_while_the_event_runs(event, paired, alice):
    round_clock_start(event=event, user=alice, minutes=45)
    table = _table(paired)
    match_extra_time(event=event, user=alice, match=table, minutes=2)
    html = page(client_of(table.player_b.user), f"/events/{event.pk}/")
    assert f'hx-get="/events/{event.pk}/clock/"' in html and "/static/js/round-clock.js" in html
    assert "your table" in html and 'data-state="running"' in html
    assert 'role="timer"' in page(Client(), f"/events/{event.pk}/")  # anyone: the round's clock


def test_the_rounds_api_reads_the_clock_and_each_tables_extra_time(event, paired, alice):
    round_clock_start(event=event, user=alice, minutes=30)
    round_clock_pause(event=event, user=alice)
    round_clock_extend(event=event, user=alice, minutes=2)
    table = _table(paired)
    match_extra_time(event=event, user=alice, match=table, minutes=3)
    body = Client().get(f"/api/v1/events/{event.pk}/rounds/1/").json()
    clock = body["clock"]
    assert (clock["state"], clock["minutes"], clock["extended"]) == ("paused", 30, 120)
    assert clock["remaining"] == pytest.approx(32 * 60, abs=2)
    extra = {m["table"]: m["extra_seconds"] for m in body["matches"]}
    assert extra[table.table] == 180 and sum(extra.values()) == 180

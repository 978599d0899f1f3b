"""Event pages: the list, creating an event, registering, the player's printable list, and the organiser's tools."""

import csv
import datetime
import io
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone

from decks.events.services import event_check_create
from decks.events.services import event_create
from decks.events.services import registration_create
from decks.events.tasks import event_check
from decks.lists.services import deck_create
from decks.lists.services import deck_update
from decks.models import Event
from decks.models import EventCheck
from decks.models import Registration
from tests.decks.conftest import legal_cv_text
from tests.decks.events.fixtures import close

pytestmark = pytest.mark.django_db


def local_input(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


# ---------------------------------------------------------------- list and create
def test_the_list_shows_open_events_first_with_register_and_manage(client, cv, alice, bob, event):
    later = event_create(
        organiser=bob, name="Winter Open", game=cv, format_slug="basic", deadline=timezone.now() + timedelta(days=30)
    )
    past = event_create(
        organiser=bob, name="Summer Cup", game=cv, format_slug="basic", deadline=timezone.now() + timedelta(days=1)
    )
    close(past)
    client.force_login(alice)
    page = client.get("/events/").content.decode()
    assert page.index("Autumn Open") < page.index("Winter Open") < page.index("Summer Cup")
    assert f'href="/events/{event.pk}/manage/"' in page  # alice organises it
    assert f'href="/events/{later.pk}/manage/"' not in page
    assert f'href="/events/{later.pk}/register/"' in page
    assert f'href="/events/{past.pk}/register/"' not in page  # closed
    assert 'href="/events/"' in page  # the nav link


def test_anyone_sees_the_list_and_an_event(client, event):
    assert client.get("/events/").status_code == 200
    page = client.get(f"/events/{event.pk}/")
    assert page.status_code == 200 and b"Autumn Open" in page.content and b"Log in" in page.content
    assert client.get("/events/999999/").status_code == 404


def test_an_organiser_creates_an_event(client, cv, alice):
    client.force_login(alice)
    assert client.get("/events/new/").status_code == 200
    body = {
        "name": "Spring Open",
        "game": "chapter-and-verse",
        "format": "advanced",
        "deadline": local_input(timezone.now() + timedelta(days=3)),
        "description": "Bring sleeves.",
    }
    response = client.post("/events/new/", body)
    created = Event.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/events/{created.pk}/"
    assert (created.organiser, created.format, created.game.slug) == (alice, "advanced", "chapter-and-verse")


def test_the_deadline_is_typed_and_shown_in_the_organisers_own_time_zone(client, cv, alice):
    """The browser names its zone in the `tz` cookie (static/js/site.js): 18:00 typed in Denver is 01:00 UTC."""
    client.force_login(alice)
    client.cookies["tz"] = "America/Denver"
    assert "in your time zone (America/Denver)" in client.get("/events/new/").content.decode()
    year = timezone.now().year + 1
    body = {"name": "Winter Open", "game": "chapter-and-verse", "format": "advanced", "description": ""}
    response = client.post("/events/new/", {**body, "deadline": f"{year}-12-21T18:00"})
    created = Event.objects.get()
    assert response.status_code == 302
    assert created.deadline.astimezone(datetime.UTC).strftime("%d %H:%M") == "22 01:00"
    assert f"21 Dec {year} 18:00 MST" in client.get(f"/events/{created.pk}/").content.decode()

    del client.cookies["tz"]  # no cookie (no script): UTC, and the form says so
    assert "in your time zone (UTC)" in client.get("/events/new/").content.decode()
    assert f"22 Dec {year} 01:00 UTC" in client.get(f"/events/{created.pk}/").content.decode()
    for hostile in ("Mars/Olympus", "../../etc/passwd", "x" * 500, "America/Denver\x00"):
        client.cookies["tz"] = hostile
        page = client.get(f"/events/{created.pk}/")
        assert page.status_code == 200 and f"22 Dec {year} 01:00 UTC" in page.content.decode()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "no-such-format"}, b"no-such-format"),
        ({"deadline": "2001-01-01T10:00"}, b"must be in the future"),
    ],
)
def test_the_create_page_says_what_is_wrong(client, cv, alice, change, message):
    client.force_login(alice)
    body = {"name": "X", "game": "chapter-and-verse", "format": "advanced"}
    body["deadline"] = local_input(timezone.now() + timedelta(days=3))
    body.update(change)
    response = client.post("/events/new/", body)
    assert response.status_code == 400 and message in response.content
    assert not Event.objects.exists()


def test_pages_that_need_a_login_send_you_to_log_in(client, event):
    for url in ("/events/new/", f"/events/{event.pk}/register/", f"/events/{event.pk}/manage/"):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url


# ---------------------------------------------------------------- registering
def test_a_player_registers_and_sees_the_hash_and_a_printable_list(client, event, bob, bob_deck):
    client.force_login(bob)
    form = client.get(f"/events/{event.pk}/register/")
    assert form.status_code == 200 and b"Bob&#x27;s faith" in form.content
    response = client.post(f"/events/{event.pk}/register/", {"deck": str(bob_deck.pk)})
    assert response.status_code == 302
    registration = Registration.objects.get()
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert registration.list_hash in page and "Withdraw" in page and "Replace" in page
    printed = client.get(f"/events/{event.pk}/my-list/").content.decode()
    assert registration.list_hash in printed and "Verse 001" in printed and "Autumn Open" in printed
    assert printed.count('class="decklist-sheet"') == 1


def test_an_illegal_deck_is_refused_and_the_page_says_why(client, cv, event, bob):
    deck = deck_create(owner=bob, game=cv, name="Short", decklist=legal_cv_text(38))
    client.force_login(bob)
    response = client.post(f"/events/{event.pk}/register/", {"deck": str(deck.pk)})
    assert response.status_code == 400
    assert b"deck-too-small" in response.content and b"The deck has 38 cards" in response.content
    assert not Registration.objects.exists()


def test_someone_elses_deck_cannot_be_registered(client, event, charlie, bob_deck):
    client.force_login(charlie)
    response = client.post(f"/events/{event.pk}/register/", {"deck": str(bob_deck.pk)})
    assert response.status_code == 400
    assert b"Bob&#x27;s faith" not in response.content
    assert not Registration.objects.exists()


def test_after_the_deadline_the_page_says_registration_has_closed(client, registered, event, bob, bob_deck):
    close(event)
    client.force_login(bob)
    page = client.get(f"/events/{event.pk}/register/")
    assert b"has closed" in page.content
    response = client.post(f"/events/{event.pk}/register/", {"deck": str(bob_deck.pk)})
    assert response.status_code == 400 and b"closed" in response.content
    response = client.post(f"/events/{event.pk}/withdraw/")
    assert Registration.objects.get().active
    assert b"closed" in client.get(response["Location"]).content


def test_a_player_withdraws_before_the_deadline(client, registered, event, bob):
    client.force_login(bob)
    response = client.post(f"/events/{event.pk}/withdraw/")
    assert response.status_code == 302
    assert not Registration.objects.filter(active=True).exists()
    assert client.get(f"/events/{event.pk}/my-list/").status_code == 404


# ---------------------------------------------------------------- the organiser
@pytest.fixture
def two_registered(event, registered, cv, charlie):
    deck = deck_create(owner=charlie, game=cv, name="=HYPERLINK(1)", decklist=legal_cv_text(42))
    return [registered, registration_create(event=event, player=charlie, deck=deck)]


def test_the_organiser_sees_every_registration_with_its_result(client, two_registered, event, alice):
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert "2 registrations" in page
    for r in two_registered:
        assert r.list_hash in page and r.player.username in page
    assert page.count('class="verdict-legal">legal') == 2


def test_only_the_organiser_reaches_the_organiser_pages(client, two_registered, event, bob):
    client.force_login(bob)
    for url in ("manage/", "registrations.csv", "print/", "edit/"):
        assert client.get(f"/events/{event.pk}/{url}").status_code == 404, url
    assert client.post(f"/events/{event.pk}/checks/").status_code == 404
    assert not EventCheck.objects.exists()


def test_the_csv_holds_every_registration_and_its_list(client, two_registered, event, alice, bob_deck):
    deck_update(deck=bob_deck, decklist=legal_cv_text(44))  # later edits do not reach the registration
    client.force_login(alice)
    response = client.get(f"/events/{event.pk}/registrations.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="autumn-open-registrations.csv"' in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [r["player"] for r in rows] == ["bob", "charlie"]
    bob_row = rows[0]
    assert bob_row["deck"] == "Bob's faith" and bob_row["hash"] == two_registered[0].list_hash
    assert bob_row["card_count"] == "40" and bob_row["legal"] == "yes" and bob_row["recheck_legal"] == ""
    assert bob_row["list"] == two_registered[0].decklist and "2 Verse 001" in bob_row["list"]
    # A deck name cannot become a spreadsheet formula.
    assert rows[1]["deck"] == "'=HYPERLINK(1)"


def test_the_organiser_prints_every_list(client, two_registered, event, alice):
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/print/").content.decode()
    assert page.count('class="decklist-sheet"') == 2
    assert all(r.list_hash in page for r in two_registered)


def test_the_recheck_progress_partial_polls_until_done_then_reloads(client, two_registered, event, alice, sent):
    client.force_login(alice)
    started = client.post(f"/events/{event.pk}/checks/", HTTP_HX_REQUEST="true")
    check = EventCheck.objects.get()
    status_url = f"/events/{event.pk}/checks/{check.pk}/"
    assert started.status_code == 200 and f'hx-get="{status_url}"' in started.content.decode()
    assert 'hx-trigger="every 1s"' in started.content.decode()
    polling = client.get(status_url, HTTP_HX_REQUEST="true")
    assert b"every 1s" in polling.content and "HX-Refresh" not in polling
    event_check(str(check.pk))
    done = client.get(status_url, HTTP_HX_REQUEST="true")
    assert done["HX-Refresh"] == "true" and b"every 1s" not in done.content and b"2 legal" in done.content
    page = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert "every 1s" not in page and page.count('class="recheck"><span class="verdict-legal">') == 2


def test_the_organiser_edits_the_event(client, event, alice):
    client.force_login(alice)
    assert client.get(f"/events/{event.pk}/edit/").status_code == 200
    body = {
        "name": "Autumn Open II",
        "format": "basic",
        "deadline": local_input(timezone.now() + timedelta(days=2)),
        "description": "",
    }
    assert client.post(f"/events/{event.pk}/edit/", body).status_code == 302
    event.refresh_from_db()
    assert (event.name, event.format) == ("Autumn Open II", "basic")


def test_a_check_already_running_is_not_started_twice(client, two_registered, event, alice, sent):
    event_check_create(event=event, requested_by=alice)
    client.force_login(alice)
    client.post(f"/events/{event.pk}/checks/")
    assert EventCheck.objects.count() == 1


def test_the_organisers_page_costs_the_same_queries_for_many_registrations(
    client, cv, alice, bob, charlie, event, registered, django_assert_max_num_queries
):
    client.force_login(alice)
    url = f"/events/{event.pk}/manage/"
    with django_assert_max_num_queries(12) as one:
        assert client.get(url).status_code == 200
    for name in ("dan", "eve", "fay"):
        player = get_user_model().objects.create_user(name)
        deck = deck_create(owner=player, game=cv, name=f"{name}'s", format_slug="advanced", decklist=legal_cv_text())
        registration_create(event=event, player=player, deck=deck)
    with django_assert_max_num_queries(len(one.captured_queries)):
        page = client.get(url).content.decode()
    assert page.count('class="registration-row"') == 4


def test_event_page_posts_count_against_the_write_limit_as_the_api_does(client, event, alice, bob, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "writes_user": "2/min"},
    }
    cache.clear()
    try:
        client.force_login(bob)
        register = f"/events/{event.pk}/register/"
        codes = [client.post(register, {}).status_code for _ in range(2)]
        codes.append(client.post(f"/events/{event.pk}/withdraw/").status_code)
        assert codes == [400, 400, 429]  # refused posts count too: the form was read
        assert client.get(register).status_code == 200  # the page itself is not counted
        client.force_login(alice)
        codes = [client.post(f"/events/{event.pk}/close/").status_code for _ in range(3)]
        assert codes[:2] != [429, 429] and codes[2] == 429
    finally:
        cache.clear()

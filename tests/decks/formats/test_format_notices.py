"""A tournament format changes: saved decks it makes illegal get a notice for their owners."""

# ruff: noqa: F811 (fixtures imported from test_events_fixtures are arguments of the tests)

import pytest
from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError

from cardcollections.models import Notification
from decks.formats.notices import NoticeNotYours
from decks.formats.notices import deck_notice_dismiss
from decks.formats.notices import format_decks_recheck
from decks.formats.services import tournament_format_update
from decks.formats.tasks import format_decks_recheck_task
from decks.lists.services import deck_create
from decks.models import Deck
from decks.models import DeckNotice
from decks.models import FormatRecheck
from decks.models import TournamentFormat
from tests.decks.conftest import legal_cv_text
from tests.decks.conftest import rules_of
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import sent  # noqa: F401
from tests.decks.events.fixtures import spring  # noqa: F401
from tests.decks.events.fixtures import spring_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(cv, spring, bob, charlie):
    """bob: one Spring deck playing Verse 003, one without it, one already illegal; charlie: Verse 003 in advanced."""
    return {
        "with": deck_create(owner=bob, game=cv, name="With 003", format_slug="spring-open", decklist=spring_text()),
        "without": deck_create(
            owner=bob, game=cv, name="Without", format_slug="spring-open", decklist=spring_text(first=10)
        ),
        "broken": deck_create(
            owner=bob, game=cv, name="Broken", format_slug="spring-open", decklist=spring_text(cards=20)
        ),
        "other": deck_create(owner=charlie, game=cv, name="Advanced", format_slug="advanced", decklist=legal_cv_text()),
    }


def ban(fmt, user, *titles) -> TournamentFormat:
    return tournament_format_update(fmt=fmt, user=user, **rules_of(fmt, banned_titles=["Verse 001", *titles]))


def test_a_ban_leaves_a_notice_on_each_deck_it_made_illegal(
    decks, spring, alice, bob, sent, django_capture_on_commit_callbacks
):
    assert decks["with"].legal and decks["without"].legal and not decks["broken"].legal
    with django_capture_on_commit_callbacks(execute=True):
        ban(spring, alice, "Verse 003")
    recheck = FormatRecheck.objects.get()
    assert sent == [{"name": "decks.format_decks_recheck", "args": [str(recheck.pk)]}]
    assert (recheck.format_id, recheck.requested_by, recheck.total, recheck.status) == (spring.pk, alice, 3, "queued")
    assert TournamentFormat.objects.get(pk=spring.pk).banned_titles == ["Verse 001", "Verse 003"]

    assert format_decks_recheck_task(str(recheck.pk)) == "done"
    recheck.refresh_from_db()
    assert (recheck.checked, recheck.noticed) == (3, 1)

    notice = DeckNotice.objects.get()
    assert notice.owner == bob and notice.deck_id == decks["with"].pk and notice.format == "spring-open"
    assert notice.message == ("Spring Open changed: With 003 is no longer legal — " + notice.findings[0]["message"])
    assert notice.findings[0]["code"] == "banned-card" and not notice.dismissed
    legal = dict(Deck.objects.values_list("name", "legal"))
    assert legal == {"With 003": False, "Without": True, "Broken": False, "Advanced": True}


def test_running_it_twice_writes_no_second_notice(decks, spring, alice, sent):
    ban(spring, alice, "Verse 003")
    format_decks_recheck(format_slug="spring-open")
    assert format_decks_recheck(format_slug="spring-open") == {"checked": 3, "noticed": 0, "cleared": 0}
    assert DeckNotice.objects.count() == 1


def test_lifting_the_ban_clears_the_open_notice(decks, spring, alice, sent):
    ban(spring, alice, "Verse 003")
    format_decks_recheck(format_slug="spring-open")
    ban(TournamentFormat.objects.get(pk=spring.pk), alice)
    assert format_decks_recheck(format_slug="spring-open")["cleared"] == 1
    assert not DeckNotice.objects.filter(dismissed=False).exists()
    assert Deck.objects.get(pk=decks["with"].pk).legal


def test_only_its_organiser_or_staff_may_change_a_format(decks, spring, bob, staff, sent):
    with pytest.raises(PermissionDenied):
        ban(spring, bob, "Verse 003")
    assert TournamentFormat.objects.get(pk=spring.pk).banned_titles == ["Verse 001"]
    ban(spring, staff, "Verse 003")
    assert TournamentFormat.objects.get(pk=spring.pk).banned_titles == ["Verse 001", "Verse 003"]


def test_a_bad_change_is_refused_whole(decks, spring, alice, sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ValidationError) as info:
        tournament_format_update(
            fmt=spring, user=alice, **rules_of(spring, banned_titles=["Verse 003", "Nonesuch"], min_size=50)
        )
    assert set(info.value.message_dict) == {"banned_titles", "max_size"}
    assert TournamentFormat.objects.get(pk=spring.pk).banned_titles == ["Verse 001"]
    assert sent == []


def test_the_owner_dismisses_a_notice_and_nobody_else_can(decks, spring, alice, bob, charlie, sent):
    ban(spring, alice, "Verse 003")
    format_decks_recheck(format_slug="spring-open")
    notice = DeckNotice.objects.get()
    with pytest.raises(NoticeNotYours):
        deck_notice_dismiss(notice=notice, user=charlie)
    assert not DeckNotice.objects.get().dismissed
    deck_notice_dismiss(notice=notice, user=bob)
    assert DeckNotice.objects.get().dismissed


# ---------------------------------------------------------------- the edit page
def test_the_organiser_edits_a_format_on_its_page(client, decks, spring, alice, sent):
    client.force_login(alice)
    url = f"/decks/formats/{spring.slug}/edit/"
    page = client.get(url)
    assert page.status_code == 200
    assert b"Verse 001" in page.content and b"Edit Spring Open" in page.content
    body = {
        "name": "Spring Open II",
        "base_format": "advanced",
        "legal_sets": [s.pk for s in spring.legal_sets.all()],
        "banned_titles": "Verse 001\nVerse 003",
        "restricted_titles": "",
        "min_size": "30",
        "max_size": "45",
    }
    response = client.post(url, body)
    assert response.status_code == 302, response.content.decode()[:2000]
    fmt = TournamentFormat.objects.get(pk=spring.pk)
    assert (
        fmt.name == "Spring Open II" and fmt.banned_titles == ["Verse 001", "Verse 003"] and fmt.slug == "spring-open"
    )
    listing = client.get("/decks/formats/")
    assert f'href="{url}"'.encode() in listing.content


def test_the_edit_page_shows_what_is_wrong(client, spring, alice, sent):
    client.force_login(alice)
    response = client.post(
        f"/decks/formats/{spring.slug}/edit/",
        {"name": "S", "base_format": "advanced", "banned_titles": "Nonesuch", "min_size": "", "max_size": ""},
    )
    assert response.status_code == 200 and b"Nonesuch" in response.content
    assert TournamentFormat.objects.get(pk=spring.pk).name == "Spring Open"


def test_nobody_else_may_edit_a_format(client, spring, bob):
    url = f"/decks/formats/{spring.slug}/edit/"
    assert client.get(url).status_code == 302  # to log in
    client.force_login(bob)
    assert client.get(url).status_code == 403
    assert client.post(url, {"name": "Mine", "base_format": "advanced"}).status_code == 403
    assert client.get("/decks/formats/no-such-format/edit/").status_code == 404
    assert TournamentFormat.objects.get(pk=spring.pk).name == "Spring Open"


def test_the_owner_of_a_deck_a_change_made_illegal_is_notified_once(decks, spring, alice, bob, charlie, sent):
    ban(spring, alice, "Verse 003")
    format_decks_recheck(format_slug="spring-open")
    format_decks_recheck(format_slug="spring-open")
    notice = DeckNotice.objects.get()
    rows = list(Notification.objects.values_list("user", "kind", "message", "url"))
    assert rows == [(bob.pk, "deck-illegal", notice.message, f"/decks/{decks['with'].pk}/")]

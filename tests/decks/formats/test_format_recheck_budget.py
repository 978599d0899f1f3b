"""A format's re-check has an owner and a budget (issue #34): one waiting per format, edits merge into it, it is
charged to the editor's work budget, and each owner is told once a re-check however many decks it touched.

(The finding: 100 edits of a format with 200 decks in 2 s put 100 re-checks on the bulk queue, and another
player's goldfish job started 103 s late.)"""

# ruff: noqa: F811 (fixtures imported from the events fixtures are arguments of the tests)

import pytest
from django.core.exceptions import ValidationError

from cardcollections.models import Notification
from cardsite.api.work import OverBudget
from cardsite.api.work import TooBig
from decks.formats.services import tournament_format_update
from decks.formats.tasks import format_decks_recheck_task
from decks.lists.services import deck_create
from decks.models import DeckNotice
from decks.models import FormatRecheck
from decks.models import TournamentFormat
from tests.decks.conftest import rules_of
from tests.decks.events.fixtures import cv  # noqa: F401
from tests.decks.events.fixtures import cv1_format
from tests.decks.events.fixtures import sent  # noqa: F401
from tests.decks.events.fixtures import spring  # noqa: F401
from tests.decks.events.fixtures import spring_text
from tests.html_forms import prefilled

pytestmark = pytest.mark.django_db


def edit(fmt, user, *banned) -> TournamentFormat:
    fmt = TournamentFormat.objects.get(pk=fmt.pk)
    return tournament_format_update(fmt=fmt, user=user, **rules_of(fmt, banned_titles=["Verse 001", *banned]))


@pytest.fixture
def bobs_decks(cv, spring, bob):
    """Three Spring decks of bob's, all playing Verse 003 and Verse 004."""
    return [
        deck_create(owner=bob, game=cv, name=f"Deck {n}", format_slug="spring-open", decklist=spring_text())
        for n in (1, 2, 3)
    ]


def test_a_hundred_edits_while_the_recheck_waits_are_one_recheck(
    bobs_decks, spring, alice, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(100):
            edit(spring, alice, *(["Verse 003"] if n % 2 else []))
    recheck = FormatRecheck.objects.get()
    assert sent == [{"name": "decks.format_decks_recheck", "args": [str(recheck.pk)]}]
    assert (recheck.edits, recheck.total, recheck.requested_by) == (100, 3, alice)
    assert TournamentFormat.objects.get(pk=spring.pk).version == 101  # every edit was saved


def test_an_edit_while_the_recheck_runs_queues_one_more_and_later_edits_merge_into_that(
    bobs_decks, spring, alice, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        edit(spring, alice, "Verse 003")
    first = FormatRecheck.objects.get()
    FormatRecheck.objects.filter(pk=first.pk).update(status="running")  # a worker has claimed it
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(5):
            edit(spring, alice, "Verse 004")
    second = FormatRecheck.objects.exclude(pk=first.pk).get()
    assert (second.status, second.edits) == ("queued", 5)
    assert [m["args"] for m in sent] == [[str(first.pk)], [str(second.pk)]]


def test_the_recheck_reads_the_rules_as_they_are_when_it_runs(bobs_decks, spring, alice, bob, sent):
    edit(spring, alice)  # nothing banned yet when queued
    edit(spring, alice, "Verse 003")  # merged: the one re-check sees this ban
    recheck = FormatRecheck.objects.get()
    assert format_decks_recheck_task(str(recheck.pk)) == "done"
    assert DeckNotice.objects.filter(owner=bob).count() == 3


def test_each_owner_is_told_once_a_recheck_however_many_decks_it_touched(bobs_decks, spring, alice, bob, sent):
    edit(spring, alice, "Verse 003")
    format_decks_recheck_task(str(FormatRecheck.objects.get().pk))
    told = Notification.objects.get(user=bob)
    assert told.kind == "deck-illegal" and told.url == "/decks/"
    assert told.message == "Spring Open changed: 3 of your decks are no longer legal: Deck 1, Deck 2, Deck 3"
    assert DeckNotice.objects.filter(owner=bob).count() == 3  # each deck still says why on the decks page


def test_a_recheck_over_the_editors_budget_refuses_the_edit_and_changes_nothing(bobs_decks, spring, alice, settings):
    settings.WORK_BUDGETS = {**settings.WORK_BUDGETS, "user": {"jobs": 5, "seconds": 0.1}}  # 3 decks: 0.15 s
    with pytest.raises(TooBig, match="format re-check"):
        edit(spring, alice, "Verse 003")
    assert TournamentFormat.objects.get(pk=spring.pk).banned_titles == ["Verse 001"]
    assert not FormatRecheck.objects.exists()


def test_the_editors_unfinished_rechecks_of_other_formats_count_against_the_same_budget(
    bobs_decks, cv, spring, alice, settings, sent
):
    settings.WORK_BUDGETS = {**settings.WORK_BUDGETS, "user": {"jobs": 1, "seconds": 1800}}
    summer = cv1_format(cv, alice, "summer-open", "Summer Open")
    edit(spring, alice, "Verse 003")
    with pytest.raises(OverBudget, match="unfinished format re-check"):
        edit(summer, alice, "Verse 003")
    assert TournamentFormat.objects.get(pk=summer.pk).version == 1
    edit(spring, alice, "Verse 004")  # merging into the waiting one costs nothing more


def test_the_edit_page_says_why_an_edit_over_budget_was_not_saved(
    client, bobs_decks, cv, spring, alice, settings, sent
):
    settings.WORK_BUDGETS = {**settings.WORK_BUDGETS, "user": {"jobs": 1, "seconds": 1800}}
    summer = cv1_format(cv, alice, "summer-open", "Summer Open")
    edit(spring, alice, "Verse 003")
    client.force_login(alice)
    data = prefilled(client, f"/decks/formats/{summer.slug}/edit/")
    response = client.post(f"/decks/formats/{summer.slug}/edit/", data)
    assert response.status_code == 429 and "Not saved" in response.content.decode()
    assert TournamentFormat.objects.get(pk=summer.pk).version == 1


def test_a_bad_edit_is_still_refused_by_field_before_any_recheck(bobs_decks, spring, alice, sent):
    fmt = TournamentFormat.objects.get(pk=spring.pk)
    with pytest.raises(ValidationError):
        tournament_format_update(fmt=fmt, user=alice, **{**rules_of(fmt), "name": " "})
    assert not FormatRecheck.objects.exists() and sent == []

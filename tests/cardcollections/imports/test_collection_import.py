"""CSV and deck-list import: all or nothing, every bad row by line, suggestions, and export round trips."""

import pytest

from cardcollections.collection.selectors import collection_csv
from cardcollections.collection.selectors import collection_decklist
from cardcollections.collection.selectors import ledger_mismatches
from cardcollections.collection.services import collection_change
from cardcollections.imports.services import collection_import
from cardcollections.imports.services import import_job_create
from cardcollections.imports.services import import_job_run
from cardcollections.imports.tasks import run_collection_import
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardcollections.models import LedgerEntry
from cardcollections.models import LedgerReason
from tests.conftest import celery_worker

HEADER = "Count,Name,Set,Number,Condition,Notes\n"


@pytest.fixture
def cv(small_catalogs) -> Game:
    return Game.objects.get(slug="chapter-and-verse")


def owned(user) -> dict:
    return {
        (e.card.card_set.code, e.card.number, e.condition): e.quantity
        for e in CollectionEntry.objects.filter(owner=user, quantity__gt=0).select_related("card__card_set")
    }


@pytest.mark.django_db
def test_it_adds_a_csv_to_the_collection(alice, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    text = HEADER + "2,Pride Cycle,CV1,17,,\n3,By Small Means,,,Near Mint,signed\n1,Faith Without Works,CV1,,NM,\n"
    summary, problems = collection_import(owner=alice, game=cv, text=text, fmt="csv", mode="add")
    assert problems == []
    assert summary == {"rows": 3, "cards": 3, "added": 6, "removed": 0}
    assert owned(alice) == {("CV1", "17", ""): 3, ("CV1", "1", "NM"): 3, ("CV1", "2", "NM"): 1}
    assert CollectionEntry.objects.get(owner=alice, card=cv_cards["means"]).notes == "signed"
    assert set(LedgerEntry.objects.filter(reason=LedgerReason.IMPORT).values_list("delta", flat=True)) == {1, 2, 3}


@pytest.mark.django_db
def test_replace_makes_the_games_collection_exactly_the_file(alice, cv, cv_cards, bb_document):
    collection_change(owner=alice, card=cv_cards["pride"], delta=5)
    collection_change(owner=alice, card=cv_cards["faith"], delta=2)
    summary, problems = collection_import(
        owner=alice, game=cv, text=HEADER + "1,Pride Cycle,CV1,17,,\n", fmt="csv", mode="replace"
    )
    assert problems == []
    assert owned(alice) == {("CV1", "17", ""): 1}
    assert summary["removed"] == 6
    assert ledger_mismatches() == []


@pytest.mark.django_db
def test_a_file_with_bad_rows_changes_nothing_and_lists_every_bad_row(alice, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["pride"], delta=1)
    text = (
        HEADER
        + "2,Pride Cycle,CV1,17,,\n"
        + "x,Pride Cycle,CV1,17,,\n"  # line 3
        + '1,"Pride\nCycel",,,,\n'  # lines 4-5: a quoted name over two lines
        + "1,Pride Cycel,,,,\n"  # line 6
        + "1,By Small Means,CV1,17,,\n"  # line 7
        + "1,Pride Cycle,CV9,17,,\n"  # line 8
        + "1,Pride Cycle,CV1,17,Shiny,\n"  # line 9
        + "0,Pride Cycle,CV1,17,,\n"  # line 10
    )
    summary, problems = collection_import(owner=alice, game=cv, text=text, fmt="csv", mode="replace")
    assert summary is None
    assert [p.line for p in problems] == [3, 4, 6, 7, 8, 9, 10]
    by_line = {p.line: p for p in problems}
    assert "Count must be a whole number" in by_line[3].message
    assert by_line[6].message == "Line 6: no Chapter and Verse card is called Pride Cycel. Did you mean Pride Cycle?"
    assert by_line[6].suggestions == ("Pride Cycle",)
    assert by_line[7].message == "Line 7: (CV1) 17 is Pride Cycle, not By Small Means."
    assert "has no set 'CV9'" in by_line[8].message
    assert "unknown condition 'Shiny'" in by_line[9].message
    assert owned(alice) == {("CV1", "17", ""): 1}
    assert LedgerEntry.objects.count() == 1


@pytest.mark.django_db
def test_a_file_without_the_header_says_so(alice, cv):
    _, problems = collection_import(owner=alice, game=cv, text="2,Pride Cycle\n", fmt="csv", mode="add")
    assert [p.to_dict()["line"] for p in problems] == [1]
    assert "header Count,Name,Set,Number,Condition,Notes" in problems[0].message


@pytest.mark.django_db
def test_it_reads_deckbox_and_moxfield_headers(alice, cv):
    text = "Count,Tradelist Count,Name,Edition,Card Number,Condition,Language\n2,0,Pride Cycle,Starter Set,17,Good (Lightly Played),English\n"
    _, problems = collection_import(owner=alice, game=cv, text=text, fmt="csv", mode="add")
    assert problems == []
    assert owned(alice) == {("CV1", "17", "LP"): 2}


@pytest.mark.django_db
def test_csv_export_then_import_gives_the_same_collection(alice, bob, cv, cv_cards):
    text = (
        HEADER
        + '2,Pride Cycle,CV1,17,Near Mint,"with, comma"\n1,Pride Cycle,CV1,17,,\n4,By Small Means,CV2,1,Damaged,\n'
    )
    collection_import(owner=alice, game=cv, text=text, fmt="csv", mode="add")
    exported = collection_csv(owner=alice, game=cv)
    collection_import(owner=bob, game=cv, text=exported, fmt="csv", mode="replace")
    assert owned(bob) == owned(alice)
    assert collection_csv(owner=bob, game=cv) == exported
    assert CollectionEntry.objects.get(owner=bob, condition="NM").notes == "with, comma"


@pytest.mark.django_db
def test_decklist_export_then_import_gives_the_same_collection(alice, bob, cv, cv_cards):
    collection_change(owner=alice, card=cv_cards["means2"], delta=1200)
    collection_change(owner=alice, card=cv_cards["means"], delta=2)
    exported = collection_decklist(owner=alice, game=cv)
    assert "999 By Small  means (CV2) 1" in exported
    _, problems = collection_import(owner=bob, game=cv, text=exported, fmt="decklist", mode="add")
    assert problems == []
    assert owned(bob) == owned(alice)


@pytest.mark.django_db
def test_a_decklist_with_an_unknown_card_comes_with_suggestions(alice, cv):
    _, problems = collection_import(
        owner=alice, game=cv, text="2 Pride Cycle\n1 Prid Cycle\n", fmt="decklist", mode="add"
    )
    assert [(p.line, p.suggestions) for p in problems] == [(2, ("Pride Cycle",))]
    assert owned(alice) == {}


def big_csv(rows: int) -> str:
    lines = [HEADER.strip()]
    for i in range(rows):
        lines.append("1,Pride Cycle,CV1,17,,") if i % 2 else lines.append("1,Faith Without Works,CV1,2,NM,")
    return "\n".join(lines) + "\n"


@pytest.mark.django_db
def test_a_big_import_job_runs_once_and_reports_progress(alice, cv, cv_cards, monkeypatch):
    from cardcollections.imports import parsing as module

    seen = []
    original = ImportJob.objects.filter

    job = import_job_create(owner=alice, game=cv, text=big_csv(10_000), fmt="csv", mode="add")
    assert job.total_rows == 10_000 and job.status == ImportJob.Status.QUEUED
    monkeypatch.setattr(module, "PROGRESS_EVERY", 2000)
    real_update = type(original(pk=job.pk)).update

    def spy(qs, **kwargs):
        if "progress" in kwargs:
            seen.append(kwargs["progress"])
        return real_update(qs, **kwargs)

    monkeypatch.setattr(type(original(pk=job.pk)), "update", spy)
    assert run_collection_import(job.pk) == "done"  # called as a function, as the worker would
    job.refresh_from_db()
    assert job.status == ImportJob.Status.DONE and job.progress == 1.0
    assert job.summary == {"rows": 10_000, "cards": 2, "added": 10_000, "removed": 0}
    assert seen[:5] == [0.0, 0.18, 0.36, 0.54, 0.72]
    # A duplicate delivery finds the job claimed and changes nothing.
    assert run_collection_import(job.pk) == "skipped"
    assert owned(alice) == {("CV1", "17", ""): 5000, ("CV1", "2", "NM"): 5000}
    assert ledger_mismatches() == []


@pytest.mark.django_db
def test_a_failed_job_keeps_every_error_and_changes_nothing(alice, cv):
    job = import_job_create(
        owner=alice, game=cv, text=HEADER + "1,Nope,,,,\n1,Pride Cycle,CV1,17,,\nzz,Nope,,,,\n", fmt="csv", mode="add"
    )
    job = import_job_run(job_id=job.pk)
    assert job.status == ImportJob.Status.FAILED
    assert [e["line"] for e in job.errors] == [2, 4]
    assert owned(alice) == {}


@pytest.mark.django_db(transaction=True)
def test_a_worker_runs_a_queued_import(alice, small_catalogs):
    cv = Game.objects.get(slug="chapter-and-verse")
    job = import_job_create(owner=alice, game=cv, text=big_csv(2_500), fmt="csv", mode="add")
    with celery_worker() as queue:
        result = run_collection_import.apply_async(args=[job.pk], queue=queue)
        assert result.get(timeout=60) == "done"
    job.refresh_from_db()
    assert job.status == ImportJob.Status.DONE
    assert sum(owned(alice).values()) == 2_500


def test_an_export_of_any_collection_imports_back_as_it_was(alice, bob, cv_cards):
    from cardcollections.collection.selectors import collection_csv
    from cardcollections.collection.services import collection_set
    from cardcollections.imports.services import collection_import
    from cardcollections.models import CollectionEntry

    cv = cv_cards["pride"].game
    # As many copies as a row may hold (more than an import row took before), and notes whose spaces matter.
    collection_set(owner=alice, card=cv_cards["pride"], quantity=1_000_000, condition="NM", notes="  foil, signed  ")
    collection_set(owner=alice, card=cv_cards["means"], quantity=2, notes=" =1+1")
    _, problems = collection_import(
        owner=bob, game=cv, text=collection_csv(owner=alice, game=cv), fmt="csv", mode="replace"
    )
    assert problems == []
    rows = {(e.card_id, e.quantity, e.notes) for e in CollectionEntry.objects.filter(owner=bob)}
    assert rows == {(cv_cards["pride"].pk, 1_000_000, "  foil, signed  "), (cv_cards["means"].pk, 2, " =1+1")}


@pytest.mark.django_db
def test_a_small_file_of_many_bytes_goes_to_a_worker_not_the_request(alice, cv, cv_cards):
    from cardcollections.imports.services import INLINE_MAX_BYTES
    from cardcollections.imports.services import import_job_runs_inline

    small = import_job_create(owner=alice, game=cv, text="Count,Name\n1,Pride Cycle\n", fmt="csv", mode="add")
    assert import_job_runs_inline(small)
    wide = "Count,Name," + ",".join(f"c{i}" for i in range(INLINE_MAX_BYTES // 4)) + "\n1,Pride Cycle\n"
    job = import_job_create(owner=alice, game=cv, text=wide, fmt="csv", mode="add")
    assert job.total_rows == 1 and not import_job_runs_inline(job)

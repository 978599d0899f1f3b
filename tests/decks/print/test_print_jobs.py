"""A deck too large to draw while its asker waits is drawn by a worker: a print job (cardcollections.jobs'
lifecycle), its page with a progress bar, the PDF once done; the job is its owner's only."""

import io

import pytest
from pypdf import PdfReader

from cardcollections.jobs.models import JobStatus
from cardcollections.models import PrintJob
from cardcollections.printing import services as printing
from cardcollections.printing.services import print_job_run
from tests.decks.print.conftest import deck_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def big(cv_catalog, alice):
    """alice's deck of 120 cards: two copies of each of the 60 verses (more than is drawn in a request)."""
    return deck_of(alice, {i: 2 for i in range(1, 61)}, name="Big")


def _start(client, deck, **form):
    return client.post(f"/decks/{deck.pk}/print-and-play/job/", {"paper": "a4", "bleed": "0", **form})


def test_a_large_deck_is_drawn_by_a_worker_with_its_progress_on_a_page(
    big, alice, client, monkeypatch, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    page = client.get(f"/decks/{big.pk}/print-and-play/")
    assert b"Draw the PDF in the background" in page.content
    with django_capture_on_commit_callbacks(execute=False) as queued:
        response = _start(client, big, backs="on")
    job = PrintJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/print-jobs/{job.pk}/"
    assert len(queued) == 1  # the task is sent once the job is committed
    assert (job.status, job.total_cards, job.backs) == (JobStatus.QUEUED, 120, True)
    waiting = client.get(f"/print-jobs/{job.pk}/")
    assert b'hx-trigger="every 1s"' in waiting.content and b'value="0"' in waiting.content

    # What the worker does (the task calls this service): progress written as it goes, then the sheet.
    seen = []
    real_progress = printing.job_progress
    monkeypatch.setattr(printing, "job_progress", lambda **kw: seen.append(kw["progress"]) or real_progress(**kw))
    assert print_job_run(job_id=job.pk, task_id="task-1").status == JobStatus.DONE
    assert seen == sorted(seen) and 0 < seen[0] < 0.5 < seen[-1] < 1
    job.refresh_from_db()
    assert job.progress == 1.0 and job.result.startswith("print/")

    status = client.get(f"/print-jobs/{job.pk}/", HTTP_HX_REQUEST="true")
    assert b"hx-trigger" not in status.content and b"Download the PDF" in status.content
    pdf = client.get(f"/print-jobs/{job.pk}/sheet.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(b"".join(pdf.streaming_content))).pages) == 2 * 14  # 14 pages of fronts, backs
    # A duplicate delivery of the task draws nothing.
    assert print_job_run(job_id=job.pk, task_id="task-2") is None


def test_a_job_is_its_owners_only(big, alice, charlie, client, django_capture_on_commit_callbacks):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False):
        _start(client, big)
    job = PrintJob.objects.get()
    client.force_login(charlie)
    assert client.get(f"/print-jobs/{job.pk}/").status_code == 404
    assert client.get(f"/print-jobs/{job.pk}/sheet.pdf").status_code == 404


def test_a_stranger_cannot_start_a_job_on_a_private_deck_and_bad_options_are_refused(big, alice, charlie, client):
    client.force_login(charlie)
    assert _start(client, big).status_code == 404
    client.force_login(alice)
    refused = _start(client, big, bleed="3")
    assert refused.status_code == 400 and b"at most 2 mm on A4" in refused.content
    assert not PrintJob.objects.exists()


def test_the_sheet_is_not_offered_before_it_is_drawn(big, alice, client, django_capture_on_commit_callbacks):
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False):
        _start(client, big)
    job = PrintJob.objects.get()
    assert client.get(f"/print-jobs/{job.pk}/sheet.pdf").status_code == 404


def test_the_task_draws_the_job_once_and_a_lost_job_is_reaped(big, alice, client, django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from cardcollections.jobs.services import jobs_reap
    from cardcollections.printing.tasks import draw_print_sheet

    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=False):
        _start(client, big)
        _start(client, big, paper="letter")
    done, lost = PrintJob.objects.order_by("created")
    assert draw_print_sheet(str(done.pk)) == "done"  # called as a function, as the worker would
    assert draw_print_sheet(str(done.pk)) == "skipped"  # a duplicate delivery
    PrintJob.objects.filter(pk=lost.pk).update(
        status="running", claim="gone", started=timezone.now() - timedelta(hours=1)
    )
    assert jobs_reap()["collections.PrintJob"] == 1
    lost.refresh_from_db()
    assert lost.status == "failed" and lost.error == PrintJob.job_stopped_message
    page = client.get(f"/print-jobs/{lost.pk}/")
    assert b"The worker drawing this sheet stopped" in page.content
    assert b'hx-trigger="every 1s"' not in page.content

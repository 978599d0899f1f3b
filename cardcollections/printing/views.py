"""A print job's pages: its progress (htmx polls the status part while it runs) and, once drawn, its PDF.
A job is its owner's only: anyone else gets the 404 of a job that does not exist."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.files.storage import default_storage
from django.http import FileResponse
from django.http import Http404
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from cardcollections.printing.selectors import print_job_for
from cardsite.api.errors import found_or_404
from cardsite.page_writes import SignedInHttpRequest

NO_JOB = "No such print job."


@login_required
@require_GET
def print_job_page(request: SignedInHttpRequest, job_id: Any) -> HttpResponse:
    """The job's page; htmx polls its status part while it runs."""
    job = found_or_404(print_job_for(owner=request.user, pk=job_id), NO_JOB)
    partial = request.headers.get("HX-Request") == "true"
    template = "cardcollections/printing/_job_status.html" if partial else "cardcollections/printing/job.html"
    return render(request, template, {"job": job, "running": job.unfinished, "percent": round(job.progress * 100)})


@login_required
@require_GET
def print_job_pdf(request: SignedInHttpRequest, job_id: Any) -> FileResponse:
    job = found_or_404(print_job_for(owner=request.user, pk=job_id), NO_JOB)
    if job.status != "done" or not job.result:
        raise Http404("The sheet is not drawn yet.")
    return FileResponse(
        default_storage.open(job.result, "rb"),
        as_attachment=True,
        filename=f"{slugify(job.title.split(':')[0]) or 'sheet'}-print-and-play.pdf",
        content_type="application/pdf",
    )

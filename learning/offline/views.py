"""Learning with no connection (docs/learning.md, "Offline"): an installable page of the due verses that works with
no network, a service worker that keeps it, and a web app manifest.

The page holds no verse itself: its script reads the due queue from the API while online and keeps it in the
browser; offline, each verse is said aloud, shown, and graded by the player (the self-graded drill: a typed verse
is judged by `rules.quoting` on the server, so typed drills need the connection). Reviews wait in the browser, each
with its own uuid, and are sent as one batch to `POST /api/v1/learn/reviews/` when the connection returns: the API
stores a uuid once, so a batch sent twice, or sent again after an answer that never arrived, counts once.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from cardsite.page_writes import SignedInHttpRequest
from learning.selectors import offline_decks


@login_required
@require_GET
def offline_page(request: SignedInHttpRequest) -> HttpResponse:
    # The player's decks ride in the page, which the service worker keeps: readable with no connection.
    return render(request, "learning/offline.html", {"decks": offline_decks(user=request.user)})


@require_GET
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from /learn/ so that its scope is the learning pages (a script under /static/
    could only look after /static/)."""
    path = finders.find("js/learn-sw.js")
    assert isinstance(path, str)  # the file is part of the site
    with open(path, encoding="utf-8") as source:
        body = source.read()
    return HttpResponse(body, content_type="text/javascript; charset=utf-8")


@require_GET
@cache_control(max_age=3600, public=True)
def manifest(request: HttpRequest) -> JsonResponse:
    start = reverse("learn-offline")
    body = {
        "name": "Chapter and Verse: learn the verses",
        "short_name": "Learn verses",
        "start_url": start,
        "scope": reverse("learn-home"),
        "display": "standalone",
        "background_color": "#f4f1ea",
        "theme_color": "#1f2a44",
        "icons": [{"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return JsonResponse(body, content_type="application/manifest+json")

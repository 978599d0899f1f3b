"""The handicaps page (docs/decks.md, "Handicaps"): `/events/<id>/handicaps/`, for the event's organisers: each
player's handicap, set or cleared, and a suggestion for two players from goldfish runs of their lists. A 404 to
anyone else, as the manage page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.decorators import method_decorator

from cardsite.page_writes import CountedPostView
from cardsite.page_writes import SignedInHttpRequest
from decks.events.lookups import organised_or_404
from decks.events.selectors import registrations_active
from decks.events.services import EventError
from decks.handicaps.services import SUGGEST_TRIALS
from decks.handicaps.services import Suggestion
from decks.handicaps.services import handicap_set
from decks.handicaps.services import handicap_suggest
from decks.models import Event
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_whole
from rules.tournament.handicap import HANDICAPS


def _page(
    request: SignedInHttpRequest, event: Event, suggestion: Suggestion | None = None, status: int = 200
) -> HttpResponse:
    context: dict[str, Any] = {
        "event": event,
        "kind": HANDICAPS.get(event.game.slug),
        "registrations": list(registrations_active(event=event)),
        "suggestion": suggestion,
        "trials": SUGGEST_TRIALS,
    }
    return render(request, "decks/handicaps/handicaps.html", context, status=status)


@method_decorator(login_required, name="dispatch")
class HandicapsPage(CountedPostView):
    """GET: every player's handicap; POST `registration`, `handicap` (empty: none): record one, or answer the page
    again with a 400 and the reason (as a suggestion does)."""

    def get(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        return _page(request, organised_or_404(request.user, event_id))

    def post(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = organised_or_404(request.user, event_id)
        raw = request.POST.get("handicap", "").strip()
        try:
            handicap = parse_whole(raw, field="handicap", minimum=0, maximum=10_000) if raw else None
            row = handicap_set(
                event=event, user=request.user, registration_id=request.POST.get("registration"), handicap=handicap
            )
        except NotAWholeNumber:
            messages.error(request, "A handicap is a whole number (or empty for none).")
            return _page(request, event, status=400)
        except EventError as exc:
            messages.error(request, exc.message)
            return _page(request, event, status=400)
        kind = HANDICAPS[event.game.slug]
        messages.success(request, f"{row.player.get_username()} plays with {kind.label(row.handicap)}.")
        return HttpResponseRedirect(reverse("event-handicaps", args=[event.pk]))


@method_decorator(login_required, name="dispatch")
class SuggestAction(CountedPostView):
    """POST `a`, `b` (two registrations): goldfish both lists and show the handicap that evens them. Counted as
    compute, not as a write: each list not asked before plays up to GOLDFISH_INLINE_SECONDS of games (issue #34's
    rule for the replay page)."""

    post_scope = "compute"

    def post(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = organised_or_404(request.user, event_id)
        try:
            suggestion = handicap_suggest(
                event=event, user=request.user, registration_ids=(request.POST.get("a"), request.POST.get("b"))
            )
        except EventError as exc:
            messages.error(request, exc.message)
            return _page(request, event, status=400)
        return _page(request, event, suggestion)

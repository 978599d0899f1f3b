"""The starter decks page (/decks/starters/) and its one-click copy."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from cardsite.api.throttles import page_request_allowed, too_many_requests
from decks.lists.writeups import writeup_render
from decks.starters.selectors import starter_get, starters_available
from decks.starters.services import starter_copy


@require_GET
def starter_list(request: HttpRequest) -> HttpResponse:
    shown = starters_available()
    rows: list[dict[str, Any]] = [
        {"shown": s, "writeup": writeup_render(s.starter.writeup, game_slug=s.game.slug)} for s in shown
    ]
    return render(request, "decks/starters/list.html", {"starters": rows})


@login_required
@require_POST
def starter_copy_view(request: HttpRequest, slug: str) -> HttpResponse:
    if not page_request_allowed(request, scope="writes"):
        return too_many_requests()
    found = starter_get(slug=slug)
    if found is None:
        raise Http404("No such starter deck.")
    starter, game = found
    deck = starter_copy(starter=starter, game=game, owner=request.user)
    messages.success(request, f"“{deck.name}” is now in your decks: edit it, build it, make it yours.")
    return redirect("deck-detail", deck_id=deck.pk)

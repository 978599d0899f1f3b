"""The starter decks page (/decks/starters/) and its one-click copy."""

from typing import Any

from django.contrib import messages
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cardsite.api.errors import found_or_404
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import signed_in_post
from decks.exceptions import DeckRequestError
from decks.lists.writeups import writeup_render_kept
from decks.starters.selectors import starter_get
from decks.starters.selectors import starters_available
from decks.starters.services import starter_copy


@require_GET
def starter_list(request: HttpRequest) -> HttpResponse:
    shown = starters_available()
    rows: list[dict[str, Any]] = [
        {"shown": s, "writeup": writeup_render_kept(s.starter.writeup, game_slug=s.game.slug)} for s in shown
    ]
    return render(request, "decks/starters/list.html", {"starters": rows})


@signed_in_post
def starter_copy_view(request: SignedInHttpRequest, slug: str) -> HttpResponse:
    starter, game = found_or_404(starter_get(slug=slug), "No such starter deck.")
    try:
        deck = starter_copy(starter=starter, game=game, owner=request.user)
    except DeckRequestError as exc:  # a catalog's box no deck list can hold (over 999 copies of a card)
        messages.error(request, f"Could not copy {starter.name}: {exc.message}")
        return redirect("deck-starters")
    messages.success(request, f"“{deck.name}” is now in your decks: edit it, build it, make it yours.")
    return redirect("deck-detail", deck_id=deck.pk)

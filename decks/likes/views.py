"""Like pages: like or unlike a deck (from its page), and the decks I like."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import signed_in_post
from decks.likes.selectors import decks_liked
from decks.likes.services import LikeRefused
from decks.likes.services import deck_like
from decks.likes.services import deck_unlike
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import with_format_names

LIKED_PER_PAGE = 30


@signed_in_post
def deck_like_toggle(request: SignedInHttpRequest, deck_id: Any) -> HttpResponse:
    """`action=like` or `action=unlike` a deck I may read; back to its page."""
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    action = request.POST.get("action")
    if action not in ("like", "unlike"):
        return HttpResponse("action is like or unlike.", status=400)
    try:
        (deck_like if action == "like" else deck_unlike)(deck=deck, user=request.user)
    except LikeRefused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Added to the decks you like." if action == "like" else "Removed from your likes.")
    return redirect("deck-detail", deck_id=deck.pk)


@login_required
@require_GET
def decks_liked_page(request: SignedInHttpRequest) -> HttpResponse:
    page = Paginator(decks_liked(user=request.user), LIKED_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "decks/likes/liked.html", {"page": page, "decks": with_format_names(page.object_list)})

"""Mastery pages (docs/learning.md, "Mastery"): a player's progress by set and the signatures on their Mastery
cards; private to the player unless they choose to show it. Another player's private page is the 404 page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import signed_in_post
from learning.mastery.selectors import mastery_of
from learning.mastery.selectors import mastery_public
from learning.mastery.selectors import mastery_visible
from learning.mastery.selectors import signatures_of
from learning.mastery.services import mastery_sharing_set

NO_PAGE = "No such mastery page."


def _page(request: HttpRequest, player: User) -> HttpResponse:
    progress = mastery_of(player=player)
    context = {
        "player": player,
        "own": request.user.is_authenticated and request.user.pk == player.pk,
        "progress": progress,
        "any_levels": any(p.levels for p in progress),
        "signatures": list(signatures_of(player=player)),
        "public": mastery_public(player=player),
    }
    return render(request, "learning/mastery.html", context)


@login_required
@require_GET
def mastery_home(request: SignedInHttpRequest) -> HttpResponse:
    return _page(request, request.user)


@require_GET
def mastery_page(request: HttpRequest, username: str) -> HttpResponse:
    player = User.objects.filter(username=username[:150], is_active=True).first()
    if player is None or not mastery_visible(viewer=request.user, player=player):
        raise Http404(NO_PAGE)
    return _page(request, player)


@signed_in_post
def mastery_sharing(request: SignedInHttpRequest) -> HttpResponse:
    public = request.POST.get("public") == "on"
    mastery_sharing_set(user=request.user, public=public)
    messages.success(
        request,
        "Your mastery page is shown to anyone with its link." if public else "Your mastery page is yours alone.",
    )
    return redirect("learn-mastery-home")

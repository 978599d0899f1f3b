"""Following players (a button on their decks) and the feed of their new public decks and versions."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cardsite.api.errors import found_or_404
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import next_path
from cardsite.page_writes import signed_in_post
from decks.exceptions import DeckRequestError
from decks.follows.selectors import feed_for
from decks.follows.selectors import follows_of
from decks.follows.selectors import player_get
from decks.follows.services import follow_add
from decks.follows.services import follow_remove

FEED_PER_PAGE = 30


def _back(request: HttpRequest) -> str:
    return next_path(request, "/decks/feed/")


@signed_in_post
def follow_view(request: SignedInHttpRequest, username: str) -> HttpResponse:
    player = found_or_404(player_get(username=username), "No such player.")
    if request.POST.get("action") == "unfollow":
        follow_remove(follower=request.user, followed=player)
        messages.success(request, f"You no longer follow {player.get_username()}.")
    else:
        try:
            follow_add(follower=request.user, followed=player)
        except DeckRequestError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, f"You follow {player.get_username()}: their new public decks come to your feed.")
    return redirect(_back(request))


@login_required
@require_GET
def feed_view(request: SignedInHttpRequest) -> HttpResponse:
    page = Paginator(feed_for(follower=request.user), FEED_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "decks/follows/feed.html",
        {"page": page, "items": page.object_list, "follows": list(follows_of(follower=request.user)[:200])},
    )

"""Comment pages: post a comment on a public deck, edit it (its author, for 15 minutes), delete it (its author,
the deck's owner or a moderator). The deck page shows them (comments_for_page)."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from cardsite.api.errors import found_or_404
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import counted_posts
from cardsite.page_writes import signed_in_post
from decks.comments.selectors import comments_html
from decks.comments.selectors import comments_visible
from decks.comments.selectors import deck_comment_get
from decks.comments.selectors import deck_comments
from decks.comments.services import EDIT_WINDOW
from decks.comments.services import MAX_COMMENT
from decks.comments.services import CommentNotAllowed
from decks.comments.services import comment_can_delete
from decks.comments.services import comment_can_edit
from decks.comments.services import comment_create
from decks.comments.services import comment_delete
from decks.comments.services import comment_edit
from decks.exceptions import DeckRequestError
from decks.lists.lookups import deck_readable_or_404
from decks.models import Deck
from decks.models import DeckComment
from decks.models import DeckVisibility

# A deck page shows the latest comments, this many (older ones a page back): the newest is always in sight.
COMMENTS_PER_PAGE = 50


def comments_for_page(*, deck: Deck, user: Any, page: Any = None) -> dict[str, Any] | None:
    """The deck page's comments section: a page of comments (the first: the latest), oldest first on it, each
    rendered, with what `user` may do; None if hidden. `page` is the `comments` query value, read leniently."""
    if not comments_visible(deck=deck, user=user):
        return None
    signed_in = user is not None and user.is_authenticated
    newest_first = deck_comments(deck=deck).order_by("-created", "-id")
    page = Paginator(newest_first, COMMENTS_PER_PAGE).get_page(page)
    shown = list(reversed(page.object_list))
    html = comments_html(comments=shown, game_slug=deck.game.slug)
    for c in shown:
        c.html = html[c.pk]
        c.can_edit = signed_in and comment_can_edit(comment=c, user=user)
        c.can_delete = signed_in and comment_can_delete(comment=c, user=user)
    return {
        "comments": shown,
        "page": page,
        "open": deck.visibility == DeckVisibility.PUBLIC,
        "max_length": MAX_COMMENT,
        "edit_minutes": EDIT_WINDOW.seconds // 60,
    }


def _deck(request: HttpRequest, deck_id: Any) -> Deck:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    if not comments_visible(deck=deck, user=request.user):
        raise Http404("No such deck.")
    return deck


def _comment(request: HttpRequest, deck_id: Any, comment_id: int) -> DeckComment:
    return found_or_404(deck_comment_get(deck=_deck(request, deck_id), comment_id=comment_id), "No such comment.")


def _back(deck_id: Any) -> str:
    return reverse("deck-detail", args=[deck_id]) + "#comments"


@signed_in_post
def comment_post(request: SignedInHttpRequest, deck_id: Any) -> HttpResponse:
    deck = _deck(request, deck_id)
    try:
        comment_create(deck=deck, author=request.user, body=request.POST.get("body", ""))
    except (DeckRequestError, CommentNotAllowed) as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Comment posted.")
    return redirect(_back(deck.pk))


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def comment_edit_view(request: SignedInHttpRequest, deck_id: Any, comment_id: int) -> HttpResponse:
    comment = _comment(request, deck_id, comment_id)
    error = None
    body = comment.body
    if request.method == "POST":
        body = request.POST.get("body", "")
        try:
            comment_edit(comment=comment, user=request.user, body=body)
        except DeckRequestError as exc:
            error = exc.message
        except CommentNotAllowed as exc:
            messages.error(request, exc.message)
            return redirect(_back(deck_id))
        else:
            messages.success(request, "Comment saved.")
            return redirect(_back(deck_id))
    elif not comment_can_edit(comment=comment, user=request.user):
        messages.error(request, "Only its author may edit a comment, for 15 minutes after posting it.")
        return redirect(_back(deck_id))
    return render(
        request,
        "decks/comments/edit.html",
        {"comment": comment, "deck": comment.deck, "body": body, "error": error, "max_length": MAX_COMMENT},
        status=400 if error else 200,
    )


@signed_in_post
def comment_delete_view(request: SignedInHttpRequest, deck_id: Any, comment_id: int) -> HttpResponse:
    comment = _comment(request, deck_id, comment_id)
    try:
        comment_delete(comment=comment, user=request.user)
    except CommentNotAllowed as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, "Comment deleted.")
    return redirect(_back(deck_id))

"""Deck folder pages' posts (make, rename, delete a folder) and organising one deck (folder, tags, archived).

Every post is the owner's: someone else's folder or deck is a 404. Each answers
by going back to the page it came from (my decks, or the deck) with a message.
"""

import functools
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from cardsite.api.throttles import page_request_allowed, too_many_requests
from decks.exceptions import DeckRequestError
from decks.lists.selectors import deck_get_owned
from decks.models import DeckFolder
from decks.organise.selectors import folder_get_owned
from decks.organise.services import deck_organise, folder_create, folder_delete, folder_rename


def _owner_post(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A signed-in user's POST, counted by the page write limit (a 429 past it)."""

    @functools.wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not page_request_allowed(request, scope="writes"):
            return too_many_requests()
        return view(request, *args, **kwargs)

    return login_required(require_POST(checked))


def _folder(request: HttpRequest, folder_id: Any) -> DeckFolder:
    folder = folder_get_owned(folder_id=folder_id, user=request.user)
    if folder is None:
        raise Http404("No such folder.")
    return folder


def _posted_folder(request: HttpRequest, name: str) -> DeckFolder | None:
    """The folder a form chose ("" for none); someone else's or a made-up one is a 404."""
    raw = request.POST.get(name, "")
    return _folder(request, raw) if raw else None


@_owner_post
def folder_create_view(request: HttpRequest) -> HttpResponse:
    parent = _posted_folder(request, "parent")
    try:
        folder = folder_create(owner=request.user, name=request.POST.get("name", ""), parent=parent)
    except DeckRequestError as exc:
        messages.error(request, f"No folder made: {exc.message}")
    else:
        messages.success(request, f"Folder {folder.name} made.")
    return redirect("deck-list")


@_owner_post
def folder_rename_view(request: HttpRequest, folder_id: int) -> HttpResponse:
    folder = _folder(request, folder_id)
    try:
        folder_rename(folder=folder, name=request.POST.get("name", ""))
    except DeckRequestError as exc:
        messages.error(request, f"Not renamed: {exc.message}")
    else:
        messages.success(request, f"Folder renamed to {folder.name}.")
    return redirect("deck-list")


@_owner_post
def folder_delete_view(request: HttpRequest, folder_id: int) -> HttpResponse:
    folder = _folder(request, folder_id)
    name = folder.name
    folder_delete(folder=folder)
    messages.success(request, f"Folder {name} deleted; its decks are still in your decks.")
    return redirect("deck-list")


@_owner_post
def deck_organise_view(request: HttpRequest, deck_id: Any) -> HttpResponse:
    """The deck page's "Organise" form: its folder, its tags (comma-separated), archived or not."""
    deck = deck_get_owned(deck_id=deck_id, user=request.user)
    if deck is None:
        raise Http404("No such deck.")
    folder = _posted_folder(request, "folder")
    tags = request.POST.get("tags", "").split(",")
    try:
        deck_organise(deck=deck, folder=folder, tags=tags, archived=request.POST.get("archived") == "on")
    except DeckRequestError as exc:
        messages.error(request, f"Not changed: {exc.message}")
    else:
        messages.success(request, "Archived: it is left out of your deck lists." if deck.archived else "Saved.")
    return redirect("deck-detail", deck_id=deck.pk)

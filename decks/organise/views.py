"""Deck folder pages' posts (make, rename, delete a folder) and organising one deck (folder, tags, archived).

Every post is the owner's: someone else's folder or deck is a 404. Each answers
by going back to the page it came from (my decks, or the deck) with a message.
"""

from collections.abc import Callable
from functools import partial
from typing import Any
from typing import TypeVar

from django.contrib import messages
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect

from cardsite.api.errors import found_or_404
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import signed_in_post
from decks.exceptions import DeckRequestError
from decks.lists.lookups import deck_owned_or_404
from decks.models import DeckFolder
from decks.organise.selectors import folder_get_owned
from decks.organise.services import deck_organise
from decks.organise.services import folder_create
from decks.organise.services import folder_delete
from decks.organise.services import folder_rename

Written = TypeVar("Written")


def _folder(request: HttpRequest, folder_id: Any) -> DeckFolder:
    return found_or_404(folder_get_owned(folder_id=folder_id, user=request.user), "No such folder.")


def _posted_folder(request: HttpRequest, name: str) -> DeckFolder | None:
    """The folder a form chose ("" for none); someone else's or a made-up one is a 404."""
    raw = request.POST.get(name, "")
    return _folder(request, raw) if raw else None


def _write_and_say(
    request: HttpRequest, write: Callable[[], Written], *, refused: str, done: Callable[[Written], str]
) -> None:
    """Make the service's change: its refusal is an error message after `refused`, its success says `done(...)`."""
    try:
        written = write()
    except DeckRequestError as exc:
        messages.error(request, f"{refused}: {exc.message}")
    else:
        messages.success(request, done(written))


@signed_in_post
def folder_create_view(request: SignedInHttpRequest) -> HttpResponse:
    parent = _posted_folder(request, "parent")
    _write_and_say(
        request,
        partial(folder_create, owner=request.user, name=request.POST.get("name", ""), parent=parent),
        refused="No folder made",
        done=lambda folder: f"Folder {folder.name} made.",
    )
    return redirect("deck-list")


@signed_in_post
def folder_rename_view(request: HttpRequest, folder_id: int) -> HttpResponse:
    _write_and_say(
        request,
        partial(folder_rename, folder=_folder(request, folder_id), name=request.POST.get("name", "")),
        refused="Not renamed",
        done=lambda folder: f"Folder renamed to {folder.name}.",
    )
    return redirect("deck-list")


@signed_in_post
def folder_delete_view(request: HttpRequest, folder_id: int) -> HttpResponse:
    folder = _folder(request, folder_id)
    name = folder.name
    folder_delete(folder=folder)
    messages.success(request, f"Folder {name} deleted; its decks are still in your decks.")
    return redirect("deck-list")


@signed_in_post
def deck_organise_view(request: HttpRequest, deck_id: Any) -> HttpResponse:
    """The deck page's "Organise" form: its folder, its tags (comma-separated), archived or not."""
    deck = deck_owned_or_404(user=request.user, pk=deck_id)
    folder = _posted_folder(request, "folder")
    tags = request.POST.get("tags", "").split(",")
    _write_and_say(
        request,
        partial(deck_organise, deck=deck, folder=folder, tags=tags, archived=request.POST.get("archived") == "on"),
        refused="Not changed",
        done=lambda deck: "Archived: it is left out of your deck lists." if deck.archived else "Saved.",
    )
    return redirect("deck-detail", deck_id=deck.pk)

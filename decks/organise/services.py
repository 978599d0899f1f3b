"""Writing a player's order on their decks: folders (one level of subfolders), tags, archiving.

None of it is a new version of a deck: the list is not changed. Every write is
the owner's (the callers fetch the deck or folder with the owner's selectors).
"""

import re
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction

from decks.exceptions import DeckRequestError
from decks.lists.services import check_name_and_description
from decks.models import Deck
from decks.models import DeckFolder
from decks.models import DeckTag

MAX_FOLDERS = 200
MAX_TAGS = 20
MAX_TAG = 40
# What a text column cannot hold, and text-direction controls (as in a deck's name).
_BAD_TAG = re.compile("[\x00-\x1f\x7f\ud800-\udfff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# Keep "leave as it is" apart from "no folder" (None).
UNCHANGED: Any = object()


def _folder_name(name: str) -> str:
    check_name_and_description(name=name, description=None, what="A folder")
    return name.strip()


def _duplicate(name: str) -> DeckRequestError:
    return DeckRequestError("name", f"You already have a folder called {name} there.")


def folder_create(*, owner: User, name: str, parent: DeckFolder | None = None) -> DeckFolder:
    """A new folder of `owner`'s, at the top or inside `parent` (a top-level folder of theirs)."""
    name = _folder_name(name)
    if parent is not None and (parent.owner_id != owner.pk or parent.parent_id is not None):
        raise DeckRequestError("parent", "A folder goes at the top or inside one of your top-level folders.")
    if DeckFolder.objects.filter(owner=owner).count() >= MAX_FOLDERS:
        raise DeckRequestError("name", f"You have {MAX_FOLDERS} folders, the most a player can have.")
    if DeckFolder.objects.filter(owner=owner, parent=parent, name=name).exists():
        raise _duplicate(name)
    try:
        with transaction.atomic():
            return DeckFolder.objects.create(owner=owner, name=name, parent=parent)
    except IntegrityError as exc:  # made at the same moment in another tab
        raise _duplicate(name) from exc


def folder_rename(*, folder: DeckFolder, name: str) -> DeckFolder:
    name = _folder_name(name)
    if (
        DeckFolder.objects.filter(owner_id=folder.owner_id, parent_id=folder.parent_id, name=name)
        .exclude(pk=folder.pk)
        .exists()
    ):
        raise _duplicate(name)
    folder.name = name
    try:
        with transaction.atomic():
            folder.save(update_fields=["name"])
    except IntegrityError as exc:
        raise _duplicate(name) from exc
    return folder


def folder_delete(*, folder: DeckFolder) -> None:
    """Delete a folder and its subfolders; their decks stay, in no folder."""
    folder.delete()


def tags_normalise(tags: Any) -> list[str]:
    """Tags as stored: trimmed, lower case, runs of spaces as one, no repeats, in the order given.

    Raises DeckRequestError (field "tags") for anything else than a list of at most
    MAX_TAGS short strings without control characters or commas.
    """
    if not isinstance(tags, list | tuple):
        raise DeckRequestError("tags", "Tags are a list of words.")
    out: list[str] = []
    for raw in tags:
        if not isinstance(raw, str):
            raise DeckRequestError("tags", "Each tag is text.")
        if _BAD_TAG.search(raw) or "," in raw:
            raise DeckRequestError("tags", "A tag cannot hold commas, control characters or lone surrogates.")
        tag = " ".join(raw.split()).lower()
        if len(tag) > MAX_TAG:
            raise DeckRequestError("tags", f"A tag has at most {MAX_TAG} characters.")
        if tag and tag not in out:
            out.append(tag)
    if len(out) > MAX_TAGS:
        raise DeckRequestError("tags", f"A deck has at most {MAX_TAGS} tags.")
    return out


def deck_organise(
    *, deck: Deck, folder: DeckFolder | None = UNCHANGED, tags: Any = None, archived: bool | None = None
) -> Deck:
    """Put the owner's deck in `folder` (None: no folder), set its `tags` (replacing them), archive it or not.

    What is not given stays as it is. The folder must be the deck owner's.
    """
    if folder is not UNCHANGED and folder is not None and folder.owner_id != deck.owner_id:
        raise DeckRequestError("folder", "No such folder of yours.")
    names = tags_normalise(tags) if tags is not None else None
    with transaction.atomic():
        fields: dict[str, Any] = {}  # Any: each column's value
        if folder is not UNCHANGED:
            fields["folder"] = folder
        if archived is not None:
            fields["archived"] = archived
        if fields:
            Deck.objects.filter(pk=deck.pk).update(**fields)
            for key, value in fields.items():
                setattr(deck, key, value)
        if names is not None:
            DeckTag.objects.filter(deck=deck).delete()
            DeckTag.objects.bulk_create([DeckTag(deck=deck, name=n) for n in names])
    return deck

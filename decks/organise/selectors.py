"""Reading a player's order on their decks: their folders, the tags they use, a deck's tags."""

from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q
from django.db.models import QuerySet

from decks.models import Deck
from decks.models import DeckFolder
from decks.models import DeckTag
from rules.numbers import ID_MAX
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_whole


def folders_of(*, owner: User) -> list[DeckFolder]:
    """The owner's folders, each top-level folder followed by its subfolders (one query)."""
    rows = list(DeckFolder.objects.filter(owner=owner).order_by("name", "id"))
    children: dict[int, list[DeckFolder]] = {}
    for f in rows:
        if f.parent_id is not None:
            children.setdefault(f.parent_id, []).append(f)
    out: list[DeckFolder] = []
    for f in rows:
        if f.parent_id is None:
            out.append(f)
            out.extend(children.get(f.pk, []))
    return out


def folder_get_owned(*, folder_id: Any, user: Any) -> DeckFolder | None:
    """The folder if `user` owns it; None for anyone else's, a missing one or a malformed id."""
    if user is None or not user.is_authenticated:
        return None
    try:
        pk = parse_whole(folder_id, field="folder", minimum=1, maximum=ID_MAX)
    except NotAWholeNumber:
        return None
    return DeckFolder.objects.filter(pk=pk, owner=user).first()


def tags_of(*, owner: User) -> list[str]:
    """Every tag on the owner's decks, alphabetically."""
    return list(DeckTag.objects.filter(deck__owner=owner).order_by("name").values_list("name", flat=True).distinct())


def deck_tags(*, deck: Deck) -> list[str]:
    return list(DeckTag.objects.filter(deck=deck).order_by("name").values_list("name", flat=True))


def decks_in_folder(decks: QuerySet[Deck], folder: DeckFolder) -> QuerySet[Deck]:
    """The decks in `folder` or one of its subfolders."""
    return decks.filter(Q(folder=folder) | Q(folder__parent=folder))


def decks_tagged(decks: QuerySet[Deck], tag: str) -> QuerySet[Deck]:
    """The decks with `tag` (matched as stored: trimmed, lower case)."""
    return decks.filter(tags__name=" ".join(tag.split()).lower()).distinct()

"""Reading saved decks: who may see which, lists, versions and comparisons."""

import io
import zipfile
from typing import TYPE_CHECKING
from typing import Any

from django.contrib.auth import models as auth_models
from django.contrib.auth.models import AnonymousUser
from django.db.models import Q
from django.db.models import QuerySet
from django.db.models.functions import Lower
from django.utils.text import slugify

from cardcollections.models import Card
from decks.exceptions import DeckRequestError
from decks.lists.services import deck_list_of
from decks.lists.services import deck_list_read
from decks.lists.services import stored_cards
from decks.models import Deck
from decks.models import DeckFolder
from decks.models import DeckNotice
from decks.models import DeckVersion
from decks.models import DeckVisibility
from decks.models import TournamentFormat
from decks.organise.selectors import decks_in_folder
from decks.organise.selectors import decks_tagged
from rules import formats
from rules.deck_compare import DeckComparison
from rules.deck_compare import compare_lists
from rules.decklist.considering import with_board

if TYPE_CHECKING:
    from typing_extensions import TypeIs  # in typing from Python 3.13

User = auth_models.User | AnonymousUser | None  # anyone: a signed-in user, an anonymous one, or none


def _is_user(user: User) -> "TypeIs[auth_models.User]":
    return user is not None and user.is_authenticated


def deck_get_readable(*, deck_id: Any, user: User) -> Deck | None:
    """The deck if `user` may read it: its owner, or anyone for a public or unlisted deck (the id is the link).

    None (a 404) both for a missing deck and for someone else's private one.
    """
    try:
        deck = Deck.objects.select_related("game", "owner").filter(pk=deck_id).first()
    except Exception:  # a malformed UUID
        return None
    if deck is None:
        return None
    if deck.visibility != DeckVisibility.PRIVATE or (_is_user(user) and deck.owner_id == user.pk):
        return deck
    return None


def deck_get_owned(*, deck_id: Any, user: User) -> Deck | None:
    """The deck if `user` owns it (every write goes through this); None otherwise."""
    if not _is_user(user):
        return None
    try:
        return Deck.objects.select_related("game", "owner").filter(pk=deck_id, owner=user).first()
    except Exception:  # a malformed UUID
        return None


def deck_cloned_from_shown(*, deck: Deck, user: User) -> Any:
    """The id of the deck `deck` was copied from, if `user` may be shown it; else None.

    An unlisted deck is read by its link, so its id is the secret: a public copy
    of it must not hand the link to everyone. The copy's owner (who had the link)
    and the original's owner are shown it, anyone else only when the original is public.
    """
    original_id = deck.cloned_from_id
    if original_id is None:
        return None
    if _is_user(user) and deck.owner_id == user.pk:
        return original_id
    original = Deck.objects.filter(pk=original_id).values("visibility", "owner_id").first()
    if original is None:
        return None
    if original["visibility"] == DeckVisibility.PUBLIC or (_is_user(user) and original["owner_id"] == user.pk):
        return original_id
    return None


def deck_list_owned(
    *,
    owner: auth_models.User,
    game: str | None = None,
    folder: DeckFolder | None = None,
    tag: str | None = None,
    format_slug: str | None = None,
    archived: bool = False,
    sort: str = "updated",
) -> QuerySet[Deck]:
    """The owner's decks: not archived (or only archived ones), narrowed by game, folder (with its subfolders),
    tag and format, in the order `sort` names (PUBLIC_SORTS). Each deck's tags come with it (one more query)."""
    qs = Deck.objects.filter(owner=owner, archived=archived).select_related("game", "owner", "folder")
    qs = qs.order_by(*PUBLIC_SORTS.get(sort, PUBLIC_SORTS["updated"]))
    if game:
        qs = qs.filter(game__slug=game)
    if folder is not None:
        qs = decks_in_folder(qs, folder)
    if tag:
        qs = decks_tagged(qs, tag)
    if format_slug:
        qs = qs.filter(format=format_slug)
    return qs.prefetch_related("tags")


def deck_formats_of(*, owner: auth_models.User) -> list[str]:
    """The formats of the owner's decks, for the "my decks" filter."""
    return sorted(set(Deck.objects.filter(owner=owner).values_list("format", flat=True)))


# How decks (public ones, and "my decks") may be sorted: the latest change first (the default), the newest,
# the most viewed, the most liked, by name (A to Z, ignoring case).
PUBLIC_SORTS = {
    "updated": ("-updated",),
    "newest": ("-created",),
    "views": ("-views", "-updated"),
    "likes": ("-likes", "-updated"),
    "name": (Lower("name"), "-updated"),
}


def deck_list_public(
    *,
    game: str | None = None,
    exclude_owner: User = None,
    tag: str | None = None,
    sort: str = "updated",
    player: str = "",
) -> QuerySet[Deck]:
    """Everyone's public decks that are not archived, narrowed by game, tag and player (a username), in the order
    `sort` names."""
    qs = Deck.objects.filter(visibility=DeckVisibility.PUBLIC, archived=False).select_related("game", "owner")
    qs = qs.order_by(*PUBLIC_SORTS.get(sort, PUBLIC_SORTS["updated"]))
    if game:
        qs = qs.filter(game__slug=game)
    if player:
        qs = qs.filter(owner__username=player)
    if tag:
        qs = decks_tagged(qs, tag)
    if _is_user(exclude_owner):
        qs = qs.filter(~Q(owner=exclude_owner))
    return qs.prefetch_related("tags")


def deck_list_public_playing(
    *, card: Card, game: str | None = None, tag: str | None = None, sort: str = "updated", player: str = ""
) -> QuerySet[Deck]:
    """Public decks with any printing of `card`'s title (counted by title, as the rules count)."""
    return deck_list_public(game=game, tag=tag, sort=sort, player=player).filter(
        titles__game_id=card.game_id, titles__title_key=card.title_key
    )


def deck_versions(*, deck: Deck) -> QuerySet[DeckVersion]:
    return DeckVersion.objects.filter(deck=deck).order_by("-number")


def deck_version_get(*, deck: Deck, number: int) -> DeckVersion | None:
    return DeckVersion.objects.filter(deck=deck, number=number).first()


def deck_version_changes(*, deck: Deck, number: int) -> DeckComparison | None:
    """What version `number` changed from the one before it (version 1: everything added); None when either is
    not kept."""
    version = deck_version_get(deck=deck, number=number)
    if version is None:
        return None
    return version_changes(version, deck_version_get(deck=deck, number=number - 1))


def version_changes(version: DeckVersion, before: DeckVersion | None) -> DeckComparison | None:
    """What `version` changed from `before`, the version numbered one less (None: not kept, so not known)."""
    if before is None and version.number > 1:
        return None
    return compare_lists(before.cards if before else [], version.cards)


def decks_compare(*, before: Deck | DeckVersion, after: Deck | DeckVersion) -> DeckComparison:
    return compare_lists(before.cards, after.cards)


def deck_notices_open(*, owner: auth_models.User) -> QuerySet[DeckNotice]:
    return DeckNotice.objects.filter(owner=owner, dismissed=False).select_related("deck")


def deck_versions_numbered(*, deck: Deck, numbers: Any) -> dict[int, DeckVersion]:
    """The versions of `deck` with these numbers, by number, in one query (a page's previous versions)."""
    return {v.number: v for v in DeckVersion.objects.filter(deck=deck, number__in=list(numbers))}


def deck_validation_now(*, deck: Deck) -> dict[str, Any]:
    """The validation result (docs/contracts/validation.md) of the stored list against its format now; stores nothing.

    A card that has left the catalog is its finding (`unknown-card`), a format
    that no longer exists an `unknown-format` error, as `deck_revalidate` stores them.
    """
    from decks.exceptions import DeckRequestError
    from decks.lists.services import DeckListError
    from decks.lists.services import deck_list_of

    try:
        return deck_list_of(deck).result.to_dict()
    except DeckListError as exc:
        errors = [f.to_dict() for f in exc.findings]
    except DeckRequestError as exc:
        errors = [{"code": "unknown-format", "message": exc.message}]
    return {
        "legal": False,
        "game": deck.game.slug,
        "format": deck.format,
        "card_count": deck.card_count,
        "errors": errors,
        "warnings": [],
    }


def _written(entries: list[dict[str, Any]]) -> str:
    return "".join(f"{e['count']} {e['title']} ({e['set']}) {e['number']}\n" for e in entries)


def deck_text(deck: Deck) -> str:
    """The deck's main list as text (docs/contracts/deck-format.md): the canonical export, or the stored printings as
    written when the catalog no longer knows one of them (so the list cannot be resolved)."""
    try:
        return deck_list_of(deck).text
    except DeckRequestError:
        return _written(deck.cards)


def deck_export_text(deck: Deck) -> str:
    """The deck as text to export: the main list, then its considering board as `// ` comment lines."""
    if not deck.considering:
        return deck_text(deck)
    try:
        board = deck_list_read(game=deck.game.slug, format_slug=None, cards=stored_cards(deck.considering)).text
    except DeckRequestError:
        board = _written(deck.considering)
    return with_board(deck_text(deck), board)


def deck_file_name(deck: Deck, ext: str) -> str:
    """A file name for the deck: its name as a slug (or "deck"), with `ext`."""
    return f"{slugify(deck.name) or 'deck'}.{ext}"


def decks_export_zip(*, owner: auth_models.User) -> bytes:
    """All the owner's decks (archived ones too) as a zip of text lists, each under its folder's path.

    Each file is `deck_export_text` (the list, then its board as comments); two decks of one name
    in one folder get `-2`, `-3`... Archived decks are under `archived/`.
    """
    decks = Deck.objects.filter(owner=owner).select_related("game", "folder__parent").order_by("name", "created")
    buffer = io.BytesIO()
    taken: set[str] = set()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for deck in decks:
            parts = ["archived"] if deck.archived else []
            if deck.folder is not None:
                if deck.folder.parent is not None:
                    parts.append(slugify(deck.folder.parent.name) or "folder")
                parts.append(slugify(deck.folder.name) or "folder")
            stem = "/".join([*parts, deck_file_name(deck, "txt")[:-4]])
            path, n = f"{stem}.txt", 1
            while path in taken:
                n += 1
                path = f"{stem}-{n}.txt"
            taken.add(path)
            archive.writestr(path, deck_export_text(deck))
    return buffer.getvalue()


def _document_cards(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"set": e["set"], "number": e["number"], "title": e["title"], "count": e["count"]} for e in entries]


def deck_document(deck: Deck) -> dict[str, Any]:
    """The deck as docs/contracts/deck-format.md's JSON document, each card by set, number and title (its board and
    write-up too, if any)."""
    document: dict[str, Any] = {
        "game": deck.game.slug,
        "name": deck.name,
        "format": deck.format,
        "cards": _document_cards(deck.cards),
    }
    if deck.considering:
        document["considering"] = _document_cards(deck.considering)
    if deck.description:
        # The write-up travels with the list: the site's import reads it back.
        document["description"] = deck.description
    return document


def with_format_names(decks: Any) -> list[Deck]:
    """The page's decks, each with `format_name`: a base format's name, a tournament format's (one query)."""
    rows = list(decks)
    custom = {d.format for d in rows if not formats.is_base_format_slug(d.format)}
    names = dict(TournamentFormat.objects.filter(slug__in=custom).values_list("slug", "name")) if custom else {}
    for deck in rows:
        deck.format_name = names.get(deck.format) or _base_format_name(deck.game.slug, deck.format)
    return rows


def format_display_name(*, game: str, slug: str) -> str:
    """One format as players know it (a page showing one): a tournament format's name (one query), a base
    format's; the slug itself for anything else."""
    if slug and not formats.is_base_format_slug(slug):
        name = TournamentFormat.objects.filter(slug=slug).values_list("name", flat=True).first()
        if name:
            return name
    return _base_format_name(game, slug)


def _base_format_name(game: str, slug: str) -> str:
    """A base format's name; the slug itself for anything else."""
    if formats.is_base_format_slug(slug):
        try:
            return formats.base_format(game, slug).name
        except formats.UnknownFormat:
            return slug
    return slug

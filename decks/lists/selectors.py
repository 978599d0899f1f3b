"""Reading saved decks: who may see which, lists, versions and comparisons."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from decks.exceptions import DeckRequestError
from decks.lists.services import deck_list_of
from decks.models import Deck, DeckNotice, DeckVersion, DeckVisibility, TournamentFormat
from rules import formats
from rules.deck_compare import DeckComparison, compare_lists

User = AbstractBaseUser | AnonymousUser | None


def _is_user(user: User) -> bool:
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


def deck_list_owned(*, owner: AbstractBaseUser, game: str | None = None) -> QuerySet[Deck]:
    qs = Deck.objects.filter(owner=owner).select_related("game", "owner")
    return qs.filter(game__slug=game) if game else qs


# How public decks may be sorted: the latest change first (the default), the newest, the most viewed, the most liked.
PUBLIC_SORTS = {
    "updated": ("-updated",),
    "newest": ("-created",),
    "views": ("-views", "-updated"),
    "likes": ("-likes", "-updated"),
}


def deck_list_public(*, game: str | None = None, exclude_owner: User = None, sort: str = "updated") -> QuerySet[Deck]:
    qs = Deck.objects.filter(visibility=DeckVisibility.PUBLIC).select_related("game", "owner")
    qs = qs.order_by(*PUBLIC_SORTS.get(sort, PUBLIC_SORTS["updated"]))
    if game:
        qs = qs.filter(game__slug=game)
    if _is_user(exclude_owner):
        qs = qs.filter(~Q(owner=exclude_owner))
    return qs


def deck_versions(*, deck: Deck) -> QuerySet[DeckVersion]:
    return DeckVersion.objects.filter(deck=deck).order_by("-number")


def deck_version_get(*, deck: Deck, number: int) -> DeckVersion | None:
    return DeckVersion.objects.filter(deck=deck, number=number).first()


def deck_version_changes(*, deck: Deck, number: int) -> DeckComparison | None:
    """What version `number` changed from the one before it (version 1: everything added)."""
    version = deck_version_get(deck=deck, number=number)
    if version is None:
        return None
    before = deck_version_get(deck=deck, number=number - 1)
    return compare_lists(before.cards if before else [], version.cards)


def decks_compare(*, before: Deck | DeckVersion, after: Deck | DeckVersion) -> DeckComparison:
    return compare_lists(before.cards, after.cards)


def deck_notices_open(*, owner: AbstractBaseUser) -> QuerySet[DeckNotice]:
    return DeckNotice.objects.filter(owner=owner, dismissed=False).select_related("deck")


def deck_versions_numbered(*, deck: Deck, numbers: Any) -> dict[int, DeckVersion]:
    """The versions of `deck` with these numbers, by number, in one query (a page's previous versions)."""
    return {v.number: v for v in DeckVersion.objects.filter(deck=deck, number__in=list(numbers))}


def deck_validation_now(*, deck: Deck) -> dict[str, Any]:
    """The validation.md result of the deck's stored list against its format as they are now; stores nothing.

    A card that has left the catalog is its finding (`unknown-card`), a format
    that no longer exists an `unknown-format` error, as `deck_revalidate` stores them.
    """
    from decks.exceptions import DeckRequestError
    from decks.lists.services import DeckListError, deck_list_of

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


def deck_text(deck: Deck) -> str:
    """The deck as deck-format.md text: the canonical export, or the stored printings as written
    when the catalog no longer knows one of them (so the list cannot be resolved)."""
    try:
        return deck_list_of(deck).text
    except DeckRequestError:
        return "".join(f"{e['count']} {e['title']} ({e['set']}) {e['number']}\n" for e in deck.cards)


def deck_document(deck: Deck) -> dict[str, Any]:
    """The deck as deck-format.md's JSON document, each card by set, number and title."""
    return {
        "game": deck.game.slug,
        "name": deck.name,
        "format": deck.format,
        "cards": [
            {"set": e["set"], "number": e["number"], "title": e["title"], "count": e["count"]} for e in deck.cards
        ],
    }


def with_format_names(decks: Any) -> list[Deck]:
    """The page's decks, each with `format_name`: a base format's name, a tournament format's (one query)."""
    rows = list(decks)
    custom = {d.format for d in rows if not formats.is_base_format_slug(d.format)}
    names = dict(TournamentFormat.objects.filter(slug__in=custom).values_list("slug", "name")) if custom else {}
    for deck in rows:
        deck.format_name = names.get(deck.format) or _base_format_name(deck.game.slug, deck.format)
    return rows


def _base_format_name(game: str, slug: str) -> str:
    """A base format's name; the slug itself for anything else."""
    if formats.is_base_format_slug(slug):
        try:
            return formats.base_format(game, slug).name
        except formats.UnknownFormat:
            return slug
    return slug

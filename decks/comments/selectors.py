"""Reading comments: who may see a deck's comments, one comment by its deck, and comments as HTML."""

import hashlib
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db.models import QuerySet

from cardcollections.catalog.memo import current_stamp
from decks.goldfish.selectors import card_ids_by_printing
from decks.lists.writeups import RENDER_VERSION
from decks.lists.writeups import writeup_render
from decks.models import Deck
from decks.models import DeckComment
from decks.models import DeckVisibility

# PostgreSQL's integer: a larger id names nothing (and must not reach the database).
MAX_ID = 2**63 - 1


def comments_visible(*, deck: Deck, user: User | AnonymousUser | None) -> bool:
    """A public deck's comments are everyone's to read; once it is not public, only its owner's."""
    if deck.visibility == DeckVisibility.PUBLIC:
        return True
    return user is not None and user.is_authenticated and deck.owner_id == user.pk


def deck_comments(*, deck: Deck) -> QuerySet[DeckComment]:
    return DeckComment.objects.filter(deck=deck).select_related("author", "deck")


def deck_comment_get(*, deck: Deck, comment_id: Any) -> DeckComment | None:
    if not isinstance(comment_id, int) or not 0 < comment_id <= MAX_ID:
        return None
    return deck_comments(deck=deck).filter(pk=comment_id).first()


def comment_printing_ids(*, comments: Iterable[DeckComment], game_slug: str) -> dict[tuple[str, str], int] | None:
    """The card ids the comments' [[card]] links need, in one query for them all; None when none links a card."""
    if not any("[[" in c.body for c in comments):
        return None
    return card_ids_by_printing(game=game_slug)


# How long a comment's HTML is kept. Rendering is paid once per text: markdown-it takes up to ~45 ms on a
# hostile 2,000-character comment (a run of "[" makes its link parser quadratic), 0.1 ms on prose, and a
# deck page shows 50 comments to every visitor.
COMMENT_HTML_SECONDS = 24 * 3600


def comments_html(*, comments: Sequence[DeckComment], game_slug: str) -> dict[int, str]:
    """Each comment's body as safe HTML ([[card]] links resolved), by comment id: kept in the cache under
    its text, the catalog's stamp (a card added later links once the catalog changes) and the renderer's
    version (a rendering made before a change to it is not shown after)."""
    stamp = repr(current_stamp(game_slug))
    keys = {
        c.pk: f"comment-html:v{RENDER_VERSION}:"
        + hashlib.sha256(repr((game_slug, stamp, c.body)).encode("utf-8", "surrogatepass")).hexdigest()
        for c in comments
    }
    kept = cache.get_many(list(set(keys.values())))
    missing = {keys[c.pk]: c for c in comments if keys[c.pk] not in kept}  # one per text
    if missing:
        ids = comment_printing_ids(comments=missing.values(), game_slug=game_slug)
        made = {key: writeup_render(c.body, game_slug=game_slug, printing_ids=ids).html for key, c in missing.items()}
        cache.set_many(made, COMMENT_HTML_SECONDS)
        kept.update(made)
    return {c.pk: kept[keys[c.pk]] for c in comments}

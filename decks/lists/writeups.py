"""Deck write-ups: a description in Markdown where `[[Card Title]]` (or `[[Title|SET-NUMBER]]`) links to the card.

Rendered by markdown-it-py with raw HTML off (it is shown as text), then cleaned
by nh3 (an allow-list: no script, no event handler, no image, links only to
http, https, mailto or the site's own pages), so the HTML is safe to show
whatever the author typed. A title the catalog does not know stays plain text
and is listed for the author.

Headings are written as people write them (`#`, `##`, ...) and shifted down
the outline: the page around a write-up has its own h1 (the deck's name) and
h2s (Cards, Comments), so `#` becomes h3, `##` h4, and `####` and deeper h6.

A page shows a write-up through `writeup_render_kept`: kept in the cache under its text, the catalog's stamp and
the renderer's version, as the comments are (issue #34: a description of 5,000 `[` cost 80 ms a render).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

import nh3
from django.core.cache import cache
from django.urls import reverse
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

from cardcollections.adapters import card_pool_for_game
from cardcollections.catalog.memo import current_stamp
from decks.goldfish.selectors import card_ids_by_printing

# [[Title]] or [[Title|SET-NUMBER]]; a title holds no bracket, bar or line break. A set code may hold hyphens
# itself (the published sets CV-BLOG and SQ-SM): the number is what follows the last one.
CARD_LINK = re.compile(r"\[\[([^\[\]|\n]{1,200})(?:\|([A-Za-z0-9-]{1,20})-([A-Za-z0-9]{1,20}))?\]\]")
ALLOWED_TAGS = {
    "p", "br", "em", "strong", "code", "pre", "blockquote", "ul", "ol", "li", "a", "h3", "h4", "h5", "h6", "hr",
}  # fmt: skip
# A write-up's `#` is the page's h3: the page keeps its h1 and h2s to itself.
HEADING_SHIFT = 2
# Bump when the rendering changes: cached renderings (the comments') are keyed on it.
RENDER_VERSION = 2
# How long a page's rendered write-up stays in the cache (a new catalog stamp or text is a new key anyway).
WRITEUP_HTML_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Writeup:
    """Safe HTML, and the linked titles the catalog does not know (for the author)."""

    html: str
    unknown: tuple[str, ...]


def _card_links(md: MarkdownIt, resolve) -> None:
    """An inline rule before `link`: `[[...]]` becomes a link to the card, or its plain title."""

    def rule(state: StateInline, silent: bool) -> bool:
        if not state.src.startswith("[[", state.pos):
            return False
        match = CARD_LINK.match(state.src, state.pos)
        if match is None:
            return False
        if not silent:
            title = " ".join(match.group(1).split())
            url = resolve(title, match.group(2), match.group(3))
            if url is None:
                state.push("text", "", 0).content = title
            else:
                opening = state.push("link_open", "a", 1)
                opening.attrs = {"href": url, "class": "card-link"}
                state.push("text", "", 0).content = title
                state.push("link_close", "a", -1)
        state.pos = match.end()
        return True

    md.inline.ruler.before("link", "card_link", rule)


def _shifted_headings(md: MarkdownIt) -> None:
    """A core rule after parsing: every heading moves HEADING_SHIFT levels down the outline (h6 at most)."""

    def rule(state) -> None:
        for token in state.tokens:
            if token.type in ("heading_open", "heading_close"):
                token.tag = f"h{min(int(token.tag[1:]) + HEADING_SHIFT, 6)}"

    md.core.ruler.push("shifted_headings", rule)


def writeup_render(text: str, *, game_slug: str, printing_ids: dict[tuple[str, str], int] | None = None) -> Writeup:
    """`text` (Markdown with card links) as safe HTML for `game_slug`'s cards; unknown titles listed.

    `printing_ids` (card_ids_by_printing's answer) saves its query when many texts are rendered at once.
    """
    if not text.strip():
        return Writeup("", ())
    pool = card_pool_for_game(game_slug)
    ids = printing_ids
    unknown: list[str] = []

    def resolve(title: str, set_code: str | None, number: str | None) -> str | None:
        nonlocal ids
        cards = pool.by_title(title)
        if set_code is not None:
            cards = tuple(c for c in cards if c.set_code.casefold() == set_code.casefold() and c.number == number)
        if not cards:
            unknown.append(title if set_code is None else f"{title}|{set_code}-{number}")
            return None
        if ids is None:
            ids = card_ids_by_printing(game=game_slug)  # one query, only when a link resolves
        card_id = ids.get((cards[0].set_code, cards[0].number))
        return None if card_id is None else reverse("card-detail", args=[card_id])

    md = MarkdownIt("commonmark", {"html": False}).disable("image")
    _card_links(md, resolve)
    _shifted_headings(md)
    html = nh3.clean(
        md.render(text),
        tags=ALLOWED_TAGS,
        attributes={"a": {"href"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener ugc",
        allowed_classes={"a": {"card-link"}},
    )
    return Writeup(html, tuple(dict.fromkeys(unknown)))


def writeup_render_kept(text: str, *, game_slug: str) -> Writeup:
    """writeup_render for a page, kept in the cache under the text, the game's catalog stamp (a card added later
    links once the catalog changes) and RENDER_VERSION (a rendering made before a change to it is not shown)."""
    if not text.strip():
        return Writeup("", ())
    stamp = repr(current_stamp(game_slug))
    digest = hashlib.sha256(repr((game_slug, stamp, text)).encode("utf-8", "surrogatepass")).hexdigest()
    key = f"writeup-html:v{RENDER_VERSION}:{digest}"
    kept = cache.get(key)
    if isinstance(kept, tuple) and len(kept) == 2:
        return Writeup(kept[0], tuple(kept[1]))
    made = writeup_render(text, game_slug=game_slug)
    cache.set(key, (made.html, made.unknown), WRITEUP_HTML_SECONDS)
    return made

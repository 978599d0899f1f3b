"""Built decks and missing cards: mark a deck built (its cards reserved from the collection), with a
warning before it double-books a copy another built deck holds; and what the player still needs
for a deck, one click from the wishlist.

Only the deck's owner reaches these pages (anyone else gets a 404). With htmx the forms swap
their own part of the page; without JavaScript they are ordinary posts that redirect back.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from cardcollections.catalog.selectors import printings_by_title_key
from cardcollections.models import Card
from cardcollections.reservations.selectors import holders_by_title
from cardcollections.reservations.selectors import wished_by_title
from cardsite.page_writes import counted_posts
from cardsite.page_writes import next_path
from cardsite.page_writes import signed_in_post
from decks.exceptions import DeckRequestError
from decks.lists.lookups import deck_owned_or_404
from decks.lists.services import deck_holder
from decks.lists.services import deck_set_built
from decks.models import Deck
from decks.stock.selectors import TitleNeed
from decks.stock.selectors import deck_double_bookings
from decks.stock.selectors import deck_stock
from decks.stock.services import deck_missing_wishlist_add


def _is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def _copies(n: int) -> str:
    return f"{n} cop{'y' if n == 1 else 'ies'}"


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


# ---------------------------------------------------------------- built


def _double_booking_rows(deck: Deck, bookings: list[TitleNeed]) -> list[dict[str, Any]]:
    holders = holders_by_title(
        owner=deck.owner, game=deck.game, title_keys=[b.key for b in bookings], exclude_holder=deck_holder(deck)
    )
    cards = printings_by_title_key(game=deck.game, title_keys=[b.key for b in bookings])
    return [{"need": b, "holders": holders.get(b.key, []), "card": cards.get(b.key)} for b in bookings]


def _back_url(request: HttpRequest, deck: Deck) -> str:
    return next_path(request, reverse("deck-detail", args=[deck.pk]))


def _built_context(request: HttpRequest, deck: Deck, **extra: Any) -> dict[str, Any]:
    return {"deck": deck, "next": _back_url(request, deck), **extra}


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def deck_built(request: HttpRequest, deck_id: Any) -> HttpResponse:
    """GET: the deck's built switch (htmx) or a page with it; POST built=on|off [confirm=1] [next=...]."""
    deck = deck_owned_or_404(user=request.user, pk=deck_id)
    if request.method == "GET":
        bookings = [] if deck.built else deck_double_bookings(deck=deck)
        context = _built_context(request, deck, bookings=_double_booking_rows(deck, bookings) if bookings else [])
        if _is_htmx(request):
            return render(request, "decks/stock/_built_toggle.html", context)
        return render(request, "decks/stock/_built_page.html", context)

    built = request.POST.get("built", "")
    if built not in ("on", "off"):
        context = _built_context(request, deck, error="built: say on (mark the deck built) or off (take it apart).")
        template = "decks/stock/_built_toggle.html" if _is_htmx(request) else "decks/stock/_built_page.html"
        return render(request, template, context, status=400)

    want = built == "on"
    if want and not deck.built and request.POST.get("confirm") != "1":
        bookings = deck_double_bookings(deck=deck)
        if bookings:
            context = _built_context(request, deck, bookings=_double_booking_rows(deck, bookings), confirming=True)
            template = "decks/stock/_built_confirm.html" if _is_htmx(request) else "decks/stock/_built_page.html"
            return render(request, template, context)

    try:
        deck = deck_set_built(deck=deck, built=want)
    except DeckRequestError as exc:  # deleted in another tab meanwhile
        raise Http404(exc.message) from exc
    if want:
        note = f"“{deck.name}” is built: its {_cards(deck.card_count)} are reserved from your collection."
    else:
        note = f"“{deck.name}” is taken apart: its cards are free again."
    if _is_htmx(request):
        return render(request, "decks/stock/_built_toggle.html", _built_context(request, deck, note=note))
    messages.success(request, note)
    return redirect(_back_url(request, deck))


# ---------------------------------------------------------------- missing cards


def _row_id(key: str) -> str:
    return "missing-" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]


def _missing_context(deck: Deck, *, error: str = "") -> dict[str, Any]:
    """The deck's titles against the owner's collection, split into missing rows and covered titles."""
    stock = deck_stock(deck=deck, with_offers=True)
    missing = [t for t in stock if t.missing]
    wished = wished_by_title(owner=deck.owner, game=deck.game, title_keys=[t.key for t in missing]) if missing else {}
    cards = printings_by_title_key(game=deck.game, title_keys=[t.key for t in missing]) if missing else {}
    rows = [_row(t, wished.get(t.key, 0), card=cards.get(t.key)) for t in missing]
    copies = sum(t.missing for t in missing)
    return {
        "deck": deck,
        "rows": rows,
        "covered": len(stock) - len(missing),
        "titles": len(stock),
        "missing_copies": copies,
        "missing_titles": len(missing),
        "all_wished": all(r["on_wishlist"] for r in rows),
        "total_line": f"{_cards(copies)} missing across {len(missing)} title{'' if len(missing) == 1 else 's'}",
        "error": error,
        "next": reverse("deck-missing", args=[deck.pk]),
    }


def _row(need: TitleNeed, wished: int, *, card: Card | None = None, just_added: bool = False) -> dict[str, Any]:
    return {
        "need": need,
        "card": card,
        "id": _row_id(need.key),
        "wished": wished,
        "on_wishlist": wished >= need.missing,
        "reserved_missing": need.missing - need.not_owned,
        "just_added": just_added,
    }


@login_required
@require_http_methods(["GET"])
def deck_missing(request: HttpRequest, deck_id: Any) -> HttpResponse:
    """What the player still needs for this deck: not owned, or owned but held by another built deck."""
    deck = deck_owned_or_404(user=request.user, pk=deck_id)
    return render(request, "decks/stock/missing.html", _missing_context(deck))


@signed_in_post
def deck_missing_wishlist(request: HttpRequest, deck_id: Any) -> HttpResponse:
    """Wish for the missing copies of one title (title_key=...) or of all of them (all=1)."""
    deck = deck_owned_or_404(user=request.user, pk=deck_id)
    everything = request.POST.get("all") == "1"
    key = request.POST.get("title_key", "")
    try:
        if not everything and not key.strip():
            raise DeckRequestError("title_key", "Name the card to wish for, or ask for all missing cards.")
        wishes = deck_missing_wishlist_add(deck=deck, title_key=None if everything else key[:200])
    except DeckRequestError as exc:
        context = _missing_context(deck, error=f"{exc.field}: {exc.message}")
        if _is_htmx(request):
            response = render(request, "decks/stock/_missing_table.html", context, status=400)
            response["HX-Retarget"] = "#missing-table"
            response["HX-Reswap"] = "outerHTML"
            return response
        return render(request, "decks/stock/missing.html", context, status=400)

    added = [w for w in wishes if w.changed]
    if not wishes:
        note = "Nothing is missing there any more."
    elif added:
        copies = sum(w.wanted for w in added)
        names = added[0].title if len(added) == 1 else f"{len(added)} titles"
        note = f"Added to your wishlist: {names} ({_copies(copies)} wanted)."
    else:
        note = "Already on your wishlist."

    if _is_htmx(request):
        if everything or not wishes:
            context = _missing_context(deck)
            context["note"] = note
            response = render(request, "decks/stock/_missing_table.html", context)
            response["HX-Retarget"] = "#missing-table"
            response["HX-Reswap"] = "outerHTML"
            return response
        context = _missing_context(deck)
        [row] = [r for r in context["rows"] if r["need"].key == wishes[0].key]
        row["just_added"] = True
        return render(request, "decks/stock/_missing_row.html", {"row": row, "deck": deck})
    messages.success(request, note)
    return redirect("deck-missing", deck_id=deck.pk)

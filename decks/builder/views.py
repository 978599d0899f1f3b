"""The deck builder: search the catalog on the left, the working list on the right, no page reloads.

The working list lives in the page (a hidden JSON field that static/js/builder.js
keeps); every change posts it to `builder_panel` (writes nothing), which
answers with the deck panel: the list with the user's stock per title, the
total and the engine's findings. `builder_save` creates the deck or saves a
new version (with the version the page was loaded with, so a stale tab gets
a conflict instead of overwriting). Search results come from the catalog's
own filters (CatalogBrowse / CardFilter) and its page reader.
"""

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from typing import TypeVar
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.http import require_POST

from cardcollections.catalog.filters import CardFilter
from cardcollections.catalog.forms import SORT_PARAM
from cardcollections.catalog.forms import CatalogBrowse
from cardcollections.catalog.selectors import card_listing_page
from cardcollections.catalog.selectors import cards_for_listing
from cardcollections.catalog.selectors import game_get
from cardcollections.models import Card
from cardcollections.models import Game
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import posts_counted_as
from cardsite.page_writes import signed_in_post
from decks.builder.selectors import BuilderPanel
from decks.builder.selectors import WorkingEntry
from decks.builder.selectors import builder_cards_read
from decks.builder.selectors import builder_panel
from decks.builder.selectors import builder_result_stock
from decks.exceptions import DeckRequestError
from decks.formats.selectors import FormatChoice
from decks.formats.selectors import format_choices
from decks.lists.lookups import deck_owned_or_404
from decks.lists.selectors import deck_get_owned
from decks.lists.services import DeckListError
from decks.lists.services import DeckVersionConflict
from decks.lists.services import deck_create
from decks.lists.services import deck_holder
from decks.lists.services import deck_update
from decks.models import Deck
from decks.models import DeckVisibility
from rules.games import GAMES
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_whole
from rules.text import title_key

_Request = TypeVar("_Request", bound=HttpRequest)  # a builder view's: any request, or a signed-in one

RESULTS_PER_PAGE = 25


@dataclass(frozen=True)
class WorkingList:
    """What the builder works on: the game, the deck (None until saved), the form's fields, the list and the board."""

    game: Game
    deck: Deck | None
    form: dict[str, Any]
    entries: list[WorkingEntry]
    board: list[WorkingEntry]


# ---------------------------------------------------------------- pages
@login_required
@require_GET
def deck_new(request: HttpRequest) -> HttpResponse:
    """A new deck: the game is chosen here (?game=) and fixed once the deck is saved."""
    game = game_get(slug=request.GET.get("game") or GAMES[0].slug) or game_get(slug=GAMES[0].slug)
    if game is None:
        raise Http404("No catalog is loaded.")
    choices = _formats(game, None)
    form = {"name": "New deck", "description": "", "visibility": DeckVisibility.PRIVATE, "format": choices[0].slug}
    return _page(request, WorkingList(game=game, deck=None, form=form, entries=[], board=[]))


@login_required
@require_GET
def deck_edit(request: HttpRequest, deck_id) -> HttpResponse:
    deck = deck_owned_or_404(user=request.user, pk=deck_id)
    entries = [WorkingEntry(e["set"], e["number"], e["title"], e["count"]) for e in deck.cards]
    board = [WorkingEntry(e["set"], e["number"], e["title"], e["count"]) for e in deck.considering]
    form = {"name": deck.name, "description": deck.description, "visibility": deck.visibility, "format": deck.format}
    return _page(request, WorkingList(game=deck.game, deck=deck, form=form, entries=entries, board=board))


def _page(request: HttpRequest, work: WorkingList) -> HttpResponse:
    panel = _panel(request, work, deck=work.deck, format_slug=work.form["format"])
    context = {
        **_deck_context(game=work.game, deck=work.deck, form=work.form, panel=panel),
        **_search_context(request, game=work.game, deck=work.deck, params=request.GET),
        "games": GAMES,
        "visibilities": DeckVisibility.choices,
    }
    return render(request, "decks/builder/builder.html", context)


# ---------------------------------------------------------------- partials
@login_required
@require_GET
def builder_search(request: HttpRequest) -> HttpResponse:
    """Search results for the builder: the catalog's filters, plus "only cards I own (free copies)"."""
    game = game_get(slug=request.GET.get("game", ""))
    if game is None:
        return HttpResponse("Choose a game.", status=400, content_type="text/plain")
    deck = deck_owned_or_404(user=request.user, pk=request.GET["deck"]) if request.GET.get("deck") else None
    if deck is not None and deck.game_id != game.pk:
        return HttpResponse("The deck is of another game.", status=400, content_type="text/plain")
    context = _search_context(request, game=game, deck=deck, params=request.GET)
    status = 400 if context["search"]["errors"] else 200
    return render(request, "decks/builder/_results.html", context, status=status)


def _posted_list(view: Callable[[_Request, WorkingList], HttpResponse]) -> Callable[[_Request], HttpResponse]:
    """A view of the posted working list gets it whole; an unreadable list is a 400 panel."""

    @functools.wraps(view)
    def read_then_view(request: _Request) -> HttpResponse:
        game, deck = _posted_game_and_deck(request)
        form = _posted_form(request, deck)
        try:
            entries = builder_cards_read(request.POST.get("cards"))
            board = builder_cards_read(request.POST.get("considering"), field_name="considering")
        except DeckRequestError as exc:
            return _panel_response(
                request, game=game, deck=deck, form=form, panel=None, message=_error(exc), status=400
            )
        return view(request, WorkingList(game=game, deck=deck, form=form, entries=entries, board=board))

    return read_then_view


# Each change in the builder posts its list and runs the rules: counted as live checks, as the validate page's are.
@login_required
@require_POST
@posts_counted_as("live")
@_posted_list
def builder_panel_view(request: HttpRequest, work: WorkingList) -> HttpResponse:
    """The deck panel for the posted working list, board and format. Writes nothing."""
    panel = _panel(request, work, deck=work.deck, format_slug=work.form["format"] or None)
    return _panel_response(request, game=work.game, deck=work.deck, form=work.form, panel=panel)


# A save writes a deck or a new version of it: counted by the page write limit, as the API's create and update are.
@signed_in_post
@_posted_list
def builder_save(request: SignedInHttpRequest, work: WorkingList) -> HttpResponse:
    """Create the deck (no `deck` posted) or save a new version of it; an illegal list may be saved."""
    game, deck, form = work.game, work.deck, work.form
    cards = [{"set": e.set, "number": e.number, "count": e.count} for e in work.entries]
    # A post without the board (an older page) leaves the stored board as it is.
    considering: list[dict[str, object]] | None = [
        {"set": e.set, "number": e.number, "count": e.count} for e in work.board
    ]
    if "considering" not in request.POST:
        considering = None
    fields = {
        "name": form["name"],
        "description": form["description"],
        "visibility": form["visibility"],
        "format_slug": form["format"] or None,
        "cards": cards,
        "considering": considering,
    }
    status, message, conflict = 200, None, None
    try:
        if deck is None:
            deck = deck_create(owner=request.user, game=game, **fields)
            status = 201
        else:
            deck = deck_update(deck=deck, expected_version=_version(request), **fields)
    except DeckVersionConflict as exc:
        status, message = 409, _error(exc, kind="conflict")
        conflict = deck_get_owned(deck_id=deck.pk, user=request.user) if deck is not None else None
    except DeckListError as exc:
        status, message = 400, _error(exc, details=[f.message for f in exc.findings])
    except DeckRequestError as exc:
        status, message = 400, _error(exc)
    if message is None:
        assert deck is not None  # saved
        message = {"kind": "saved", "text": f"Saved version {deck.version}.", "field": ""}
    if request.headers.get("X-Builder") != "1" and status < 300:
        assert deck is not None  # saved
        return redirect("deck-edit", deck_id=deck.pk)  # an ordinary form post (no script)
    panel = _panel(request, work, deck=deck, format_slug=form["format"] or None)
    response = _panel_response(
        request, game=game, deck=deck, form=form, panel=panel, message=message, status=status, conflict=conflict
    )
    if deck is not None and status < 300:
        edit_url = reverse("deck-edit", kwargs={"deck_id": deck.pk})
        response["X-Deck-Id"] = str(deck.pk)
        response["X-Deck-Version"] = str(deck.version)
        response["X-Deck-Url"] = edit_url
        response["HX-Push-Url"] = edit_url
    return response


# ---------------------------------------------------------------- helpers
def _posted_game_and_deck(request: HttpRequest) -> tuple[Game, Deck | None]:
    """The deck being edited (its owner's only: 404 otherwise) fixes the game; a new deck names it."""
    if request.POST.get("deck"):
        deck = deck_owned_or_404(user=request.user, pk=request.POST["deck"])
        return deck.game, deck
    game = game_get(slug=request.POST.get("game", ""))
    if game is None:
        raise Http404("No such game.")
    return game, None


def _posted_form(request: HttpRequest, deck: Deck | None) -> dict[str, Any]:
    post = request.POST
    return {
        "name": post.get("name", deck.name if deck else ""),
        "description": post.get("description", deck.description if deck else ""),
        "visibility": post.get("visibility", deck.visibility if deck else DeckVisibility.PRIVATE),
        "format": post.get("format", deck.format if deck else ""),
    }


def _panel(request: HttpRequest, work: WorkingList, *, deck: Deck | None, format_slug: str | None) -> BuilderPanel:
    """The panel of the working list, for `deck` (the one worked on, or the one just saved)."""
    return builder_panel(
        user=request.user,
        game=work.game,
        format_slug=format_slug,
        entries=work.entries,
        deck=deck,
        board=work.board,
    )


def _version(request: HttpRequest) -> int | None:
    try:
        return parse_whole(request.POST.get("version", ""), field="version", minimum=0, maximum=999_999_999)
    except NotAWholeNumber:
        return None


def _error(exc: DeckRequestError, *, kind: str = "error", details: list[str] | None = None) -> dict[str, Any]:
    return {"kind": kind, "text": exc.message, "field": exc.field, "details": details or []}


def _formats(game: Game, current: str | None) -> list[FormatChoice]:
    choices = list(format_choices().get(game.slug, []))
    if current and current not in {c.slug for c in choices}:
        # A tournament format deleted since the deck was saved: kept selectable, the panel says what is wrong.
        choices.append(FormatChoice(current, current, True))
    return choices


def _deck_context(*, game: Game, deck: Deck | None, form: dict[str, Any], panel: BuilderPanel | None) -> dict[str, Any]:
    return {
        "game": game,
        "deck": deck,
        "form": form,
        "formats": _formats(game, form["format"]),
        "panel": panel,
        "panel_url": reverse("deck-builder-panel"),
        "save_url": reverse("deck-builder-save"),
        "search_url": reverse("deck-builder-search"),
    }


def _panel_response(
    request: HttpRequest,
    *,
    game: Game,
    deck: Deck | None,
    form: dict[str, Any],
    panel: BuilderPanel | None,
    message: dict[str, Any] | None = None,
    status: int = 200,
    conflict: Deck | None = None,
) -> HttpResponse:
    context = {**_deck_context(game=game, deck=deck, form=form, panel=panel), "message": message, "conflict": conflict}
    return render(request, "decks/builder/_panel.html", context, status=status)


@dataclass(frozen=True)
class ResultRow:
    card: Any  # a CardRow
    owned: int
    free: int


def _search_cards(game: Game) -> QuerySet[Card]:
    return cards_for_listing().filter(game=game).order_by("title_key", "id")


def _search_context(request: HttpRequest, *, game: Game, deck: Deck | None, params) -> dict[str, Any]:
    """The search side: the catalog's filters for `game` read from `params`, one page of compact rows."""
    browse = CatalogBrowse(game_slug=game.slug, params=params, queryset=_search_cards(game), default_sort="title")
    cards = browse.qs
    errors = list(browse.errors) if not browse.valid else []
    owned = params.get("owned", "")
    if owned:
        holder = deck_holder(deck) if deck is not None else None
        only_owned = CardFilter(data={"owned": owned}, queryset=cards, request=request, holder=holder)
        if only_owned.is_valid():
            cards = only_owned.qs
        else:
            errors += [f"Show: {m}" for m in only_owned.errors.get("owned", [])]
            cards = cards.none()
    try:
        page = min(parse_whole(params.get("page", 1), field="page", minimum=1, maximum=None), 10_000)
    except NotAWholeNumber:
        page = 1
    rows, total = card_listing_page(cards, offset=(page - 1) * RESULTS_PER_PAGE, limit=RESULTS_PER_PAGE)
    stock = builder_result_stock(user=request.user, game=game, titles=[r.title for r in rows], deck=deck)
    results = []
    for row in rows:
        s = stock.get(title_key(row.title))
        results.append(ResultRow(card=row, owned=s.owned if s else 0, free=s.free if s else 0))
    pages = max((total + RESULTS_PER_PAGE - 1) // RESULTS_PER_PAGE, 1)
    base = {k: v for k, v in params.items() if v and (k in browse.names or k in ("owned", SORT_PARAM))}
    base["game"] = game.slug
    if deck is not None:
        base["deck"] = str(deck.pk)

    def page_url(number: int) -> str:
        return f"{reverse('deck-builder-search')}?{urlencode({**base, 'page': number})}"

    return {
        "browse": browse,
        "search": {
            "results": results,
            "total": total,
            "page": page,
            "pages": pages,
            "errors": errors,
            "owned": owned,
            "query": browse.query,
            "prev_url": page_url(page - 1) if page > 1 else "",
            "next_url": page_url(page + 1) if page < pages else "",
        },
    }

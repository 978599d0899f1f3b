"""Catalog pages: home, browse a game's catalog, a card's page, its image, and the staff scan upload.

Views only read the request, call selectors (reads) and services (writes), and
render; the browse filters are the API's CardFilter (see forms.py).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.files.uploadhandler import FileUploadHandler
from django.core.files.uploadhandler import SkipFile
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import HttpResponseRedirect
from django.http import QueryDict
from django.shortcuts import redirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_GET
from django.views.decorators.http import require_POST

from cardcollections.catalog.filters import CardFilter
from cardcollections.catalog.forms import CatalogBrowse
from cardcollections.catalog.forms import ScanUploadForm
from cardcollections.catalog.labels import STANDARD_WORK_NAMES
from cardcollections.catalog.labels import effect_words
from cardcollections.catalog.labels import words
from cardcollections.catalog.panels import card_panels
from cardcollections.catalog.results_cache import kept_results
from cardcollections.catalog.results_cache import results_key
from cardcollections.catalog.selectors import card_list
from cardcollections.catalog.selectors import card_pick
from cardcollections.catalog.selectors import card_printings
from cardcollections.catalog.selectors import game_card_counts
from cardcollections.catalog.selectors import game_tag_values
from cardcollections.catalog.selectors import search_examples
from cardcollections.catalog.selectors import search_title_suggestions
from cardcollections.collection.selectors import collection_entries
from cardcollections.collection.selectors import trade_list_entries
from cardcollections.images.faces import card_face_render
from cardcollections.images.faces.chapter_and_verse import THEME_COLORS
from cardcollections.images.scans import CardImageError
from cardcollections.images.scans import card_scan_set
from cardcollections.lookups import card_or_404
from cardcollections.lookups import game_or_404
from cardcollections.models import Card
from cardcollections.models import Game
from cardsite.api.throttles import page_request_allowed
from cardsite.api.throttles import too_many_requests
from cardsite.page_writes import counted_posts
from rules.search import game_keys

CARDS_PER_PAGE = 48  # fills rows of 2, 3, 4, 6 and 8 tiles


# The card picker's narrower choices: a trade offer's own cards, or the other player's trade list.
PICK_SCOPES = ("", "mine", "trade-list")


@require_GET
def card_picker(request: HttpRequest) -> HttpResponse:
    """The card picker's choices as the player types (`?game=SLUG&q=TEXT`, `&scope=mine` or
    `&scope=trade-list&of=USERNAME`): a list of options with each card's face, for
    templates/_partials/card_picker.html. Counted by the "live" limit, as the other as-you-type requests are."""
    if not page_request_allowed(request, scope="live", reads=True):
        return too_many_requests()
    game = Game.objects.filter(slug=request.GET.get("game", "")[:100]).first()
    if game is None:
        return HttpResponse("game: no such game.", status=400)
    scope = request.GET.get("scope", "")
    if scope not in PICK_SCOPES:
        return HttpResponse(f"scope: one of {', '.join(s for s in PICK_SCOPES if s)}, or none.", status=400)
    within = None
    user = request.user
    if scope and not isinstance(user, User):
        return HttpResponse("scope: log in to pick from a collection.", status=403)
    if scope == "mine" and isinstance(user, User):
        within = Card.objects.filter(pk__in=collection_entries(owner=user, game=game).values("card_id"))
    elif scope == "trade-list":
        users = get_user_model()
        name = request.GET.get("of", "")[:150]
        other = users.objects.filter(**{users.USERNAME_FIELD: name, "is_active": True}).first()
        entries = trade_list_entries(owner=other, game=game) if other is not None else None
        within = Card.objects.filter(pk__in=entries.values("card_id")) if entries is not None else Card.objects.none()
    cards = card_pick(game=game, query=request.GET.get("q", ""), within=within)
    typed = request.GET.get("q", "").strip()
    return render(request, "_partials/card_picker_options.html", {"cards": cards, "query": typed})


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": game_card_counts()})


@require_GET
def catalog_browse(request: HttpRequest, slug: str) -> HttpResponse:
    game = game_or_404(slug)
    suggestions = {}
    if slug == "chapter-and-verse":
        suggestions["markers"] = game_tag_values(game=game, field="markers")
    elif slug == "warriors-of-the-promised-land":
        suggestions["icon_names"] = game_tag_values(game=game, field="icon_names")
    cards, params, owned = _owned_only(request, card_list(game=game))
    browse = CatalogBrowse(game_slug=slug, params=params, queryset=cards, suggestions=suggestions)
    context = {"game": game, "browse": browse, "owned": owned}

    def render_results() -> tuple[str, int]:
        page = Paginator(browse.qs, CARDS_PER_PAGE).get_page(request.GET.get("page"))
        near = []
        if browse.valid and browse.query and not owned["free"] and not page.paginator.count:
            near = search_title_suggestions(game=game, query=browse.query)  # "Did you mean"
        html = render_to_string(
            "cardcollections/catalog/_results.html", {**context, "page": page, "did_you_mean": near}, request
        )
        return html, 200 if browse.valid and not owned["errors"] else 400

    def render_browse() -> tuple[str, int]:
        html, status = kept("results", render_results)
        return render_to_string("cardcollections/catalog/_browse.html", {**context, "results": mark_safe(html)}), status

    def kept(part: str, render: Callable[[], tuple[str, int]]) -> tuple[str, int]:
        # The same for everyone asking this query string, until the catalog changes (results_cache.py).
        return kept_results(results_key(request, scope=f"{part} {CARDS_PER_PAGE}", game_slug=slug), render)

    # htmx asks for the results only; a history restore needs the whole page.
    partial = request.headers.get("HX-Request") == "true" and not request.headers.get("HX-History-Restore-Request")
    if partial:
        html, status = kept("results", render_results)
        response = HttpResponse(html, status=status)
    else:
        html, status = kept("browse", render_browse)
        # Our own templates' output, kept as it was rendered.
        response = render(
            request, "cardcollections/catalog/catalog.html", {**context, "browse_html": mark_safe(html)}, status=status
        )
    patch_vary_headers(response, ["HX-Request"])
    return response


def _owned_only(request: HttpRequest, cards: QuerySet[Card]) -> tuple[QuerySet[Card], QueryDict, dict]:
    """The catalog's "All cards / Only cards I own (free copies)" toggle: CardFilter's `owned`.

    For a signed-in user `owned` is applied here (the browse form knows the
    game's filters only) and taken out of what the browse form reads; for
    anyone else it stays in, and the page says it was ignored.
    """
    value = request.GET.get("owned", "")
    # `free`: the results are only the player's free copies (signed in and asked), as the page says.
    available = request.user.is_authenticated
    state = {"value": value, "errors": [], "available": available, "free": available and value == "free"}
    if not request.user.is_authenticated or "owned" not in request.GET:
        return cards, request.GET, state
    params = request.GET.copy()
    del params["owned"]
    if not value:  # "All cards"
        return cards, params, state
    owned = CardFilter(data={"owned": value}, queryset=cards, request=request)
    if not owned.is_valid():
        state["errors"] = [f"Show: {message}" for message in owned.errors.get("owned", [])]
        return cards.none(), params, state
    return owned.qs, params, state


@require_GET
def card_detail(request: HttpRequest, pk: int) -> HttpResponse:
    card = card_or_404(pk)
    form = ScanUploadForm() if request.user.is_staff else None
    context = {**_card_context(card, form), "panels": card_panels(card=card, user=request.user)}
    return render(request, "cardcollections/catalog/card.html", context)


@require_GET
def card_image(request: HttpRequest, pk: int) -> HttpResponse:
    """302 to the card's thumbnail, scan, or rendered face (drawn on the first request)."""
    card = card_or_404(pk)
    url = card.thumbnail.url if card.thumbnail else card.scan.url if card.scan else ""
    if not url:
        url = card_face_render(card=card).face.url
    response = HttpResponseRedirect(url)
    # The target changes when a scan is uploaded or the face is redrawn; the
    # files themselves are content-named, so only this hop is kept short.
    patch_cache_control(response, public=True, max_age=60)
    return response


@csrf_exempt
@require_POST
@counted_posts
def card_scan_upload(request: HttpRequest, pk: int) -> HttpResponse:
    """Staff upload a scan. The permission is checked, and the size limit set, before the body is read."""
    if not request.user.is_staff:
        raise PermissionDenied("Only staff can upload card scans.")
    limit = _ScanSizeLimit(settings.CARD_SCAN_MAX_BYTES)
    # Must be set before anything reads request.POST/FILES; that is why this
    # view is csrf_exempt and _card_scan_upload checks the token after it.
    request.upload_handlers.insert(0, limit)
    return _card_scan_upload(request, pk, limit)


@csrf_protect
def _card_scan_upload(request: HttpRequest, pk: int, limit: _ScanSizeLimit) -> HttpResponse:
    card = card_or_404(pk)
    form = ScanUploadForm(request.POST, request.FILES)
    if limit.exceeded:
        form.add_error("scan", f"the file is larger than {settings.CARD_SCAN_MAX_BYTES // (1024 * 1024)} MB")
    elif form.is_valid():
        try:
            card_scan_set(card=card, upload=form.cleaned_data["scan"])
        except CardImageError as exc:
            form.add_error("scan", str(exc))
        else:
            messages.success(request, "The scan was saved.")
            return redirect("card-detail", pk=card.pk)
    return render(request, "cardcollections/catalog/card.html", _card_context(card, form), status=400)


class _ScanSizeLimit(FileUploadHandler):
    """Stops reading an uploaded file past the limit, so a huge body is neither kept in memory nor on disk."""

    def __init__(self, max_bytes: int):
        super().__init__()
        self.max_bytes = max_bytes
        self.exceeded = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if start + len(raw_data) > self.max_bytes:
            self.exceeded = True
            raise SkipFile  # the parser drops this file and reads past the rest of it
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler builds the file


def _card_context(card: Card, form: ScanUploadForm | None) -> dict:
    themes = [
        {"name": theme, "label": theme.capitalize(), "count": count, "color": THEME_COLORS[theme]}
        for theme, count in card.icons.items()
        if count
    ]
    return {
        "card": card,
        "game": card.game,
        "printings": card_printings(card=card),
        "themes": themes,
        "effects": [effect_words(e) for e in card.effects or []],
        "standard_work": STANDARD_WORK_NAMES.get(card.standard_work, words(card.standard_work)),
        "type_label": words(card.type),
        "power_label": words(card.power),
        "armory_label": words(card.armory),
        "upload_form": form,
    }


@require_GET
def search_help(request: HttpRequest) -> HttpResponse:
    """The search language: the syntax, then every key of each game with its example (linked to run it)."""
    games = []
    for game in Game.objects.order_by("name"):
        examples = search_examples(game=game)  # each one this game's cards answer, where one does
        keys = [
            (name, key, ", ".join(sorted(set(key.choices.values()))) if name != "is" else "", *examples[name])
            for name, key in game_keys(game.slug).items()
        ]
        games.append({"game": game, "keys": keys})
    return render(request, "cardcollections/catalog/search_help.html", {"games": games})

"""Deck pages: my decks, public decks, a deck with its grouped list and charts, versions, compare,
import, export, print, clone and delete.

Every read goes through deck_get_readable (404 for someone else's private deck),
every write through deck_get_owned (404 for anyone but the owner).
"""

import json
import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.http import require_http_methods
from django.views.decorators.http import require_POST

from cardcollections.catalog.panels import CardPanel
from cardcollections.catalog.selectors import card_get
from cardcollections.catalog.selectors import game_get
from cardcollections.models import Card
from cardsite.api.work import client_address
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import counted_posts
from cardsite.page_writes import live_posts
from cardsite.page_writes import signed_in_post
from decks.comments.views import comments_for_page
from decks.exceptions import DeckRequestError
from decks.follows.selectors import is_following
from decks.formats.notices import deck_notice_dismiss as notice_dismiss
from decks.likes.selectors import deck_liked_by
from decks.likes.services import deck_view_record
from decks.lists.forms import DeckImportForm
from decks.lists.lookups import deck_owned_or_404
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import PUBLIC_SORTS
from decks.lists.selectors import deck_cloned_from_shown
from decks.lists.selectors import deck_document
from decks.lists.selectors import deck_export_text
from decks.lists.selectors import deck_file_name
from decks.lists.selectors import deck_formats_of
from decks.lists.selectors import deck_list_owned
from decks.lists.selectors import deck_list_public
from decks.lists.selectors import deck_list_public_playing
from decks.lists.selectors import deck_notices_open
from decks.lists.selectors import deck_version_get
from decks.lists.selectors import decks_compare
from decks.lists.selectors import decks_export_zip
from decks.lists.selectors import with_format_names
from decks.lists.services import MAX_DESCRIPTION
from decks.lists.services import MAX_VERSIONS
from decks.lists.services import DeckListError
from decks.lists.services import deck_clone
from decks.lists.services import deck_create
from decks.lists.services import deck_delete
from decks.lists.sheets import DecklistSheet
from decks.lists.sheets import deck_sheet
from decks.lists.stats import deck_history
from decks.lists.stats import deck_lines
from decks.lists.stats import deck_stats
from decks.lists.stats import side_by_side
from decks.lists.writeups import writeup_render
from decks.lists.writeups import writeup_render_kept
from decks.models import Deck
from decks.organise.selectors import deck_tags
from decks.organise.selectors import folders_of
from decks.organise.selectors import tags_of
from decks.organise.services import MAX_TAG
from decks.stock.selectors import BUILD_FILTERS
from decks.stock.selectors import Buildable
from decks.stock.selectors import deck_buildable
from decks.stock.selectors import decks_buildable
from decks.stock.selectors import decks_filter_buildable
from rules.games import GAMES
from rules.games import GAMES_BY_SLUG
from rules.numbers import parse_whole

DECKS_PER_PAGE = 50
PUBLIC_PER_PAGE = 30
UUID_IN_TEXT = re.compile(r"[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}", re.IGNORECASE)
# The public page's sort control (decks.lists.selectors.PUBLIC_SORTS).
SORT_LABELS = [
    ("updated", "Recently updated"),
    ("newest", "Newest"),
    ("views", "Most viewed"),
    ("likes", "Most liked"),
    ("name", "Name (A to Z)"),
]
# "My decks" sorts the same way, by a shorter choice (views and likes are for browsing others' decks).
MY_SORT_LABELS = [(key, label) for key, label in SORT_LABELS if key in ("updated", "newest", "name")]
# Lean list rows: the lists and validation results are not shown on the index pages.
LIST_DEFERRED = ("cards", "validation", "description")


def _game_filter(request: HttpRequest) -> str | None:
    game = request.GET.get("game")
    return game if game in GAMES_BY_SLUG else None


# ---------------------------------------------------------------- lists
def _tag_filter(request: HttpRequest) -> str:
    tag = " ".join(request.GET.get("tag", "").split()).lower()
    return tag if len(tag) <= MAX_TAG else ""


@login_required
@require_GET
def deck_list(request: SignedInHttpRequest) -> HttpResponse:
    """My decks, narrowed by game, folder (with its subfolders), tag and format; archived ones on request."""
    game = _game_filter(request)
    folders = folders_of(owner=request.user)
    folder = next((f for f in folders if str(f.pk) == request.GET.get("folder")), None)
    tags = tags_of(owner=request.user)
    tag = _tag_filter(request)
    formats_used = deck_formats_of(owner=request.user)
    format_slug = request.GET.get("format") if request.GET.get("format") in formats_used else None
    archived = request.GET.get("archived") == "on"
    sort = request.GET.get("sort", "updated")
    sort = sort if sort in dict(MY_SORT_LABELS) else "updated"
    decks = deck_list_owned(
        owner=request.user, game=game, folder=folder, tag=tag, format_slug=format_slug, archived=archived, sort=sort
    ).defer(*LIST_DEFERRED)
    page = Paginator(decks, DECKS_PER_PAGE).get_page(request.GET.get("page"))
    notices = list(deck_notices_open(owner=request.user)[:50])
    return render(
        request,
        "decks/lists/list.html",
        {
            "page": page,
            "decks": with_format_names(page.object_list),
            "games": GAMES,
            "game": game,
            "notices": notices,
            "folders": folders,
            "folder": folder,
            "tags": tags,
            "tag": tag,
            "formats_used": formats_used,
            "format_slug": format_slug,
            "archived": archived,
            "sort": sort,
            "sorts": MY_SORT_LABELS,
            "filtered": bool(game or folder or tag or format_slug or archived),
        },
    )


def _card_filter(request: HttpRequest) -> Card | None:
    """`?card=<id>`: only the public decks playing that card's title; an unreadable or unknown id is ignored."""
    try:
        pk = parse_whole(request.GET.get("card", ""), field="card", minimum=1, maximum=2**31 - 1)
    except ValueError:
        return None
    return card_get(pk=pk)


def card_usage_panel(*, card: Card, user: Any) -> CardPanel:
    """The card page's "in public decks" section (registered in DecksConfig.ready: the catalog knows no decks)."""
    count = deck_list_public_playing(card=card).count()
    return CardPanel("decks/lists/_card_usage.html", {"card": card, "count": count})


@require_GET
def deck_public(request: HttpRequest) -> HttpResponse:
    game = _game_filter(request)
    tag = _tag_filter(request)
    card = _card_filter(request)
    sort = request.GET.get("sort", "updated")
    sort = sort if sort in PUBLIC_SORTS else "updated"
    player = request.GET.get("player", "").strip()[:150]  # one player's public decks (a follow's notification)
    if card is None:
        decks = deck_list_public(game=game, tag=tag, sort=sort, player=player)
    else:
        decks = deck_list_public_playing(card=card, game=game, tag=tag, sort=sort, player=player)
    # "Decks I can build" (signed in): the share of each list the reader's free copies fill, and its filter.
    build = request.GET.get("build") if request.user.is_authenticated else None
    shares: dict[Any, Buildable] = {}
    if build in BUILD_FILTERS:
        decks, shares = decks_filter_buildable(user=request.user, decks=decks, at_least=BUILD_FILTERS[build])
    else:
        build = None
    page = Paginator(decks.defer(*LIST_DEFERRED), PUBLIC_PER_PAGE).get_page(request.GET.get("page"))
    rows = with_format_names(page.object_list)
    if request.user.is_authenticated and not shares:
        shares = decks_buildable(user=request.user, decks=Deck.objects.filter(pk__in=[d.pk for d in rows]))
    for d in rows:
        d.buildable = shares.get(d.pk)
    return render(
        request,
        "decks/lists/public.html",
        {
            "page": page,
            "decks": rows,
            "games": GAMES,
            "game": game,
            "tag": tag,
            "build": build,
            "card": card,
            "player": player,
            "sort": sort,
            "sorts": SORT_LABELS,
        },
    )


@signed_in_post
def deck_notice_dismiss(request: SignedInHttpRequest, notice_id: int) -> HttpResponse:
    notice = deck_notices_open(owner=request.user).filter(pk=notice_id).first()
    if notice is None:
        raise Http404("No such notice.")
    notice_dismiss(notice=notice, user=request.user)
    if request.headers.get("HX-Request"):
        return HttpResponse("")
    messages.success(request, "Notice dismissed.")
    return redirect("deck-list")


# ---------------------------------------------------------------- one deck
@require_GET
def deck_detail(request: HttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    # The page links "copied from" by deck.cloned_from_id: never to an unlisted deck the reader may not be shown.
    deck.cloned_from_id = deck_cloned_from_shown(deck=deck, user=request.user)
    stats = deck_stats(deck=deck)
    is_owner = request.user.is_authenticated and deck.owner_id == request.user.pk
    # The address the rate limits count (behind a proxy, the visitor its header names, not the proxy).
    deck_view_record(deck=deck, viewer=request.user, address=client_address(request))
    validation = deck.validation or {}
    tags = deck_tags(deck=deck)
    organise = (
        {"folders": folders_of(owner=request.user), "tags": ", ".join(tags)}
        if is_owner and request.user.is_authenticated  # (is_owner is signed in: the check narrows the type)
        else {}
    )
    return render(
        request,
        "decks/lists/detail.html",
        {
            "deck": deck,
            "stats": stats,
            "charts": [{"chart": c, "svg": c.svg()} for c in stats.charts],
            "is_owner": is_owner,
            "game_name": GAMES_BY_SLUG[deck.game.slug].name,
            "format_name": with_format_names([deck])[0].format_name,
            "errors": validation.get("errors", []),
            "warnings": validation.get("warnings", []),
            "writeup": writeup_render_kept(deck.description, game_slug=deck.game.slug),
            "tags": tags,
            "organise": organise,
            "buildable": deck_buildable(deck=deck, user=request.user),
            "comments": comments_for_page(deck=deck, user=request.user, page=request.GET.get("comments")),
            "following": (
                is_following(follower=request.user, followed_id=deck.owner_id)
                if request.user.is_authenticated and not is_owner
                else None
            ),
            "liked": not is_owner and deck_liked_by(deck=deck, user=request.user),  # no one likes their own
        },
    )


@require_POST
@live_posts
def writeup_preview(request: HttpRequest) -> HttpResponse:
    """The builder's live preview of a description (htmx): the rendered write-up and its unknown card titles."""
    game = request.POST.get("game", "")
    text = request.POST.get("description", "")
    if game not in GAMES_BY_SLUG or len(text) > MAX_DESCRIPTION:
        return HttpResponse("Nothing to preview.", status=400)
    return render(
        request, "decks/lists/_writeup.html", {"writeup": writeup_render(text, game_slug=game), "show_unknown": True}
    )


def _version_number(raw: str | None) -> int:
    # NotAWholeNumber is a ValueError: the callers' "no such version".
    return parse_whole(raw, field="version", minimum=0, maximum=999_999_999)


@require_GET
def deck_versions(request: HttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    context: dict[str, Any] = {
        "deck": deck,
        "history": deck_history(deck=deck),
        "problem": None,
        "max_versions": MAX_VERSIONS,
    }
    status = 200
    params = request.GET
    try:
        if "v" in params:
            version = deck_version_get(deck=deck, number=_version_number(params.get("v")))
            if version is None:
                context["problem"], status = f"This deck has no version {params.get('v')}.", 404
            else:
                context["shown"] = version
                context["shown_lines"] = deck_lines(
                    game_id=deck.game_id, game_slug=deck.game.slug, entries=version.cards
                )
        if "from" in params or "to" in params:
            before = deck_version_get(deck=deck, number=_version_number(params.get("from")))
            after = deck_version_get(deck=deck, number=_version_number(params.get("to")))
            if before is None or after is None:
                context["problem"], status = "This deck has no such version.", 404
            else:
                context["diff"] = {
                    "before": before,
                    "after": after,
                    "changes": decks_compare(before=before, after=after),
                }
    except ValueError:
        context["problem"], status = "A version is a whole number, like ?v=2 or ?from=1&to=3.", 400
    return render(request, "decks/lists/versions.html", context, status=status)


@require_GET
def deck_compare(request: HttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    raw = (request.GET.get("with") or "").strip()
    context: dict[str, Any] = {"deck": deck, "with": raw, "other": None, "rows": [], "problem": None}
    if not raw:
        return render(request, "decks/lists/compare.html", context)
    found = UUID_IN_TEXT.search(raw)
    if found is None:
        context["problem"] = "Give the other deck's link or id (…/decks/<id>/)."
        return render(request, "decks/lists/compare.html", context, status=400)
    other = deck_readable_or_404(user=request.user, pk=found.group(0))
    rows = side_by_side(left=deck.cards, right=other.cards)
    context.update(
        other=other,
        rows=rows,
        changed=sum(1 for r in rows if r.delta),
    )
    return render(request, "decks/lists/compare.html", context)


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def deck_import(request: SignedInHttpRequest) -> HttpResponse:
    if request.method == "GET":
        form = DeckImportForm(initial={"game": request.GET.get("game", "")})
        return render(request, "decks/lists/import.html", {"form": form, "findings": []})
    form = DeckImportForm(request.POST, request.FILES)
    findings: list[Any] = []
    if form.is_valid():
        data = form.cleaned_data
        game = game_get(slug=data["game"])
        if game is None:
            form.add_error("game", "Unknown game.")
        else:
            try:
                deck = deck_create(
                    owner=request.user,
                    game=game,
                    name=data["deck_name"],
                    format_slug=data["format_slug"],
                    visibility=data["visibility"],
                    decklist=data["text"],
                    cards=data["cards"],
                    considering=data["considering"],
                    description=data["description"],
                )
            except DeckListError as exc:
                findings = list(exc.findings)
            except DeckRequestError as exc:
                field = {"cards": data["source"], "decklist": data["source"]}.get(exc.field, exc.field)
                form.add_error(field if field in form.fields else None, exc.message)
            else:
                messages.success(request, f"Imported {deck.name}: {deck.card_count} cards.")
                return redirect("deck-detail", deck_id=deck.pk)
    return render(request, "decks/lists/import.html", {"form": form, "findings": findings}, status=400)


@require_GET
def deck_export(request: HttpRequest, deck_id: Any, fmt: str) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    if fmt == "txt":
        response = HttpResponse(deck_export_text(deck), content_type="text/plain; charset=utf-8")
    elif fmt == "json":
        response = HttpResponse(
            json.dumps(deck_document(deck), ensure_ascii=False, indent=2) + "\n",
            content_type="application/json; charset=utf-8",
        )
    else:
        raise Http404("Export as .txt or .json.")
    response["Content-Disposition"] = f'attachment; filename="{deck_file_name(deck, fmt)}"'
    return response


@login_required
@require_GET
def deck_export_all(request: SignedInHttpRequest) -> HttpResponse:
    """All my decks at once: a zip of text lists, in folders as on my decks page."""
    response = HttpResponse(decks_export_zip(owner=request.user), content_type="application/zip")
    response["Content-Disposition"] = 'attachment; filename="my-decks.zip"'
    return response


def print_sheets_page(request: HttpRequest, *, sheets: list[DecklistSheet], title: str, back_url: str) -> HttpResponse:
    """The printable decklists page: these sheets, under this title, with a link back."""
    return render(request, "decks/lists/print_sheets.html", {"sheets": sheets, "title": title, "back_url": back_url})


@require_GET
def deck_print(request: HttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    return print_sheets_page(
        request,
        sheets=[deck_sheet(deck=deck)],
        title=f"Decklist: {deck.name}",
        back_url=reverse("deck-detail", kwargs={"deck_id": deck.pk}),
    )


# A copy is a new deck and its first version: counted by the page write limit, as the API's clone is.
@signed_in_post
def deck_clone_view(request: SignedInHttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_readable_or_404(user=request.user, pk=deck_id)
    try:
        copy = deck_clone(deck=deck, owner=request.user)
    except DeckRequestError as exc:
        messages.error(request, f"Could not copy the deck: {exc.message}")
        return redirect("deck-detail", deck_id=deck.pk)
    messages.success(request, f"Copied {deck.name} to your decks as {copy.name}.")
    return redirect("deck-detail", deck_id=copy.pk)


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def deck_delete_view(request: HttpRequest, deck_id: Any) -> HttpResponse:
    deck = deck_owned_or_404(user=request.user, pk=deck_id)
    if request.method == "POST":
        if request.POST.get("confirm") == "yes":
            name = deck.name
            deck_delete(deck=deck)
            messages.success(request, f"Deleted {name}.")
            return redirect("deck-list")
        return render(
            request,
            "decks/lists/confirm_delete.html",
            {"deck": deck, "problem": "Tick the box to confirm."},
            status=400,
        )
    return render(request, "decks/lists/confirm_delete.html", {"deck": deck, "problem": None})

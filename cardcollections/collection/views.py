"""Collection pages: sign-up, my collection by game (catalog grid with plus/minus), set completion,
import with a progress bar, export, a card's history, wishlist, sharing and API tokens.

Views read the request, call selectors and services, and render; nothing here writes by itself.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import F
from django.db.models import Q
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET
from django.views.decorators.http import require_http_methods
from django.views.decorators.http import require_POST

from cardcollections.blocks.selectors import player_blocks_made
from cardcollections.blocks.services import MAX_BLOCKS
from cardcollections.blocks.services import BlockError
from cardcollections.blocks.services import player_block
from cardcollections.blocks.services import player_unblock
from cardcollections.catalog.forms import CatalogBrowse
from cardcollections.catalog.models import Card
from cardcollections.catalog.panels import CardPanel
from cardcollections.catalog.selectors import card_get
from cardcollections.catalog.selectors import card_list
from cardcollections.catalog.selectors import printings_by_title_key
from cardcollections.collection.forms import CollectionImportForm
from cardcollections.collection.forms import EmailForm
from cardcollections.collection.forms import SignupForm
from cardcollections.collection.forms import VisibilityForm
from cardcollections.collection.forms import WishlistForm
from cardcollections.collection.forms import WishlistRemoveForm
from cardcollections.collection.selectors import card_wishes
from cardcollections.collection.selectors import collection_entries
from cardcollections.collection.selectors import collection_file
from cardcollections.collection.selectors import collection_owner_by_token
from cardcollections.collection.selectors import collection_owner_visible
from cardcollections.collection.selectors import import_job_for
from cardcollections.collection.selectors import ledger_entries
from cardcollections.collection.selectors import owned_by_card
from cardcollections.collection.selectors import set_totals
from cardcollections.collection.selectors import wishlist_counts
from cardcollections.collection.selectors import wishlist_entries
from cardcollections.collection.services import CollectionError
from cardcollections.collection.services import account_email_set
from cardcollections.collection.services import collection_change
from cardcollections.collection.services import collection_in_matches_set
from cardcollections.collection.services import collection_settings_get_or_create
from cardcollections.collection.services import collection_share_link_rotate
from cardcollections.collection.services import collection_visibility_set
from cardcollections.collection.services import trade_list_change
from cardcollections.collection.services import wishlist_remove
from cardcollections.collection.services import wishlist_set
from cardcollections.imports.parsing import CSV_COLUMNS
from cardcollections.imports.services import import_job_create
from cardcollections.imports.tasks import collection_import_start
from cardcollections.lookups import card_or_404
from cardcollections.lookups import game_or_404
from cardcollections.models import CollectionEntry
from cardcollections.models import Game
from cardcollections.models import ImportJob
from cardcollections.notifications.selectors import notification_email_on
from cardcollections.notifications.services import notification_email_set
from cardcollections.reservations.selectors import reservations_by_holder
from cardcollections.reservations.selectors import stock_by_title
from cardcollections.tokens.selectors import api_token_for
from cardcollections.tokens.selectors import api_token_policy
from cardcollections.tokens.selectors import api_tokens_live
from cardcollections.tokens.selectors import token_id
from cardcollections.tokens.services import TokenLimitReached
from cardcollections.tokens.services import api_token_create
from cardcollections.tokens.services import api_token_revoke
from cardcollections.tokens.services import api_tokens_revoke_all
from cardsite.api.errors import found_or_404
from cardsite.api.throttles import page_request_allowed
from cardsite.api.work import OverBudget
from cardsite.api.work import over_budget
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import counted_posts
from cardsite.page_writes import next_path
from cardsite.page_writes import page_refusal
from cardsite.page_writes import signed_in_post
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_whole
from rules.text import title_key

CARDS_PER_PAGE = 48


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account (SignupForm: Django's, with look-alike names refused) and sign straight in.

    Sign-ups are rate limited per address (cardsite.api.throttles), as the API's writes are.
    """
    if request.user.is_authenticated:
        return redirect("collection-home")
    if request.method == "POST" and not page_request_allowed(request, scope="signup"):
        return render(request, "registration/signup_limited.html", status=429)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.get_username()}! Your collection is private until you share it.")
        return redirect("collection-home")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


@login_required
@require_GET
def collection_home(request: SignedInHttpRequest) -> HttpResponse:
    games = []
    wishes = wishlist_counts(owner=request.user)
    for game in Game.objects.order_by("position"):
        totals = set_totals(owner=request.user, game=game)
        games.append(
            {
                "game": game,
                "owned": sum(t.owned for t in totals),
                "total": sum(t.total for t in totals),
                "copies": sum(t.copies for t in totals),
                "wishes": wishes.get(game.pk, 0),
            }
        )
    return render(request, "cardcollections/collection/home.html", {"games": games})


def _title_stock(owner, game: Game, cards) -> dict[str, dict]:
    """{title key: owned, in built decks, free (and short)} for the titles of `cards` that built decks reserve.

    Reservations count by title over every printing, so each printing's tile shows its title's numbers.
    """
    keys = {c.title_key for c in cards}
    stock = stock_by_title(owner=owner, game=game, title_keys=keys) if keys else {}
    return {
        key: {"owned": s.owned, "reserved": s.reserved, "free": s.free, "short": max(s.reserved - s.owned, 0)}
        for key, s in stock.items()
        if s.reserved
    }


def _browse_context(request: HttpRequest, game: Game, owner, *, owned_only: bool, with_stock: bool = False) -> dict:
    queryset = card_list(game=game)
    if owned_only:
        queryset = queryset.filter(collection_entries__owner=owner, collection_entries__quantity__gt=0).distinct()
    browse = CatalogBrowse(game_slug=game.slug, params=request.GET, queryset=queryset)
    page = Paginator(browse.qs, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    owned = owned_by_card(owner=owner, card_ids=[c.pk for c in page.object_list])
    # Only the owner sees what their built decks hold (deck names can be private).
    stock = _title_stock(owner, game, page.object_list) if with_stock else {}
    tiles = [
        {"card": c, **owned.get(c.pk, {"quantity": 0, "for_trade": 0}), "stock": stock.get(c.title_key)}
        for c in page.object_list
    ]
    return {"game": game, "browse": browse, "page": page, "tiles": tiles, "owned_only": owned_only}


def _partial_request(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true" and not request.headers.get("HX-History-Restore-Request")


def _reserved_with_cards(owner: Any, game: Game) -> list[dict[str, Any]]:
    """The built decks' reservations, each title with a printing for its hover preview (one query for all)."""
    holders = reservations_by_holder(owner=owner, game=game)
    cards = printings_by_title_key(game=game, title_keys={title_key(t) for h in holders for t, _ in h.titles})
    return [
        {
            "label": h.label,
            "url": h.url,
            "copies": h.copies,
            "titles": [(t, n, cards.get(title_key(t))) for t, n in h.titles],
        }
        for h in holders
    ]


@login_required
@require_GET
def collection_browse(request: SignedInHttpRequest, slug: str) -> HttpResponse:
    """My collection of one game: the catalog's grid, filters and search, with my counts and plus/minus."""
    game = game_or_404(slug)
    owned_only = request.GET.get("owned") == "1"
    context = _browse_context(request, game, request.user, owned_only=owned_only, with_stock=True)
    context.update(totals=set_totals(owner=request.user, game=game), editable=True, owner=request.user)
    partial = _partial_request(request)
    if not partial:
        context["reserved_by"] = _reserved_with_cards(request.user, game)
    template = "cardcollections/collection/_grid.html" if partial else "cardcollections/collection/browse.html"
    response = render(request, template, context, status=200 if context["browse"].valid else 400)
    patch_vary_headers(response, ["HX-Request"])
    return response


@login_required
@require_POST
@counted_posts
def collection_adjust(request: SignedInHttpRequest, slug: str, pk: int) -> HttpResponse:
    """A plus or minus button: change the count and answer with the card's tile (htmx swaps it in place)."""
    game = game_or_404(slug)
    card = card_get(pk=pk)
    if card is None or card.game_id != game.pk:
        raise Http404("No such card.")
    try:
        delta = parse_whole(request.POST.get("delta", ""), field="delta", minimum=-1, maximum=1)
    except NotAWholeNumber:
        delta = 0
    error = ""
    if delta not in (-1, 1):
        error = "A button adds or takes away one copy."
    else:
        try:
            if request.POST.get("target") == "trade":
                # Plus offers a copy not yet offered; minus takes back an offered one.
                rows = Q(for_trade__lt=F("quantity")) if delta > 0 else Q(for_trade__gt=0)
                condition = _pick_condition(request.user, card, rows)
                trade_list_change(owner=request.user, card=card, condition=condition, delta=delta)
            else:
                condition = "" if delta > 0 else _pick_condition(request.user, card, Q(quantity__gt=0))
                collection_change(owner=request.user, card=card, condition=condition, delta=delta)
        except CollectionError as exc:
            error = str(exc)
    if request.headers.get("HX-Request") != "true":
        if error:
            messages.error(request, error)
        return redirect(next_path(request, reverse("collection-browse", args=[slug])))
    owned = owned_by_card(owner=request.user, card_ids=[card.pk]).get(card.pk, {"quantity": 0, "for_trade": 0})
    tile = {"card": card, **owned, "stock": _title_stock(request.user, game, [card]).get(card.title_key)}
    html = render_to_string(
        "cardcollections/collection/_tile.html",
        {"tile": tile, "game": game, "editable": True, "error": error},
        request,
    )
    if not error and request.POST.get("target") != "trade":
        # The page's set totals change with the copies owned: swapped in beside the tile (htmx out of band).
        totals = set_totals(owner=request.user, game=game)
        html += render_to_string("cardcollections/collection/_totals.html", {"totals": totals, "oob": True}, request)
    return HttpResponse(html)


def _pick_condition(owner, card, rows: Q) -> str:
    """The row a button changes: the unstated condition if it qualifies, else the fullest row that does."""
    conditions = list(
        CollectionEntry.objects.filter(rows, owner=owner, card=card)
        .order_by("-quantity")
        .values_list("condition", flat=True)
    )
    # No row qualifies: the unstated row, whose service call then says why not.
    return "" if "" in conditions or not conditions else conditions[0]


@login_required
@require_GET
def collection_sets(request: SignedInHttpRequest, slug: str) -> HttpResponse:
    game = game_or_404(slug)
    totals = set_totals(owner=request.user, game=game, with_missing=True)
    return render(request, "cardcollections/collection/sets.html", {"game": game, "totals": totals})


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def collection_import(request: SignedInHttpRequest, slug: str) -> HttpResponse:
    game = game_or_404(slug)
    form = CollectionImportForm(request.POST or None, request.FILES or None)
    busy: OverBudget | None = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        options = {"text": data["text"], "fmt": data["format"], "mode": data["mode"]}
        try:
            with transaction.atomic():
                job = import_job_create(owner=request.user, game=game, confirm_empty=data["confirm_empty"], **options)
        except CollectionError as exc:
            form.add_error(None, str(exc))
        except OverBudget as exc:
            form.add_error(None, exc.message)
            busy = exc
        else:
            collection_import_start(job)
            return redirect("collection-import-job", pk=job.pk)
    context = {"game": game, "form": form, "columns": ",".join(CSV_COLUMNS)}
    response = render(request, "cardcollections/collection/import.html", context, status=400 if form.errors else 200)
    return over_budget(response, busy) if busy else response


@login_required
@require_GET
def collection_import_job(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    """The job's page; htmx polls its status part while it runs."""
    job = found_or_404(import_job_for(owner=request.user, pk=pk), "No such import.")
    partial = request.headers.get("HX-Request") == "true"
    template = (
        "cardcollections/collection/_job_status.html" if partial else "cardcollections/collection/import_job.html"
    )
    return render(request, template, {"job": job, "game": job.game, "running": job.status in ("queued", "running")})


@login_required
@require_GET
def collection_export(request: SignedInHttpRequest, slug: str) -> HttpResponse:
    game = game_or_404(slug)
    decklist = request.GET.get("format") == ImportJob.Format.DECKLIST
    export = collection_file(owner=request.user, game=game, decklist=decklist)
    response = HttpResponse(export.body, content_type=f"{export.content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


@login_required
@require_GET
def card_history(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    """Every change to my copies of one card: who, when, why, and the count after."""
    card = card_or_404(pk)
    entries = ledger_entries(owner=request.user, card=card)[:500]
    rows = CollectionEntry.objects.filter(owner=request.user, card=card, quantity__gt=0).order_by("condition")
    return render(request, "cardcollections/collection/history.html", {"card": card, "entries": entries, "rows": rows})


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def wishlist(request: SignedInHttpRequest, slug: str) -> HttpResponse:
    game = game_or_404(slug)
    form = WishlistForm(request.POST or None)
    status = 200
    if request.method == "POST" and "remove" in request.POST:
        form = WishlistForm()
        remove = WishlistRemoveForm(request.POST)
        if remove.is_valid():
            entry = wishlist_entries(owner=request.user).filter(pk=remove.cleaned_data["remove"]).first()
            wishlist_remove(entry=found_or_404(entry, "No such wish."))
            return redirect("collection-wishlist", slug=slug)
        for message in remove.errors["remove"]:
            # An ErrorList gives its messages as text; the stubs type its items as they are stored.
            messages.error(request, message)  # type: ignore[arg-type]
        status = 400
    elif request.method == "POST" and form.is_valid():
        try:
            wishlist_set(
                owner=request.user, game=game, title=form.cleaned_data["title"], wanted=form.cleaned_data["wanted"]
            )
        except CollectionError as exc:
            form.add_error("title", str(exc))
        else:
            messages.success(request, "Added to your wishlist.")
            return redirect("collection-wishlist", slug=slug)
    context = {
        "game": game,
        "form": form,
        "entries": wishlist_entries(owner=request.user, game=game),
        "trade_list": collection_entries(owner=request.user, game=game).filter(for_trade__gt=0),
    }
    return render(request, "cardcollections/collection/wishlist.html", context, status=400 if form.errors else status)


@signed_in_post
def card_wish(request: SignedInHttpRequest, slug: str, pk: int) -> HttpResponse:
    """The card page's "Add to wishlist": want `wanted` copies (1 unless it says) of any printing of the card's
    title, or of this printing only (`printing=this`); 0 takes that wish off. Back to the card page, or `next`."""
    game = game_or_404(slug)
    card = card_get(pk=pk)
    if card is None or card.game_id != game.pk:
        raise Http404("No such card.")
    back = next_path(request, reverse("card-detail", args=[card.pk]) + "#card-wishlist")
    this_printing = request.POST.get("printing") == "this"
    which = f"this printing, {card.card_set.code} {card.number}" if this_printing else "any printing"
    try:
        wanted = parse_whole(request.POST.get("wanted") or "1", field="Copies wanted", minimum=0, maximum=999)
        if this_printing:
            wishlist_set(owner=request.user, wanted=wanted, card=card)
        else:
            wishlist_set(owner=request.user, wanted=wanted, game=game, title=card.title)
    except NotAWholeNumber as exc:
        messages.error(request, exc.message)
    except CollectionError as exc:
        messages.error(request, str(exc))
    else:
        if wanted:
            messages.success(
                request, f"On your wishlist: {wanted} cop{'y' if wanted == 1 else 'ies'} of {card.title} ({which})."
            )
        else:
            messages.success(request, f"{card.title} ({which}) is off your wishlist.")
    return redirect(back)


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def collection_settings(request: SignedInHttpRequest) -> HttpResponse:
    """Who may see my collection, its share link, and my API tokens (made, listed, revoked)."""
    row = collection_settings_get_or_create(owner=request.user)
    form = VisibilityForm(request.POST or None, initial={"visibility": row.visibility})
    email_form: EmailForm | None = None
    new_token = None
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "rotate-link":
            collection_share_link_rotate(owner=request.user)
            messages.success(request, "A new share link was made; the old one no longer works.")
            return redirect("collection-settings")
        if action == "token-create":
            try:
                new_token = api_token_create(user=request.user)
            except TokenLimitReached as exc:
                page_refusal(request, exc)
                return redirect("collection-settings")
            # No redirect: the key is shown in this answer only, never stored where a later page could show it.
            form = VisibilityForm(initial={"visibility": row.visibility})
        elif action == "token-revoke":
            token = api_token_for(user=request.user, token_id=request.POST.get("token", ""))
            api_token_revoke(token=found_or_404(token, "No such token."))
            messages.success(request, "The token was revoked: it no longer works.")
            return redirect("collection-settings")
        elif action == "email":
            email_form = EmailForm(request.POST, user=request.user)
            # The password it checks is counted per account, as a password change's is (cardsite.accounts).
            if not page_request_allowed(request, scope="password_check"):
                return render(request, "registration/password_check_limited.html", status=429)
            if email_form.is_valid():
                account_email_set(user=request.user, email=email_form.cleaned_data["email"])
                messages.success(request, "Email address saved." if request.user.email else "Email address removed.")
                return redirect("collection-settings")
            form = VisibilityForm(initial={"visibility": row.visibility})
        elif action == "in-matches":
            wanted = request.POST.get("in_matches") == "on"
            collection_in_matches_set(owner=request.user, in_matches=wanted)
            messages.success(
                request, "Your trade list and wishlist are in matches." if wanted else "You are out of matches."
            )
            return redirect("collection-settings")
        elif action == "notification-email":
            wanted = request.POST.get("notification_email") == "on"
            notification_email_set(user=request.user, email=wanted)
            messages.success(request, "Notification emails are on." if wanted else "Notification emails are off.")
            return redirect("collection-settings")
        elif action in ("block", "unblock"):
            change = player_block if action == "block" else player_unblock
            try:
                change(blocker=request.user, username=request.POST.get("username", ""))
            except BlockError as exc:
                messages.error(request, exc.message)
                return redirect(f"{reverse('collection-settings')}#blocks")
            name = request.POST.get("username", "").strip()
            messages.success(request, f"You blocked {name}." if action == "block" else f"You unblocked {name}.")
            return redirect(f"{reverse('collection-settings')}#blocks")
        elif action == "token-revoke-all":
            count = api_tokens_revoke_all(user=request.user)
            messages.success(request, f"Logged out everywhere: {count} token{'s' if count != 1 else ''} revoked.")
            return redirect("collection-settings")
        elif form.is_valid():
            collection_visibility_set(owner=request.user, visibility=form.cleaned_data["visibility"])
            messages.success(request, "Saved.")
            return redirect("collection-settings")
    tokens = [{"id": token_id(t), "created": t.created, "expiry": t.expiry} for t in api_tokens_live(user=request.user)]
    share_url = request.build_absolute_uri(reverse("collection-shared", args=[row.share_token]))
    public_url = request.build_absolute_uri(reverse("collection-public", args=[request.user.get_username()]))
    context = {
        "form": form,
        "email_form": email_form or EmailForm(initial={"email": request.user.email}),
        "settings_row": row,
        "share_url": share_url,
        "public_url": public_url,
        "tokens": tokens,
        "new_token": new_token,
        "token_policy": api_token_policy(),
        "notification_email": notification_email_on(user=request.user),
        "blocks": player_blocks_made(user=request.user)[:MAX_BLOCKS],
    }
    response = render(request, "cardcollections/collection/settings.html", context)
    if new_token is not None:
        response["Cache-Control"] = "no-store"  # the one page holding the key: no cache keeps it
    return response


def _shared_view(request: HttpRequest, owner, slug: str | None, token: str | None) -> HttpResponse:
    games = Game.objects.order_by("position")
    game = game_or_404(slug) if slug else None
    context = {"owner": owner, "games": games, "game": game, "token": token, "editable": False}
    if game is not None:
        context.update(_browse_context(request, game, owner, owned_only=True))
        context["totals"] = set_totals(owner=owner, game=game)
    return render(request, "cardcollections/collection/shared.html", context)


@require_GET
def collection_public(request: HttpRequest, username: str, slug: str | None = None) -> HttpResponse:
    """Another user's collection if it is public (private ones are a 404, so they cannot be told apart)."""
    owner = found_or_404(collection_owner_visible(username=username, viewer=request.user), "No such collection.")
    return _shared_view(request, owner, slug, None)


@require_GET
def collection_shared(request: HttpRequest, token: str, slug: str | None = None) -> HttpResponse:
    owner = found_or_404(collection_owner_by_token(token=token), "No such collection.")
    return _shared_view(request, owner, slug, token)


def card_owned_panel(*, card: Card, user: Any) -> CardPanel | None:
    """The card page's "your collection" section for a signed-in player: how many they have, and a copy more
    or fewer in one click (registered in CardCollectionsConfig.ready)."""
    if user is None or not user.is_authenticated:
        return None
    owned = owned_by_card(owner=user, card_ids=[card.pk]).get(card.pk, {"quantity": 0, "for_trade": 0})
    return CardPanel("cardcollections/collection/_card_owned.html", {"card": card, **owned})


def card_wish_panel(*, card: Card, user: Any) -> CardPanel | None:
    """The card page's "your wishlist" section: what the player wants of this card and a one-click "Add to
    wishlist"; a visitor gets a link to sign in (registered in CardCollectionsConfig.ready)."""
    if user is None or not user.is_authenticated:
        return CardPanel("cardcollections/collection/_card_wish.html", {"card": card, "signed_in": False})
    wishes = card_wishes(owner=user, card=card)
    return CardPanel("cardcollections/collection/_card_wish.html", {"card": card, "signed_in": True, **wishes})

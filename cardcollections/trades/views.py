"""Trade pages: my offers and history, a new offer (or a counter-offer), an offer's page with its
actions, and the matches between wishlists and trade lists."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django.views.decorators.http import require_http_methods
from django.views.decorators.http import require_POST

from cardcollections.collection.selectors import collection_entries
from cardcollections.collection.selectors import collection_settings_for
from cardcollections.collection.selectors import trade_list_entries
from cardcollections.lookups import trade_or_404
from cardcollections.models import Game
from cardcollections.models import Trade
from cardcollections.models import TradeLine
from cardcollections.trades.selectors import matches_for_my_offers
from cardcollections.trades.selectors import matches_for_my_wishlist
from cardcollections.trades.selectors import trade_for
from cardcollections.trades.selectors import trades_for
from cardcollections.trades.services import MAX_LINE_QUANTITY
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import TradeError
from cardcollections.trades.services import trade_accept
from cardcollections.trades.services import trade_counter
from cardcollections.trades.services import trade_decline
from cardcollections.trades.services import trade_propose
from cardcollections.trades.services import trade_withdraw
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import counted_posts
from cardsite.page_writes import page_refusal
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_id
from rules.numbers import parse_whole

# The most trades one list of the trades page shows.
LIST_MOST = 200


@login_required
@require_GET
def trade_list(request: SignedInHttpRequest) -> HttpResponse:
    # Each list read on its own, newest first: a long history never pushes an open offer off the page.
    trades, open_ = trades_for(user=request.user), Trade.Status.PROPOSED
    context = {
        "incoming": list(trades.filter(status=open_, recipient=request.user)[:LIST_MOST]),
        "outgoing": list(trades.filter(status=open_, proposer=request.user)[:LIST_MOST]),
        "history": list(trades.exclude(status=open_)[:LIST_MOST]),
    }
    return render(request, "cardcollections/trades/list.html", context)


@login_required
@require_GET
def trade_detail(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    trade = trade_or_404(user=request.user, pk=pk)
    lines = list(trade.lines.all())
    context = {
        "trade": trade,
        "proposer_gives": [line for line in lines if line.side == TradeLine.Side.PROPOSER],
        "recipient_gives": [line for line in lines if line.side == TradeLine.Side.RECIPIENT],
        "is_recipient": request.user.pk == trade.recipient_id,
        "is_proposer": request.user.pk == trade.proposer_id,
        "game_slug": lines[0].card.game.slug if lines else "",
    }
    return render(request, "cardcollections/trades/detail.html", context)


_ACTIONS = {"accept": trade_accept, "decline": trade_decline, "withdraw": trade_withdraw}
_DONE = {"accept": "Accepted: the cards have moved.", "decline": "Declined.", "withdraw": "Withdrawn."}


@login_required
@require_POST
@counted_posts
def trade_action(request: SignedInHttpRequest, pk: int, action: str) -> HttpResponse:
    trade = trade_or_404(user=request.user, pk=pk)
    if action not in _ACTIONS:
        raise Http404("No such action.")
    try:
        _ACTIONS[action](trade=trade, user=request.user)
    except TradeError as exc:
        page_refusal(request, exc)
    else:
        messages.success(request, _DONE[action])
    return redirect("trade-detail", pk=pk)


def _quantities(request: HttpRequest, rows: list[dict], errors: list[str]) -> dict:
    """{entry: copies} for the form's rows; an empty field is 0, a bad one or one over the row's `max` an error.

    Never cut to fit: the offer goes as typed or not at all (copies may have left since the form was shown)."""
    chosen = {}
    for row in rows:
        raw = request.POST.get(row["name"], "").strip()
        if not raw:
            continue
        try:
            q = parse_whole(raw, field=row["name"], minimum=0, maximum=MAX_LINE_QUANTITY)
        except NotAWholeNumber as exc:
            errors.append(exc.message)
            continue
        if q > row["max"]:
            errors.append(f"{row['entry'].card.title}: {row['available']}; the offer has {q}.")
        elif q:
            chosen[row["entry"]] = q
    return chosen


def _rows(entries: list, prefix: str, most: dict[int, int], available: str, prefill: dict[str, int]) -> list[dict]:
    """The form's rows of one side: each entry with its field's name, most copies, and value."""
    return [
        {
            "entry": e,
            "name": f"{prefix}-{e.pk}",
            "max": most[e.pk],
            "available": available.format(n=most[e.pk]),
            "value": prefill.get(f"{prefix}-{e.pk}", 0),
        }
        for e in entries
    ]


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def trade_new(request: SignedInHttpRequest) -> HttpResponse:
    """Offer a trade: pick copies from my collection to give and from their trade list to ask for.

    `?to=USERNAME&game=SLUG`; `&counter=ID` answers an offer made to me.
    """
    params = request.POST if request.method == "POST" else request.GET
    User = get_user_model()
    username = params.get("to", "").strip()
    game = Game.objects.filter(slug=params.get("game", "")).first()
    counter_of = None
    errors: list[str] = []
    if params.get("counter"):
        try:
            counter_id = parse_id(params["counter"], field="counter")
        except NotAWholeNumber as exc:
            errors.append(exc.message)
            username = ""
        else:
            counter_of = trade_for(user=request.user, pk=counter_id)
            if counter_of is None or counter_of.recipient_id != request.user.pk:
                raise Http404("No such offer to counter.")
            username = counter_of.proposer.get_username()
    other = User.objects.filter(**{User.USERNAME_FIELD: username, "is_active": True}).first() if username else None
    if username and other is None:
        errors.append(f"No user {username!r}.")
    elif other is not None and other.pk == request.user.pk:
        errors.append("You cannot trade with yourself.")
        other = None
    mine = list(collection_entries(owner=request.user, game=game)) if game and other else []
    theirs = list(trade_list_entries(owner=other, game=game)) if game and other else []
    answered = list(counter_of.lines.all()) if counter_of is not None else []
    # A counter may ask back for what they offered, on their trade list or not.
    offered = {(x.card_id, x.condition): x.quantity for x in answered if x.side == TradeLine.Side.PROPOSER}
    if offered and game and other:
        listed = {(e.card_id, e.condition) for e in theirs}
        theirs += [
            e
            for e in collection_entries(owner=other, game=game)
            if (e.card_id, e.condition) in offered and (e.card_id, e.condition) not in listed
        ]
    prefill: dict[str, int] = {}
    # A counter starts from the offer it answers, seen from my side.
    for line in answered:
        pool, prefix = (mine, "give") if line.side == TradeLine.Side.RECIPIENT else (theirs, "get")
        for e in pool:
            if (e.card_id, e.condition) == (line.card_id, line.condition):
                prefill[f"{prefix}-{e.pk}"] = line.quantity
    asked_most = {e.pk: max(e.for_trade, offered.get((e.card_id, e.condition), 0)) for e in theirs}
    if request.method == "GET":
        # An offer started from a match (`give-<row>=n`, `get-<row>=n`, as the form posts them): those copies
        # filled in, within what each row allows; anything else in the address is ignored.
        for pool, prefix, most in ((mine, "give", {e.pk: e.quantity for e in mine}), (theirs, "get", asked_most)):
            for e in pool:
                asked = request.GET.get(f"{prefix}-{e.pk}")
                if asked is None:
                    continue
                try:
                    prefill[f"{prefix}-{e.pk}"] = min(parse_whole(asked, field="n", minimum=0, maximum=999), most[e.pk])
                except NotAWholeNumber:
                    continue
    mine_rows = _rows(mine, "give", {e.pk: e.quantity for e in mine}, "I own {n}", prefill)
    their_rows = _rows(theirs, "get", asked_most, "{n} for trade", prefill)
    if request.method == "POST" and other is not None and game is not None:
        give = _quantities(request, mine_rows, errors)
        get = _quantities(request, their_rows, errors)
        lines = [LineSpec(TradeLine.Side.PROPOSER, e.card_id, q, e.condition) for e, q in give.items()]
        lines += [LineSpec(TradeLine.Side.RECIPIENT, e.card_id, q, e.condition) for e, q in get.items()]
        message = request.POST.get("message", "")[:1000]
        if not errors:
            try:
                if counter_of is not None:
                    trade = trade_counter(trade=counter_of, user=request.user, lines=lines, message=message)
                else:
                    trade = trade_propose(proposer=request.user, recipient=other, lines=lines, message=message)
            except TradeError as exc:
                errors.append(str(exc))
            else:
                messages.success(request, f"Your offer was sent to {other.get_username()}.")
                return redirect("trade-detail", pk=trade.pk)
    context = {
        "to": username,
        "other": other,
        "game": game,
        "games": Game.objects.order_by("position"),
        "mine": mine_rows,
        "theirs": their_rows,
        "counter_of": counter_of,
        "errors": errors,
    }
    return render(request, "cardcollections/trades/new.html", context, status=400 if errors else 200)


@login_required
@require_GET
def matches(request: SignedInHttpRequest) -> HttpResponse:
    context = {
        "have_what_i_want": matches_for_my_wishlist(user=request.user),
        "want_what_i_offer": matches_for_my_offers(user=request.user),
        "in_matches": bool(getattr(collection_settings_for(owner=request.user), "in_matches", False)),
    }
    return render(request, "cardcollections/trades/matches.html", context)

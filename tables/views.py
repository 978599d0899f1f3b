"""The tables' pages (docs/tables.md, "The pages"): the lobby and opening a table, a table with its invite link
and QR code, joining, leaving, resigning, and the move forms that work without JavaScript (the socket client
in static/js/table.js takes them over). Every write goes through tables.services, as the socket's do."""

from __future__ import annotations

import io
import secrets
from typing import Any
from uuid import UUID

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.views import View

from cardcollections.catalog.selectors import card_ids_by_title
from cardsite.api.errors import ServiceError
from cardsite.api.throttles import page_request_allowed
from cardsite.api.throttles import too_many_requests
from cardsite.page_writes import CountedPostView
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import page_refusal
from play.games.board import board_zones
from play.games.board import view_titles
from rules.games import GAMES_BY_SLUG
from rules.play.log import MAX_TEXT_CHARS
from tables.clocks import away_claimable_at
from tables.forms import NewTableForm
from tables.guests import cookie_name
from tables.guests import guest_token_from
from tables.guests import set_guest_cookie
from tables.models import Table
from tables.models import TableStatus
from tables.phrases import PHRASES
from tables.quotes import quotes_to_sign
from tables.replays import replay_consent
from tables.replays import replay_step
from tables.replays import replay_visible
from tables.selectors import lobby_tables
from tables.selectors import match_tables_of
from tables.selectors import move_messages
from tables.selectors import seat_state
from tables.selectors import table_get
from tables.selectors import table_is_event_match
from tables.selectors import table_seats
from tables.selectors import tables_of
from tables.services import Actor
from tables.services import seat_of
from tables.services import seat_replay_allow
from tables.services import table_claim_away
from tables.services import table_create
from tables.services import table_join
from tables.services import table_leave
from tables.services import table_move
from tables.services import table_rematch
from tables.services import table_remove_guest
from tables.services import table_resign
from tables.services import table_sign_verse
from tables.services import table_takeback_answer
from tables.services import table_takeback_ask
from tables.services import table_touch


def _actor(request: HttpRequest, table_id: UUID) -> Actor:
    user = request.user if request.user.is_authenticated else None
    return Actor(user=user, guest_token=guest_token_from(request.COOKIES, table_id))


def _table(table_id: UUID) -> Table:
    table = table_get(table_id=table_id)
    if table is None:
        raise Http404("There is no such table.")
    return table


def _back(table_id: UUID) -> HttpResponse:
    return redirect(reverse("table", args=[table_id]) + "#board")


def _choice_label(choice: dict[str, Any]) -> str:
    label = str(choice.get("type", "")).replace("-", " ")
    if choice.get("cards"):
        label += ": " + ", ".join(str(c) for c in choice["cards"])
    extra = [f"{k} {v}" for k, v in choice.items() if k not in ("type", "cards", "ids", "text")]
    return label + (f" ({', '.join(extra)})" if extra else "")


def board_context(request: HttpRequest, table: Table) -> dict[str, Any]:
    """The board as the viewer's seat (or a spectator) sees it, drawn with the play pages' zones."""
    table = table_touch(table)  # past a deadline, the server decides the flag before drawing
    seats = table_seats(table)
    mine = seat_of(seats, _actor(request, table.pk))
    seat = mine.index if mine is not None else None
    state = seat_state(table, seats, seat)
    view = state["view"]
    ids = card_ids_by_title(game=table.game, titles=view_titles(view))
    names = {s.index: s for s in seats}
    drawn = []
    for i, seat_view in enumerate(view.get("seats", [])):
        entry = state["seats"][i]
        drawn.append(
            {
                **entry,
                "zones": board_zones(seat_view.get("zones")),
                "you": i == seat,
                "seat": names[i],
                "clock_text": clock_text(entry["clock"]),
            }
        )
    result = state["result"]
    takeback = state["offers"].get("takeback")
    return {
        "table": table,
        "game": GAMES_BY_SLUG.get(table.game),
        "state": state,
        "seat": seat,
        "seats": drawn,
        "shared": board_zones(view.get("zones")),
        "facts": {k: v for k, v in view.items() if k not in ("seats", "zones") and isinstance(v, str | int)},
        "image_ids": ids,
        "choices": [
            {"index": i, "label": _choice_label(c), "action": c, "typed": "text" in c and c["text"] is None}
            for i, c in enumerate(state["legal"])
        ],
        "key": secrets.token_urlsafe(12),  # the no-script forms' idempotency key: a second click repeats the move
        "winners": [s.name for s in seats if result and s.index in result.get("winners", [])],
        "moves": list(reversed(move_messages(table, seats, seat, max(0, state["seq"] - 20)))),
        "phrases": list(enumerate(PHRASES)),
        "takeback": takeback,
        "takeback_by": names[takeback["seat"]].name if takeback and takeback["seat"] in names else "",
        "rematch_agreed": [
            names[i].name for i in (state["offers"].get("rematch") or {}).get("agreed", []) if i in names
        ],
        "rematch_mine": seat is not None and seat in (state["offers"].get("rematch") or {}).get("agreed", []),
        "event_match": state["status"] == TableStatus.OVER and table_is_event_match(table),
        "away": _away(table, state, seat),
    }


def _away(table: Table, state: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """At a table without a clock, for a seated player who waits: from when they may claim the win, and whether
    that time has come (docs/tables.md, "Away")."""
    if seat is None or any(s["to_act"] for s in state["seats"] if s["index"] == seat):
        return None
    at = away_claimable_at(table)
    if at is None:
        return None
    return {"at": at, "now": timezone.now() >= at, "hours": settings.TABLES_AWAY_HOURS}


def clock_text(seconds: float | None) -> str:
    """A clock as a person reads it: 4:05, 1:02:03, or for a correspondence move 23 h 59 min."""
    if seconds is None:
        return ""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours >= 10:
        return f"{hours} h {minutes} min"
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class LobbyPage(CountedPostView):
    def get(self, request: HttpRequest) -> HttpResponse:
        return self._page(request, NewTableForm(initial={"game": request.GET.get("game")}))

    def _page(self, request: HttpRequest, form: NewTableForm, status: int = 200) -> HttpResponse:
        mine = tables_of(user=request.user) if request.user.is_authenticated else []
        context = {"form": form, "tables": lobby_tables(), "mine": mine, "games": GAMES_BY_SLUG}
        return render(request, "tables/lobby.html", context, status=status)

    def post(self, request: HttpRequest) -> HttpResponseBase:
        if not request.user.is_authenticated:
            return redirect_to_login(reverse("tables"))
        form = NewTableForm(request.POST)
        if not form.is_valid():
            return self._page(request, form, status=400)
        try:
            table = table_create(
                host=request.user,
                game=form.cleaned_data["game"],
                seats=form.seats(),
                variant=form.cleaned_data["variant"],
                rules=form.cleaned_data["rules"],
                listed=form.cleaned_data["listed"],
                allow_guests=form.cleaned_data["allow_guests"],
                **form.clock(),
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
            return self._page(request, form, status=400)
        return redirect("table", table_id=table.pk)


class TablePage(View):
    def get(self, request: HttpRequest, table_id: UUID) -> HttpResponse:
        table = _table(table_id)
        carried = _carried_guest(request, table)
        if carried is not None:
            return carried
        context = board_context(request, table)
        seats = [s["seat"] for s in context["seats"]] or table_seats(table)
        context.update(
            {
                "invite": request.build_absolute_uri(reverse("table", args=[table.pk])),
                "ws_url": settings.TABLES_WS_URL,
                "can_join": table.status == TableStatus.OPEN
                and context["seat"] is None
                and any(not s.taken for s in seats),
                "guest_seats": [s for s in seats if s.guest_token],
                "is_host": request.user.is_authenticated and request.user.pk == table.host_id,
                "all_seats": seats,
                "my_seat": next((s for s in seats if s.index == context["seat"]), None),
                "replay_open": replay_visible(table, seats, _actor(request, table.pk)),
                "match_link": getattr(table, "match_link", None),
                "to_sign": quotes_to_sign(table, seats, request.user),
            }
        )
        return render(request, "tables/table.html", context)


def _carried_guest(request: HttpRequest, table: Table) -> HttpResponse | None:
    """A rematch keeps its guests: the cookie of the table it was made from names their seat here too, so the
    page gives them this table's cookie and draws itself again with it."""
    if table.rematch_of_id is None or cookie_name(table.pk) in request.COOKIES:
        return None
    token = guest_token_from(request.COOKIES, table.rematch_of_id)
    if not token or not any(s.guest_token == token for s in table_seats(table)):
        return None
    response = redirect("table", table_id=table.pk)
    set_guest_cookie(response, table.pk, token, secure=request.is_secure())
    return response


class BoardPartial(View):
    """The board alone, for the socket client to swap in after a message (htmx-style, server-rendered)."""

    def get(self, request: HttpRequest, table_id: UUID) -> HttpResponse:
        return render(request, "tables/_board.html", board_context(request, _table(table_id)))


class QrCode(View):
    def get(self, request: HttpRequest, table_id: UUID) -> HttpResponse:
        table = _table(table_id)
        out = io.BytesIO()
        segno.make(request.build_absolute_uri(reverse("table", args=[table.pk])), error="m").save(
            out, kind="svg", scale=4, xmldecl=False, svgns=True
        )
        return HttpResponse(out.getvalue(), content_type="image/svg+xml")


class JoinTable(CountedPostView):
    def post(self, request: HttpRequest, table_id: UUID) -> HttpResponseBase:
        if not request.user.is_authenticated and not request.POST.get("name"):
            return redirect_to_login(reverse("table", args=[table_id]))
        try:
            _seat, token = table_join(
                table_id=table_id, actor=_actor(request, table_id), guest_name=request.POST.get("name", "")
            )
        except ServiceError as exc:
            page_refusal(request, exc)
            return _back(table_id)
        response = _back(table_id)
        if token:
            set_guest_cookie(response, table_id, token, secure=request.is_secure())
        return response


class LeaveTable(CountedPostView):
    def post(self, request: HttpRequest, table_id: UUID) -> HttpResponseBase:
        try:
            table_leave(table_id=table_id, actor=_actor(request, table_id))
        except ServiceError as exc:
            page_refusal(request, exc)
        return _back(table_id)


@method_decorator(login_required, name="dispatch")
class RemoveGuest(CountedPostView):
    def post(self, request: HttpRequest, table_id: UUID) -> HttpResponseBase:
        try:
            table_remove_guest(table_id=table_id, host=request.user, seat_index=int(request.POST.get("seat", "-1")))  # type: ignore[arg-type]
        except ValueError:
            messages.error(request, "Choose a guest's seat.")
        except ServiceError as exc:
            page_refusal(request, exc)
        return _back(table_id)


def _int(value: str | None) -> int | None:
    return int(value) if value is not None and value.isascii() and value.isdigit() and len(value) <= 7 else None


class MoveForm(CountedPostView):
    """The no-script move: the form names the seq it was drawn at, the action's index and its key."""

    post_scope = "live"

    def post(self, request: HttpRequest, table_id: UUID) -> HttpResponseBase:
        table = _table(table_id)
        after, index = _int(request.POST.get("after")), _int(request.POST.get("index"))
        try:
            if request.POST.get("resign"):
                table_resign(
                    table_id=table_id, actor=_actor(request, table_id), after=after, key=request.POST.get("key")
                )
                return _back(table_id)
            seats = table_seats(table)
            mine = seat_of(seats, _actor(request, table_id))
            legal = seat_state(table, seats, mine.index)["legal"] if mine is not None else []
            # The action drawn at `after`: if the table moved on since, the service refuses it as stale.
            action = legal[index] if index is not None and index < len(legal) else {"type": ""}
            if "text" in action and action["text"] is None:
                # A typed answer (Chapter and Verse's Quote or Quote It): what was typed goes with the move.
                action = {**action, "text": request.POST.get("text", "")[:MAX_TEXT_CHARS]}
            table_move(
                table_id=table_id,
                actor=_actor(request, table_id),
                after=after,
                key=request.POST.get("key"),
                action=action,
            )
        except ServiceError as exc:
            page_refusal(request, exc)
        return _back(table_id)


class TakebackForm(CountedPostView):
    """Ask to take back your last move (`ask`), or answer another player's (`agree` / `refuse`)."""

    post_scope = "live"

    def post(self, request: HttpRequest, table_id: UUID) -> HttpResponseBase:
        actor = _actor(request, table_id)
        answer = request.POST.get("answer", "")
        try:
            if answer == "ask":
                table_takeback_ask(table_id=table_id, actor=actor, after=_int(request.POST.get("after")))
            elif answer in ("agree", "refuse"):
                table_takeback_answer(table_id=table_id, actor=actor, agree=answer == "agree")
            else:
                messages.error(request, "Ask, agree or refuse.")
        except ServiceError as exc:
            page_refusal(request, exc)
        return _back(table_id)


class ClaimAwayForm(CountedPostView):
    """Claim the win from the people to act, away longer than the table allows (a table without a clock)."""

    post_scope = "live"

    def post(self, request: HttpRequest, table_id: UUID) -> HttpResponseBase:
        try:
            table_claim_away(table_id=table_id, actor=_actor(request, table_id))
        except ServiceError as exc:
            page_refusal(request, exc)
        return _back(table_id)


class RematchForm(CountedPostView):
    """Offer (or accept) a rematch; once everyone has, go to the new table."""

    post_scope = "live"

    def post(self, request: HttpRequest, table_id: UUID) -> HttpResponseBase:
        try:
            _, made = table_rematch(table_id=table_id, actor=_actor(request, table_id))
        except ServiceError as exc:
            page_refusal(request, exc)
            return _back(table_id)
        return redirect("table", table_id=made.pk) if made is not None else _back(table_id)


class ReplayPage(View):
    """A finished game step by step as a spectator saw it (docs/tables.md, "Replays"); `?step=n`, prev/next are
    links (htmx swaps the board when it is there). 404 for whoever may not see it."""

    def get(self, request: HttpRequest, table_id: UUID) -> HttpResponse:
        # Each step may replay the log (tables/replays.py): counted as the live pages are, anonymous or not.
        if not page_request_allowed(request, scope="live", reads=True):
            return too_many_requests()
        table = _table(table_id)
        seats = table_seats(table)
        if not replay_visible(table, seats, _actor(request, table.pk)):
            raise Http404("There is no such replay.")
        step = replay_step(table, seats, _int(request.GET.get("step")) or 0)
        view = step["view"]
        result = table.result or {}
        last = step["step"] == step["last"]
        context = {
            "table": table,
            "game": GAMES_BY_SLUG.get(table.game),
            "step": step,
            # The board's template, as a spectator's: the end's banner only on the last step.
            "state": {"seq": step["step"], "status": "over" if last else "replay", "result": result},
            "seat": None,
            "seats": [
                {"name": s.name, "kind": s.kind, "zones": board_zones(v.get("zones")), "to_act": False}
                for s, v in zip(seats, view.get("seats", []), strict=False)
            ],
            "shared": board_zones(view.get("zones")),
            "facts": {k: v for k, v in view.items() if k not in ("seats", "zones") and isinstance(v, str | int)},
            "image_ids": card_ids_by_title(game=table.game, titles=view_titles(view)),
            "choices": [],
            "winners": [s.name for s in seats if s.index in result.get("winners", [])] if last else [],
            "moves": list(reversed(step["moves"])),
            "consent": replay_consent(seats),
        }
        template = "tables/_replay.html" if request.headers.get("HX-Request") else "tables/replay.html"
        return render(request, template, context)


class ReplayConsent(CountedPostView):
    """A seated player allows (or stops allowing) the public replay of the table's game."""

    def post(self, request: HttpRequest, table_id: UUID) -> HttpResponseBase:
        try:
            seat_replay_allow(
                table_id=table_id, actor=_actor(request, table_id), allow=request.POST.get("allow_replay") == "on"
            )
        except ServiceError as exc:
            page_refusal(request, exc)
        return redirect(reverse("table", args=[table_id]) + "#replay-consent")


@method_decorator(login_required, name="dispatch")
class MatchTablePage(View):
    """ "Play your match online" from an event's page: the match's current game's table, for its players and the
    event's organiser (404 for anyone else)."""

    def get(self, request: HttpRequest, match_id: int) -> HttpResponse:
        links = match_tables_of(match_id=match_id, user=request.user)
        if not links:
            # No such match for this user, or one without a table (the event is not played online).
            raise Http404("This match has no table on the site.")
        return redirect("table", table_id=links[-1].table_id)


@method_decorator(login_required, name="dispatch")
class SignVerse(CountedPostView):
    """A finished game's player signs a verse an opponent quoted word for word (docs/learning.md, "Mastery")."""

    def post(self, request: SignedInHttpRequest, table_id: UUID) -> HttpResponseBase:
        seat = _int(request.POST.get("seat"))
        try:
            signature, new = table_sign_verse(
                table_id=table_id, signer=request.user, seat=seat, card=request.POST.get("card", "")[:40]
            )
        except ServiceError as exc:
            page_refusal(request, exc)
            return _back(table_id)
        if new:
            messages.success(request, f"You signed {signature.card.title} for {signature.player.username}.")
        else:
            messages.info(request, f"{signature.card.title} was signed for {signature.player.username} already.")
        return redirect(reverse("table", args=[table_id]) + "#table-sign-heading")

"""Tournament pages: the organiser's console, the player's phone view, and the public pages
(standings, pairings, bracket, match slips, the standings CSV, the finished event's top decks).

The console's current round polls a small partial with htmx (`every 5s`, no filters, no eval),
and stops once every result is in. Actions are plain POST forms that redirect back with a
message; the services decide everything (refusals come back as messages).

A result has two doors, because an organiser may play in their own event: the console's
(run/matches/<id>/result/, the organiser's final result in the match's order) and the player's
page's (matches/<id>/result/, a report from the poster's own seat, the organiser's too when they
play that match; an organiser posting there for a match they do not play enters it as on the console).
"""

from __future__ import annotations

import io
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.utils.text import slugify
from django.views import View

from cardsite.page_writes import CountedPostView
from cardsite.page_writes import SignedInHttpRequest
from decks.events.forms import EventSettingsForm as SettingsForm
from decks.events.lookups import event_or_404
from decks.events.lookups import organised_or_404
from decks.events.selectors import event_is_organiser
from decks.events.services import SETTINGS
from decks.events.services import EventError
from decks.events.services import event_update
from decks.judging.selectors import penalties_of
from decks.lists.sheets import registration_sheet
from decks.lists.stats import list_stats
from decks.models import Event
from decks.models import EventState
from decks.models import Round
from decks.models import RoundKind
from decks.tournaments.forms import ClockForm
from decks.tournaments.forms import DropForm
from decks.tournaments.forms import ExtraTimeForm
from decks.tournaments.forms import ResultForm
from decks.tournaments.forms import TopCutForm
from decks.tournaments.lookups import event_match_or_404
from decks.tournaments.selectors import current_match_of
from decks.tournaments.selectors import event_final_standings
from decks.tournaments.selectors import event_insider
from decks.tournaments.selectors import event_standings
from decks.tournaments.selectors import event_standings_csv
from decks.tournaments.selectors import player_of
from decks.tournaments.selectors import players_of
from decks.tournaments.selectors import projector_view
from decks.tournaments.selectors import public_registration
from decks.tournaments.selectors import round_clock
from decks.tournaments.selectors import round_clock_of
from decks.tournaments.selectors import round_complete
from decks.tournaments.selectors import rounds_of
from decks.tournaments.selectors import seat_of
from decks.tournaments.selectors import standings_visible
from decks.tournaments.selectors import top_decks
from decks.tournaments.services import event_finish
from decks.tournaments.services import event_start
from decks.tournaments.services import event_start_list
from decks.tournaments.services import match_extra_time
from decks.tournaments.services import match_report_withdraw
from decks.tournaments.services import match_result_set
from decks.tournaments.services import player_drop
from decks.tournaments.services import round_clock_extend
from decks.tournaments.services import round_clock_pause
from decks.tournaments.services import round_clock_start
from decks.tournaments.services import round_pair_next
from decks.tournaments.services import top_cut_start
from rules.tournament.handicap import HANDICAPS


def standings_csv_response(event: Event) -> HttpResponse:
    """The standings CSV as a download (the page's and the API's)."""
    response = HttpResponse(event_standings_csv(event=event), content_type="text/csv; charset=utf-8")
    name = slugify(event.name) or f"event-{event.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-standings.csv"'
    return response


_event = event_or_404


def _organised(request: HttpRequest, event_id: int) -> Event:
    return organised_or_404(request.user, event_id)


def _current(rounds: list[Round]) -> Round | None:
    return rounds[-1] if rounds else None


def _round_context(event: Event, rounds: list[Round]) -> dict[str, Any]:
    current = _current(rounds)
    return {
        "event": event,
        "round": current,
        "clock": round_clock(current, now=timezone.now()) if current is not None else None,
        "complete": current is not None and round_complete(current),
        "result_choices": ResultForm.choices_for(event, current),
    }


# ---------------------------------------------------------------- the organiser's console
@method_decorator(login_required, name="dispatch")
class ConsolePage(View):
    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        rounds = rounds_of(event=event)
        context = {
            **_round_context(event, rounds),
            "start": event_start_list(event=event) if event.state == EventState.REGISTRATION else None,
            "players": list(players_of(event=event)),
            "standings": event_standings(event=event, rounds=rounds),
            "settings_form": SettingsForm(initial={k: getattr(event, k) for k in SETTINGS}),
            "top_cut_form": TopCutForm(initial={"size": event.top_cut or 4}),
            "swiss_done": event.state == EventState.RUNNING and event.current_round >= (event.rounds or 0),
        }
        return render(request, "decks/tournaments/console.html", context)


@method_decorator(login_required, name="dispatch")
class ConsoleRoundPartial(View):
    """The current round's tables, polled by the console while results are missing."""

    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        context = _round_context(event, rounds_of(event=event))
        response = render(request, "decks/tournaments/_console_round.html", context)
        if context["complete"]:
            # Every result is in: reload once, so the console offers the next step.
            response["HX-Refresh"] = "true"
        return response


class _ConsoleAction(CountedPostView):
    """A POST of the console: run `act`, say what happened, go back to the console."""

    def act(self, request: SignedInHttpRequest, event: Event) -> str:
        raise NotImplementedError

    @method_decorator(login_required)
    def post(self, request: SignedInHttpRequest, event_id: int, **route: Any) -> HttpResponse:
        # The rest of the route (a match's id) is in self.kwargs, for `act`.
        event = _organised(request, event_id)
        try:
            messages.success(request, self.act(request, event))
        except EventError as exc:
            messages.error(request, exc.message)
        return HttpResponseRedirect(reverse("event-console", args=[event.pk]))


class StartAction(_ConsoleAction):
    def act(self, request: HttpRequest, event: Event) -> str:
        start = event_start(event=event)
        return f"Started with {len(start.players)} players; {len(start.left_out)} left out."


class PairAction(_ConsoleAction):
    def act(self, request: HttpRequest, event: Event) -> str:
        return f"Paired round {round_pair_next(event=event).number}."


class TopCutAction(_ConsoleAction):
    def act(self, request: HttpRequest, event: Event) -> str:
        form = TopCutForm(request.POST)
        if not form.is_valid():
            raise EventError("size", "Choose a top cut of 2, 4 or 8.")
        top_cut_start(event=event, size=int(form.cleaned_data["size"]))
        return f"The top {form.cleaned_data['size']} is paired."


class FinishAction(_ConsoleAction):
    def act(self, request: HttpRequest, event: Event) -> str:
        event_finish(event=event)
        return f"{event.name} is finished."


class ConsoleResultAction(_ConsoleAction):
    """The organiser's result from the console: in the match's order and final, whoever plays the match."""

    def act(self, request: SignedInHttpRequest, event: Event) -> str:
        form = ResultForm(request.POST)
        if not form.is_valid():
            raise EventError("result", "Choose a result.")
        match = event_match_or_404(event=event, match_id=self.kwargs["match_id"])
        wins, draws = form.in_match_order(match, request.user, as_player=False)
        match_result_set(event=event, match=match, user=request.user, wins=wins, draws=draws)
        return "Result saved."


class SettingsAction(_ConsoleAction):
    def act(self, request: HttpRequest, event: Event) -> str:
        form = SettingsForm(request.POST)
        if not form.is_valid():
            raise EventError("rounds", "Check the settings: " + form.errors.as_text())
        event_update(event=event, **form.settings())
        return "Saved the settings."


class ClockAction(_ConsoleAction):
    """Start (or resume), pause or extend the current round's clock: every screen has it within a poll."""

    def act(self, request: SignedInHttpRequest, event: Event) -> str:
        form = ClockForm(request.POST)
        if not form.is_valid():
            field = next(iter(form.errors))
            raise EventError(field, f"Check the clock's {field}: " + " ".join(str(e) for e in form.errors[field]))
        action, minutes = form.cleaned_data["action"], form.cleaned_data["minutes"]
        if action == "start":
            current = round_clock_start(event=event, user=request.user, minutes=minutes)
            return f"Round {current.number}'s clock is running."
        if action == "pause":
            current = round_clock_pause(event=event, user=request.user)
            return f"Round {current.number}'s clock is paused."
        if minutes is None:
            raise EventError("minutes", "Say how many minutes to add.")
        current = round_clock_extend(event=event, user=request.user, minutes=minutes)
        return f"Round {current.number} has {minutes} more minute{'s' if minutes != 1 else ''}."


class ExtraTimeAction(_ConsoleAction):
    """One table's extra time (a late start, a judge's ruling): its own clock on the projector and its phones."""

    def act(self, request: SignedInHttpRequest, event: Event) -> str:
        form = ExtraTimeForm(request.POST)
        if not form.is_valid():
            raise EventError("minutes", "Give a table from 1 to 60 minutes more.")
        minutes = form.cleaned_data["minutes"]
        match = match_extra_time(
            event=event,
            user=request.user,
            match=event_match_or_404(event=event, match_id=self.kwargs["match_id"]),
            minutes=minutes,
        )
        return f"Table {match.table} has {minutes} more minute{'s' if minutes != 1 else ''}."


class DropAction(CountedPostView):
    """A player drops themselves (from their page), or the organiser drops a player (from the console)."""

    @method_decorator(login_required)
    def post(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        form = DropForm(request.POST)
        name = form.cleaned_data.get("player") or None if form.is_valid() else None
        try:
            player = player_drop(event=event, user=request.user, player=name)
        except EventError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, f"{player.user.get_username()} has dropped.")
        return _back(request, event)


def _back(request: HttpRequest, event: Event) -> HttpResponse:
    page = "event-console" if event_is_organiser(event=event, user=request.user) else "event-play"
    return HttpResponseRedirect(reverse(page, args=[event.pk]))


class ResultAction(CountedPostView):
    """The player's page's result: a report from the poster's own seat when they play the match (the
    organiser too: they tapped "I won" as a player), else the organiser's final result in the match's order.
    `action=withdraw`: the player takes back their report (match_report_withdraw)."""

    @method_decorator(login_required)
    def post(self, request: SignedInHttpRequest, event_id: int, match_id: int) -> HttpResponse:
        event = _event(event_id)
        match = event_match_or_404(event=event, match_id=match_id)
        as_player = seat_of(match=match, user=request.user) is not None
        back = HttpResponseRedirect(reverse("event-play", args=[event.pk])) if as_player else _back(request, event)
        if request.POST.get("action") == "withdraw":  # a player takes back their report
            try:
                match_report_withdraw(event=event, match=match, user=request.user)
            except EventError as exc:
                messages.error(request, exc.message)
            else:
                messages.success(request, "Your report is taken back: report again when you are sure.")
            return back
        form = ResultForm(request.POST)
        if not form.is_valid():
            messages.error(request, "Choose a result.")
            return back
        wins, draws = form.in_match_order(match, request.user, as_player=as_player)
        try:
            match_result_set(event=event, match=match, user=request.user, wins=wins, draws=draws, as_player=as_player)
        except EventError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, "Result saved.")
        return back


# ---------------------------------------------------------------- the player's view
@method_decorator(login_required, name="dispatch")
class PlayPage(View):
    """My table and opponent this round; report in two taps (pick, then send); confirm the opponent's report."""

    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        player = player_of(event=event, user=request.user)
        match = current_match_of(event=event, user=request.user)
        view = ResultForm.player_view(event, match, request.user) if match is not None else None
        picked = request.GET.get("report")
        # A player who dropped during the round still owes its result (a drop only means no later pairing).
        owed = match is not None and not match.bye and not match.confirmed
        clock = round_clock_of(event=event, now=timezone.now(), match=match)
        penalties = list(penalties_of(match_id=match.pk)) if match is not None else []
        # Either player's handicap, in words ("5 blessings"): both players see what each plays with.
        seated = [p for p in (match.player_a, match.player_b) if p is not None] if match is not None else []
        handicaps = [
            (p.user.get_username(), HANDICAPS[event.game.slug].label(p.registration.handicap))
            for p in seated
            if p.registration.handicap is not None and event.game.slug in HANDICAPS
        ]
        context = {
            "event": event,
            "player": player,
            "match": match,
            "view": view,
            "owed": owed,
            "clock": clock,
            "penalties": penalties,
            "handicaps": handicaps,
        }
        return render(request, "decks/tournaments/play.html", {**context, "picked": view and view.pick(picked)})


# ---------------------------------------------------------------- public pages
class _PublicEventPage(View):
    """A public page of one event: `template` shown with the event and what `context` adds to it."""

    template: str

    def context(self, event: Event) -> dict[str, Any]:
        raise NotImplementedError

    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        return render(request, self.template, {"event": event, **self.context(event)})


def standings_event(request: HttpRequest, event_id: Any) -> Event:
    """The event whose standings `request.user` may see; a casual event's are a 404 to all but its staff and players."""
    event = _event(event_id)
    if not standings_visible(event=event, user=request.user):
        raise Http404("A casual event's standings are for its players.")
    return event


class StandingsPage(View):
    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = standings_event(request, event_id)
        insider = event_insider(event=event, user=request.user)
        context = {"event": event, "standings": event_final_standings(event=event).for_viewer(insider=insider)}
        return render(request, "decks/tournaments/standings.html", context)


class StandingsCsv(View):
    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        return standings_csv_response(standings_event(request, event_id))


class PairingsPage(_PublicEventPage):
    template = "decks/tournaments/pairings.html"

    def context(self, event: Event) -> dict[str, Any]:
        return {"rounds": rounds_of(event=event)}


class BracketPage(_PublicEventPage):
    """The top cut drawn as a bracket: one column a round, each match's winner marked."""

    template = "decks/tournaments/bracket.html"

    def context(self, event: Event) -> dict[str, Any]:
        return {"columns": [r for r in rounds_of(event=event) if r.kind == RoundKind.TOP_CUT]}


class SlipsPage(_PublicEventPage):
    """Printable match slips of the current round: table, both players, their lists' hashes, a QR to report."""

    template = "decks/tournaments/slips.html"

    def context(self, event: Event) -> dict[str, Any]:
        current = _current(rounds_of(event=event))
        matches = [m for m in current.matches.all() if not m.bye] if current is not None else []
        # The handicap column is printed when a player of the round has one (docs/decks.md, "Handicaps").
        handicaps = any(p.registration.handicap is not None for m in matches for p in (m.player_a, m.player_b) if p)
        return {"round": current, "matches": matches, "handicaps": handicaps}


class ProjectorPage(View):
    """The current round for a wall: the clock, the tables, the standings, in large type. Public, as the pairings;
    its live part polls every few seconds, so a pause or an extension reaches every screen."""

    template = "decks/tournaments/projector.html"

    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        context = {
            "event": event,
            "view": projector_view(event=event, now=timezone.now()),
            # A casual event's wall shows no standings (anyone may look at the projector page).
            "show_standings": not event.casual,
        }
        return render(request, self.template, context)


class ProjectorLive(ProjectorPage):
    template = "decks/tournaments/_projector_live.html"


class ClockPartial(View):
    """The current round's clock (with the asker's table's extra time): polled by the player's page."""

    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        match = current_match_of(event=event, user=request.user)
        clock = round_clock_of(event=event, now=timezone.now(), match=match)
        return render(request, "decks/tournaments/_clock.html", {"event": event, "clock": clock})


class PlayQrCode(View):
    """A QR code (SVG) of the player view's address: on the event page and on every slip."""

    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        out = io.BytesIO()
        segno.make(request.build_absolute_uri(reverse("event-play", args=[event.pk])), error="m").save(
            out, kind="svg", scale=4, xmldecl=False, svgns=True
        )
        response = HttpResponse(out.getvalue(), content_type="image/svg+xml")
        response["Cache-Control"] = "public, max-age=3600"
        return response


class TopDeckPage(View):
    """A top deck's registered list, for anyone, once the event is finished with its lists made public."""

    def get(self, request: HttpRequest, event_id: int, registration_id: Any) -> HttpResponse:
        event = _event(event_id)
        registration = public_registration(event=event, registration_id=registration_id)
        if registration is None:
            raise Http404("This list is not public.")
        rank = next((row.rank for row, r in top_decks(event=event) if r.pk == registration.pk), None)
        stats = list_stats(game_id=event.game_id, game_slug=event.game.slug, entries=registration.cards)
        context = {
            "event": event,
            "registration": registration,
            "rank": rank,
            "sheet": registration_sheet(registration=registration),
            "charts": [{"chart": c, "svg": c.svg()} for c in stats.charts],
        }
        return render(request, "decks/tournaments/top_deck.html", context)

"""Event pages: the list, creating and editing an event, registering a deck, and the organiser's tools.

Anyone may see the events. A player sees and prints their own registration;
the organiser sees every registration (manage page, CSV, printable lists) and
starts a re-check job whose progress bar polls a small partial with htmx.
Organiser pages are a 404 for anyone else, as a registration is.
"""

from datetime import timedelta
from typing import Any

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

from cardsite.api.work import OverBudget
from cardsite.page_writes import CountedPostView
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import page_refusal
from decks.events.forms import EventEditForm
from decks.events.forms import EventForm
from decks.events.forms import RegisterForm
from decks.events.lookups import event_or_404
from decks.events.lookups import organised_or_404
from decks.events.selectors import co_organisers_of
from decks.events.selectors import event_check_get
from decks.events.selectors import event_check_latest
from decks.events.selectors import event_is_organiser
from decks.events.selectors import event_is_owner
from decks.events.selectors import event_list_sorted
from decks.events.selectors import event_registrations_csv
from decks.events.selectors import events_organised_by
from decks.events.selectors import events_registered
from decks.events.selectors import registration_active_of
from decks.events.selectors import registration_decks
from decks.events.selectors import registrations_active
from decks.events.services import RUNNING
from decks.events.services import EventError
from decks.events.services import RegistrationIllegal
from decks.events.services import co_organiser_add
from decks.events.services import co_organiser_remove
from decks.events.services import event_check_create
from decks.events.services import event_create
from decks.events.services import event_format_version_move
from decks.events.services import event_is_open
from decks.events.services import event_registration_close
from decks.events.services import event_update
from decks.events.services import registration_create
from decks.events.services import registration_withdraw
from decks.lists.selectors import deck_get_owned
from decks.lists.sheets import registration_sheet
from decks.lists.views import print_sheets_page
from decks.models import Event
from decks.models import EventCheckStatus
from decks.models import EventState
from decks.models import Registration
from decks.tournaments.selectors import current_match_of
from decks.tournaments.selectors import round_clock_of
from decks.tournaments.selectors import top_decks

_event = event_or_404


def _organised(request: HttpRequest, event_id: int) -> Event:
    return organised_or_404(request.user, event_id)


def _my_registration(request: HttpRequest, event: Event) -> Registration:
    """The user's active registration of the event; a 404 when they have none."""
    registration = registration_active_of(event=event, player=request.user)
    if registration is None:
        raise Http404("You have no registration for this event.")
    return registration


def _event_fields(form: EventForm | EventEditForm) -> dict[str, Any]:
    """The event's fields from a valid create or edit form, as the services name them."""
    data = form.cleaned_data
    return {
        "name": data["name"],
        "format_slug": data["format"],
        "deadline": data["deadline"],
        "description": data["description"],
        **form.settings(),
    }


def _add_event_error(form: EventForm | EventEditForm, exc: EventError) -> None:
    """Show a refusal of the services on the form field it names (on the whole form if it names no field of it)."""
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)


class EventListPage(View):
    def get(self, request: HttpRequest) -> HttpResponse:
        events = event_list_sorted()
        return render(
            request,
            "decks/events/list.html",
            {
                "events": events,
                "registered": events_registered(user=request.user),
                "organised": events_organised_by(user=request.user),
                "now": timezone.now(),
            },
        )


@method_decorator(login_required, name="dispatch")
class EventCreatePage(CountedPostView):
    template_name = "decks/events/form.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        return render(request, self.template_name, {"form": EventForm(), "event": None})

    def post(self, request: SignedInHttpRequest) -> HttpResponse:
        form = EventForm(request.POST)
        if form.is_valid():
            try:
                event = event_create(organiser=request.user, game=form.cleaned_data["game"], **_event_fields(form))
            except EventError as exc:
                _add_event_error(form, exc)
            else:
                messages.success(request, f"Created {event.name}. Players can register until the deadline.")
                return HttpResponseRedirect(reverse("event-detail", args=[event.pk]))
        return render(request, self.template_name, {"form": form, "event": None}, status=400)


@method_decorator(login_required, name="dispatch")
class EventEditPage(CountedPostView):
    template_name = "decks/events/form.html"

    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        return render(request, self.template_name, {"form": EventEditForm(event=event), "event": event})

    def post(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        # Fields the event's state fixed are disabled: they keep the stored values, which the services accept.
        form = EventEditForm(request.POST, event=event)
        if form.is_valid():
            try:
                event_update(event=event, **_event_fields(form))
            except EventError as exc:
                _add_event_error(form, exc)
            else:
                messages.success(request, "Saved the event.")
                return HttpResponseRedirect(reverse("event-manage", args=[event.pk]))
        return render(request, self.template_name, {"form": form, "event": event}, status=400)


class EventDetailPage(View):
    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        my_match = current_match_of(event=event, user=request.user)
        running = event.state in (EventState.RUNNING, EventState.TOP_CUT)
        return render(
            request,
            "decks/events/detail.html",
            {
                "event": event,
                "open": event_is_open(event),
                "organiser": event_is_organiser(event=event, user=request.user),
                "registration": registration_active_of(event=event, player=request.user),
                "my_match": my_match,
                "top_decks": top_decks(event=event),
                # The round's clock (with the visitor's table's extra time), polled as on the player's page.
                "clock": round_clock_of(event=event, now=timezone.now(), match=my_match) if running else None,
                "running": running,
            },
        )


@method_decorator(login_required, name="dispatch")
class EventRegisterPage(CountedPostView):
    """Register one of your decks of the event's game, or replace your registration, until the deadline."""

    template_name = "decks/events/register.html"

    def _context(self, request: HttpRequest, event: Event, form: RegisterForm, **extra: Any) -> dict[str, Any]:
        return {
            "event": event,
            "form": form,
            "open": event_is_open(event),
            "registration": registration_active_of(event=event, player=request.user),
            "validation": None,
            **extra,
        }

    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        form = RegisterForm(decks=registration_decks(event=event, player=request.user))
        return render(request, self.template_name, self._context(request, event, form))

    def post(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        form = RegisterForm(request.POST, decks=registration_decks(event=event, player=request.user))
        extra: dict[str, Any] = {}
        if form.is_valid():
            deck = deck_get_owned(deck_id=form.cleaned_data["deck"], user=request.user)
            if deck is None:
                form.add_error("deck", "No deck of yours has that id.")
            else:
                try:
                    registration = registration_create(event=event, player=request.user, deck=deck)
                except RegistrationIllegal as exc:
                    form.add_error("deck", exc.message)
                    extra["validation"] = exc.validation
                except EventError as exc:
                    form.add_error("deck" if exc.field != "deadline" else None, exc.message)
                else:
                    messages.success(
                        request,
                        f"Registered {registration.deck_name} for {event.name} (list hash {registration.list_hash}).",
                    )
                    return HttpResponseRedirect(reverse("event-detail", args=[event.pk]))
        context = self._context(request, event, form)
        context.update(extra)
        return render(request, self.template_name, context, status=400)


@method_decorator(login_required, name="dispatch")
class EventWithdraw(CountedPostView):
    def post(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        registration = _my_registration(request, event)
        try:
            registration_withdraw(registration=registration)
        except EventError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, f"Withdrew {registration.deck_name} from {event.name}.")
        return HttpResponseRedirect(reverse("event-detail", args=[event.pk]))


@method_decorator(login_required, name="dispatch")
class MyRegistrationPrint(View):
    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _event(event_id)
        registration = _my_registration(request, event)
        return print_sheets_page(
            request,
            sheets=[registration_sheet(registration=registration)],
            title=f"{registration.deck_name} · {event.name}",
            back_url=reverse("event-detail", args=[event.pk]),
        )


@method_decorator(login_required, name="dispatch")
class EventManagePage(View):
    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        return _manage_page(request, _organised(request, event_id))


def _manage_page(request: HttpRequest, event: Event, status: int = 200) -> HttpResponse:
    """The manage page; again, with the refusal's status and its message, when a change on it was refused."""
    check = event_check_latest(event=event)
    return render(
        request,
        "decks/events/manage.html",
        {
            **_check_context(event, check),
            "open": event_is_open(event),
            "registrations": list(registrations_active(event=event)),
            "co_organisers": list(co_organisers_of(event=event)),
            "owner": event_is_owner(event=event, user=request.user),
        },
        status=status,
    )


@method_decorator(login_required, name="dispatch")
class CoOrganiserAdd(CountedPostView):
    """The organiser names a co-organiser by username (docs/decks.md, "Co-organisers"); a co-organiser cannot."""

    def post(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        try:
            co = co_organiser_add(owner=request.user, event=event, username=request.POST.get("username", ""))
        except EventError as exc:  # 400 a name that is no player's, 403 a co-organiser (only the owner names them)
            return _manage_page(request, event, status=page_refusal(request, exc))
        messages.success(request, f"{co.user.get_username()} co-organises {event.name}: they can run it with you.")
        return HttpResponseRedirect(reverse("event-manage", args=[event.pk]))


@method_decorator(login_required, name="dispatch")
class CoOrganiserRemove(CountedPostView):
    def post(self, request: SignedInHttpRequest, event_id: int, co_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        try:
            co_organiser_remove(owner=request.user, event=event, co_organiser_id=co_id)
        except EventError as exc:  # 403: only the owner removes a co-organiser
            return _manage_page(request, event, status=page_refusal(request, exc))
        return HttpResponseRedirect(reverse("event-manage", args=[event.pk]))


@method_decorator(login_required, name="dispatch")
class EventFormatVersionMove(CountedPostView):
    """The organiser moves the event to its format's latest version; every registration is re-checked against it."""

    def post(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        try:
            moved, check = event_format_version_move(event=event, requested_by=request.user)
        except EventError as exc:
            messages.error(request, exc.message)
        else:
            assert moved.format_version is not None  # moved to its format's latest version
            number = moved.format_version.number
            if check is None:
                messages.info(request, f"{event.name} already uses version {number} of {event.format}, the latest.")
            else:
                messages.success(
                    request,
                    f"{event.name} now uses version {number} of {event.format}; "
                    "every registration is being re-checked against it.",
                )
        return HttpResponseRedirect(reverse("event-manage", args=[event.pk]))


@method_decorator(login_required, name="dispatch")
class EventRegistrationsCsv(View):
    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        response = HttpResponse(event_registrations_csv(event=event), content_type="text/csv; charset=utf-8")
        name = slugify(event.name) or f"event-{event.pk}"
        response["Content-Disposition"] = f'attachment; filename="{name}-registrations.csv"'
        return response


@method_decorator(login_required, name="dispatch")
class EventPrintAll(View):
    def get(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        sheets = [registration_sheet(registration=r) for r in registrations_active(event=event)]
        return print_sheets_page(
            request, sheets=sheets, title=f"Decklists · {event.name}", back_url=reverse("event-manage", args=[event.pk])
        )


@method_decorator(login_required, name="dispatch")
class EventCheckStart(CountedPostView):
    def post(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = _organised(request, event_id)
        try:
            check = event_check_create(event=event, requested_by=request.user)
        except OverBudget as exc:
            # The page shows why (htmx swaps only a 2xx); the API answers the same refusal as a 429.
            if request.headers.get("HX-Request"):
                latest = event.checks.order_by("-created").first()
                context = {**_check_context(event, latest), "refusal": exc.message}
                return render(request, "decks/events/_check_status.html", context)
            messages.error(request, exc.message)
            return HttpResponseRedirect(reverse("event-manage", args=[event.pk]))
        if request.headers.get("HX-Request"):
            return render(request, "decks/events/_check_status.html", _check_context(event, check))
        messages.info(request, "Re-checking every registration against the format now.")
        return HttpResponseRedirect(reverse("event-manage", args=[event.pk]))


@method_decorator(login_required, name="dispatch")
class EventRegistrationClose(CountedPostView):
    """The organiser closes registration at once (a deadline cannot be moved into the past)."""

    def post(self, request: HttpRequest, event_id: int) -> HttpResponse:
        event = event_registration_close(event=_organised(request, event_id))
        messages.info(request, f"Registration for {event.name} is closed.")
        return HttpResponseRedirect(reverse("event-manage", args=[event.pk]))


# Still queued after this long: the page says no worker has taken the check (the workers may be down).
QUEUED_HINT = timedelta(seconds=30)


def _check_context(event: Event, check: Any) -> dict[str, Any]:
    return {
        "event": event,
        "check": check,
        "running": check is not None and check.status in RUNNING,
        "unclaimed": check is not None
        and check.status == EventCheckStatus.QUEUED
        and check.created < timezone.now() - QUEUED_HINT,
    }


@method_decorator(login_required, name="dispatch")
class EventCheckStatusPartial(View):
    """The progress partial the manage page polls; once the job is done, htmx reloads the page with the results."""

    def get(self, request: HttpRequest, event_id: int, check_id: Any) -> HttpResponse:
        event = _organised(request, event_id)
        check = event_check_get(event=event, check_id=check_id, user=request.user)
        if check is None:
            raise Http404("No such check.")
        if not request.headers.get("HX-Request"):
            return HttpResponseRedirect(reverse("event-manage", args=[event.pk]))
        response = render(request, "decks/events/_check_status.html", _check_context(event, check))
        if check.status not in RUNNING:
            # The registrations table shows the new results: reload once (the done page does not poll).
            response["HX-Refresh"] = "true"
        return response

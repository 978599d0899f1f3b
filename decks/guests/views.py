"""Guest players' pages: the organiser's guests of an event (add, remove, their claim codes) and claiming a guest's
games into one's own account. An event that is not the caller's is the 404 page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.utils.decorators import method_decorator

from cardcollections.accounts.guests import shown_code
from cardsite.page_writes import CountedPostView
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import signed_in_post
from decks.events.lookups import organised_or_404
from decks.events.models import Event
from decks.events.services import EventError
from decks.events.services import event_is_open
from decks.guests.forms import ClaimForm
from decks.guests.forms import GuestForm
from decks.guests.models import GuestPlayer
from decks.guests.selectors import decks_to_lend
from decks.guests.selectors import guests_of
from decks.guests.services import guest_add
from decks.guests.services import guest_claim
from decks.guests.services import guest_remove


def _form(request: SignedInHttpRequest, event: Event, data: Any = None) -> GuestForm:
    decks = [(str(d.pk), d.name) for d in decks_to_lend(organiser=request.user, event=event)]
    return GuestForm(data, decks=decks)


def _page(request: SignedInHttpRequest, event: Event, form: GuestForm, status: int = 200) -> HttpResponse:
    guests = [(g, shown_code(g.claim_code)) for g in guests_of(event=event)]
    context = {"event": event, "form": form, "guests": guests, "open": event_is_open(event)}
    return render(request, "decks/guests/guests.html", context, status=status)


@method_decorator(login_required, name="dispatch")
class GuestsPage(CountedPostView):
    """GET: the event's guests with their claim codes; POST: add one (while registration is open)."""

    def get(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = organised_or_404(request.user, event_id)
        return _page(request, event, _form(request, event))

    def post(self, request: SignedInHttpRequest, event_id: int) -> HttpResponse:
        event = organised_or_404(request.user, event_id)
        form = _form(request, event, request.POST)
        if not form.is_valid():
            return _page(request, event, form, status=400)
        deck = decks_to_lend(organiser=request.user, event=event).get(pk=form.cleaned_data["deck"])
        try:
            guest = guest_add(organiser=request.user, event=event, name=form.cleaned_data["name"], deck=deck)
        except EventError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
            return _page(request, event, form, status=exc.status_code)
        messages.success(
            request,
            f"{guest.name} plays {deck.name}. Their code to claim their games later: {shown_code(guest.claim_code)}.",
        )
        return redirect("event-guests", event_id=event.pk)


@signed_in_post
def guest_remove_page(request: SignedInHttpRequest, event_id: int, guest_id: int) -> HttpResponse:
    event = organised_or_404(request.user, event_id)
    guest = GuestPlayer.objects.filter(event=event, pk=guest_id).first()
    if guest is None:
        raise Http404("No such guest.")
    try:
        guest_remove(organiser=request.user, guest=guest)
    except EventError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"{guest.name} is removed, with their registration.")
    return redirect("event-guests", event_id=event.pk)


@method_decorator(login_required, name="dispatch")
class ClaimPage(CountedPostView):
    """A person who played as a guest takes those games into their own account with the guest's code."""

    def get(self, request: SignedInHttpRequest) -> HttpResponse:
        return render(
            request, "decks/guests/claim.html", {"form": ClaimForm(initial={"code": request.GET.get("code", "")[:20]})}
        )

    def post(self, request: SignedInHttpRequest) -> HttpResponse:
        form = ClaimForm(request.POST)
        if form.is_valid():
            try:
                guest = guest_claim(user=request.user, code=form.cleaned_data["code"])
            except EventError as exc:
                form.add_error("code", exc.message)
                return render(request, "decks/guests/claim.html", {"form": form}, status=exc.status_code)
            messages.success(request, f"The games {guest.name} played in {guest.event.name} are yours now.")
            return redirect("event-detail", event_id=guest.event_id)
        return render(request, "decks/guests/claim.html", {"form": form}, status=400)

"""Notification pages: my notifications (newest first), marking one or all read, and opening one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cardcollections.lookups import notification_or_404
from cardcollections.notifications.selectors import notifications_for
from cardcollections.notifications.services import notification_mark_read
from cardcollections.notifications.services import notifications_mark_all_read
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import is_local_path
from cardsite.page_writes import signed_in_post

PER_PAGE = 50


@login_required
@require_GET
def notification_list(request: SignedInHttpRequest) -> HttpResponse:
    page = Paginator(notifications_for(user=request.user), PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "cardcollections/notifications/list.html", {"page": page})


@require_GET
def notification_bell(request: HttpRequest) -> HttpResponse:
    """The header's bell alone (htmx asks for it again every minute). Signed out: 204, and the bell stays as it was
    (a redirect to the login page would be swapped into the header)."""
    if not request.user.is_authenticated:
        return HttpResponse(status=204)
    return render(request, "cardcollections/notifications/_bell.html")


@signed_in_post
def notification_read(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    """Mark one read; with `open`, go where it leads (a path on this site only)."""
    notification = notification_or_404(user=request.user, pk=pk)
    notification_mark_read(notification=notification, user=request.user)
    target = notification.url
    if "open" in request.POST and is_local_path(request, target):
        return redirect(target)
    return redirect("notification-list")


@signed_in_post
def notification_read_all(request: SignedInHttpRequest) -> HttpResponse:
    count = notifications_mark_all_read(user=request.user)
    messages.success(request, f"{count} notification{'s' if count != 1 else ''} marked read.")
    return redirect("notification-list")

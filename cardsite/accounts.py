"""The site's account pages beside Django's own: password reset, rate limited per address as sign-up is, its mail
sent by a worker, and password change, whose check of the old password is counted per account."""

import logging
from typing import Any

from celery import current_app
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import LogoutView
from django.contrib.auth.views import PasswordChangeView
from django.contrib.auth.views import PasswordResetView
from django.db import transaction
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import HttpResponseBase
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from cardsite.api.throttles import page_request_allowed

logger = logging.getLogger(__name__)

# The collections app's task that looks the address up and mails the link (cardcollections/accounts/), sent by
# name: the project's package imports no app.
PASSWORD_RESET_TASK = "cardcollections.password_reset_mail"


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, whose save only queues the mail's task with the address typed: the request does the
    same work for every address (no lookup, no SMTP), so neither its answer nor its time says who has an account."""

    def save(self, *args: Any, **kwargs: Any) -> None:
        email = self.cleaned_data["email"]
        transaction.on_commit(lambda: _enqueue_reset_mail(email))


def _enqueue_reset_mail(email: str) -> None:
    try:
        current_app.send_task(PASSWORD_RESET_TASK, args=[email])
    except Exception:
        # The page's answer stays the same for every address; only this mail is lost.
        logger.exception("a password reset mail could not be queued")


_password_reset_form = PasswordResetView.as_view(form_class=QueuedPasswordResetForm)
_password_change_form = PasswordChangeView.as_view()


@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest) -> HttpResponseBase:
    """Django's password reset (a one-time link by email, on SITE_URL), rate limited per address as sign-up is.

    The answer, and the work behind it, is the same whether or not the address belongs to an account, so no one
    learns who has one: the mail is looked up and sent by a worker (cardcollections/accounts/).
    """
    if request.method == "POST" and not page_request_allowed(request, scope="password_reset"):
        return render(request, "registration/password_reset_limited.html", status=429)
    return _password_reset_form(request)


@require_http_methods(["GET", "POST"])
def password_change(request: HttpRequest) -> HttpResponseBase:
    """Django's password change (signed in), its posts counted per account (`password_check`): the old
    password it checks is a guess axes never sees, so a borrowed session could otherwise try many."""
    counted = request.method == "POST" and request.user.is_authenticated
    if counted and not page_request_allowed(request, scope="password_check"):
        return render(request, "registration/password_check_limited.html", status=429)
    return _password_change_form(request)


class LogoutClearingTheBrowser(LogoutView):
    """Django's log out, which also asks the browser to forget what this site kept in it: the learning pages'
    service worker keeps the offline page, which carries the player's decks and due verses (docs/learning.md,
    "Offline"), and the next person on a shared computer must not read them with no connection."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache", "storage"'
        return response


logout = LogoutClearingTheBrowser.as_view()

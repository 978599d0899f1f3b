"""Login lockouts that cannot be turned against an account's owner (issue #34).

django-axes counts failed logins per address and per account. Counted per account alone, five wrong passwords
from anyone, anywhere, refused the owner's right one from everywhere for the cool-off, again and again (an
organiser on event day). Counted per address alone, guesses spread over many addresses would never stop.

So, as OWASP's "device cookies": a browser where the owner signed in gets a signed cookie naming the account,
tied to its password. A login for that account from such a browser is counted by the address and the account
together, not by the account alone: the owner's own browser still signs in while strangers' guesses have
locked the account everywhere else, and guesses from the owner's own address still stop it. Every other login
is counted as before, by address and by account (`lockout_parameters`, AXES_LOCKOUT_PARAMETERS).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from django.core import signing
from django.http import HttpRequest
from django.http import HttpResponse
from django.utils.crypto import constant_time_compare

COOKIE = "login_device"
_SALT = "cardsite.login_devices"
# Every login, and every login of an account from a browser that never signed into it: its address and its
# account, each counted on its own.
COUNTED_APART: list[str | list[str]] = ["ip_address", "username"]
# A login of an account from a browser where that account signed in before: the address and the account together.
COUNTED_TOGETHER: list[str | list[str]] = [["ip_address", "username"]]


def _seal(user: Any) -> str:
    # The session's hash of the password: a password change or reset ends every browser's trust.
    return str(user.get_session_auth_hash())


def device_cookie_value(user: Any) -> str:
    return signing.dumps({"u": user.pk, "h": _seal(user)}, salt=_SALT, compress=True)


def device_trusted_for(request: HttpRequest, username: str | None) -> bool:
    """True when the request carries this browser's cookie of a sign-in to `username`'s account, still valid."""
    raw = request.COOKIES.get(COOKIE)
    if not raw or not username:
        return False
    try:
        payload = signing.loads(raw, salt=_SALT, max_age=settings.LOGIN_DEVICE_DAYS * 86400)
    except signing.BadSignature:
        return False
    if not isinstance(payload, dict):
        return False
    user_model = get_user_model()
    user = user_model._default_manager.filter(**{user_model.USERNAME_FIELD: username}).first()
    return (
        user is not None
        and payload.get("u") == user.pk
        and isinstance(payload.get("h"), str)
        and constant_time_compare(payload["h"], _seal(user))
    )


def lockout_parameters(request_or_attempt: Any, credentials: dict | None = None) -> list[str | list[str]]:
    """AXES_LOCKOUT_PARAMETERS: how a login attempt is counted (the module's docstring says why)."""
    if not isinstance(request_or_attempt, HttpRequest):
        return COUNTED_APART
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")  # axes's default, set by axes.conf
    username = (credentials or {}).get(field) or request_or_attempt.POST.get(field)
    return COUNTED_TOGETHER if device_trusted_for(request_or_attempt, username) else COUNTED_APART


def _remember(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if request is not None:
        request._login_device = device_cookie_value(user)  # type: ignore[attr-defined]


class LoginDeviceCookie:
    """Middleware: after a sign-in, the browser gets the cookie that lets its owner past an account-wide lockout."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        user_logged_in.connect(_remember, dispatch_uid="cardsite.login_devices")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        value = getattr(request, "_login_device", None)
        if value:
            response.set_cookie(
                COOKIE,
                value,
                max_age=settings.LOGIN_DEVICE_DAYS * 86400,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response

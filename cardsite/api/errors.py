"""The API's error types: `Problem`, an answer other than success that carries its own JSON body; `ServiceError`,
the one base of the services' refusals, of four kinds; and `found_or_404`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import ClassVar
from typing import TypeVar

from django.core.exceptions import PermissionDenied
from django.http import Http404
from rest_framework import status
from rest_framework.exceptions import APIException


class Problem(APIException):
    """An error answer with its status and body, raised anywhere in a view and answered as is.

    The body is the API's own shape (`{"field", "message"}`, `{"detail", "shortages"}` ...);
    `cardsite.api.handler.exception_handler` answers it. A view maps its services'
    exceptions onto problems with a `problems` attribute: {exception class: function}, only where its
    answer differs from the one `ServiceError`'s kind gives.
    """

    def __init__(self, status_code: int, body: dict[str, Any], *, headers: dict[str, str] | None = None):
        message = body.get("message") or body.get("detail") or ""
        super().__init__(str(message))
        self.status_code = status_code
        self.body = body
        self.headers = headers or {}


def bad(field: str, message: str, **extra: Any) -> Problem:
    """A 400 `{"field", "message", ...extra}`: `field` names what to fix (a JSON path such as "cards[2]")."""
    return Problem(status.HTTP_400_BAD_REQUEST, {"field": field, "message": message, **extra})


def refused(status_code: int, detail: str, **extra: Any) -> Problem:
    """An answer `{"detail", ...extra}` (403, 404, 409 ...), the shape DRF gives its own errors."""
    return Problem(status_code, {"detail": detail, **extra})


INVALID = "invalid"
NOT_ALLOWED = "not_allowed"
NOT_FOUND = "not_found"
CONFLICT = "conflict"
# Each kind of refusal's status, the same on the API and the pages.
KIND_STATUS = {
    INVALID: status.HTTP_400_BAD_REQUEST,
    NOT_ALLOWED: status.HTTP_403_FORBIDDEN,
    NOT_FOUND: status.HTTP_404_NOT_FOUND,
    CONFLICT: status.HTTP_409_CONFLICT,
}


class ServiceError(Exception):
    """A service refused a request, for a reason of one `kind`; `message` says why, for a person.

    - invalid: the request is wrong (`field` names what to fix, "body" for the whole): 400 `{"field", "message"}`;
    - not_allowed: the caller may see the object but not do this: 403 `{"detail"}`;
    - not_found: the object is not there for this caller (ids do not leak): 404 `{"detail"}`;
    - conflict: the object's state forbids it now (closed, changed since): 409 `{"detail"}`.

    The API's exception handler answers every one so (`extra()` adds its own keys); the pages use
    `cardsite.page_writes.page_refusal`. A subclass sets its `kind`, or a raise site passes one.
    """

    kind: ClassVar[str] = INVALID
    field: str = "body"

    def __init__(self, message: str, *, field: str | None = None, kind: str | None = None):
        super().__init__(message)
        self.message = message
        if field is not None:
            self.field = field
        if kind is not None:
            if kind not in KIND_STATUS:
                raise ValueError(f"Unknown kind of refusal {kind!r}.")
            self.kind = kind  # type: ignore[misc]  # one refusal's own kind, over its class's

    @property
    def status_code(self) -> int:
        return KIND_STATUS[self.kind]

    def extra(self) -> dict[str, Any]:
        """Keys the answer carries beside the message (`findings`, `shortages` ...)."""
        return {}


T = TypeVar("T")


def found_or_404(value: T | None, message: str) -> T:
    """`value` (what a selector found for the caller), or a 404 `{"detail": message}` when it found nothing."""
    if value is None:
        raise Http404(message)
    return value


def owned_or_refused(*, owned: T | None, visible: Callable[[], bool], missing: str, not_yours: str) -> T:
    """The 403/404 rule, once, for pages and the API alike (docs/api-conventions.md): `owned` (what a selector
    found for the caller to change); else a 403 `not_yours` when they may see it (`visible()`, asked only then),
    else the 404 `missing`, the same answer as for an id that does not exist, so ids do not leak."""
    if owned is not None:
        return owned
    if visible():
        raise PermissionDenied(not_yours)
    raise Http404(missing)


class UnreadableText(ValueError):
    """A JSON string the site cannot store or echo: a NUL byte or an unpaired surrogate, at `path`.

    The parser raises it for any body; the exception handler answers `bad(path, message)`
    unless the view's `problems` maps it onto its own shape.
    """

    def __init__(self, path: str, message: str):
        super().__init__(message)
        self.path = path
        self.message = message

"""The API's error type: `Problem`, an answer other than success that carries its own JSON body; and `found_or_404`."""

from __future__ import annotations

from typing import Any
from typing import TypeVar

from django.http import Http404
from rest_framework import status
from rest_framework.exceptions import APIException


class Problem(APIException):
    """An error answer with its status and body, raised anywhere in a view and answered as is.

    The body is the API's own shape (`{"field", "message"}`, `{"detail", "shortages"}` ...);
    `cardsite.api.handler.exception_handler` answers it. A view maps its services'
    exceptions onto problems with a `problems` attribute: {exception class: function}.
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


T = TypeVar("T")


def found_or_404(value: T | None, message: str) -> T:
    """`value` (what a selector found for the caller), or a 404 `{"detail": message}` when it found nothing."""
    if value is None:
        raise Http404(message)
    return value


class UnreadableText(ValueError):
    """A JSON string the site cannot store or echo: a NUL byte or an unpaired surrogate, at `path`.

    The parser raises it for any body; the exception handler answers `bad(path, message)`
    unless the view's `problems` maps it onto its own shape.
    """

    def __init__(self, path: str, message: str):
        super().__init__(message)
        self.path = path
        self.message = message

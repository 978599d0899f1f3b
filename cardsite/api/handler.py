"""The API's exception handler (REST_FRAMEWORK["EXCEPTION_HANDLER"]): problems answer their own body."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import status
from rest_framework.exceptions import ParseError
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from cardsite.api.errors import INVALID
from cardsite.api.errors import Problem
from cardsite.api.errors import ServiceError
from cardsite.api.errors import UnreadableText
from cardsite.api.errors import bad
from cardsite.api.errors import refused
from cardsite.api.parsers import MB
from cardsite.api.parsers import BoundedJSONParser
from cardsite.api.reading import error_path
from cardsite.api.work import OverBudget
from cardsite.api.work import TooBig


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """A `Problem` (or an exception the view's `problems` maps onto one) is answered with its body; the rest as DRF does."""
    view = context.get("view")
    if not isinstance(exc, Problem):
        exc = _as_problem(exc, view)
    if isinstance(exc, Problem):
        set_rollback()
        return Response(exc.body, status=exc.status_code, headers=exc.headers)
    return drf_exception_handler(exc, context)


def service_problem(exc: ServiceError) -> Problem:
    """A service's refusal, answered by its kind: invalid, a 400 `{"field", "message"}`; the others
    `{"detail"}` with the kind's status (403, 404, 409). Its `extra()` keys follow."""
    if exc.kind == INVALID:
        return bad(exc.field, exc.message, **exc.extra())
    return refused(exc.status_code, exc.message, **exc.extra())


def _as_problem(exc: Exception, view: Any) -> Exception:
    for kind, problem in getattr(view, "problems", {}).items():
        if isinstance(exc, kind):
            return problem(exc)
    if isinstance(exc, ServiceError):
        return service_problem(exc)
    if isinstance(exc, UnreadableText):
        return bad(exc.path, exc.message)
    if isinstance(exc, ValidationError):
        # DRF's own 400 (a filter set's, a serializer's): the API's one shape, naming the first field.
        field, message = error_path(exc.detail)
        return bad(field, message, errors=exc.detail)
    if isinstance(exc, ParseError):
        return bad("body", str(exc.detail))
    if isinstance(exc, OverBudget):
        return exc.problem()
    if isinstance(exc, TooBig):
        return refused(status.HTTP_400_BAD_REQUEST, exc.message)
    if isinstance(exc, RequestDataTooBig):
        # Longer than Django reads at all: the 413 of the view's own bound, else one naming Django's.
        for parser in view.get_parsers() if view is not None else []:
            if isinstance(parser, BoundedJSONParser) and parser.max_bytes is not None:
                return parser.body_too_large()
        mb = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // MB
        return refused(status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, BoundedJSONParser.too_large.format(mb=mb))
    return exc

"""Requests refused before any view sees them: bodies over their route's size, NUL bytes in the address or a form."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import JsonResponse

MB = 1024 * 1024


class RequestBodyLimit:
    """Middleware: a body over its route's limit is a 413, a chunked one a 411, from the headers alone.

    It runs its check in `process_view` (the route is known there) and stands before
    CsrfViewMiddleware, whose `process_view` reads a form body for its token: so
    nothing reads a refused body, and an anonymous upload to a page that needs a
    login is sent to the login page before its file is parsed.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> HttpResponse | None:
        name = request.resolver_match.url_name if request.resolver_match else None
        if "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
            return _refusal(request, 411, "A request body needs a Content-Length; a chunked body is not accepted.")
        raw = request.META.get("CONTENT_LENGTH") or "0"
        if not (raw.isascii() and raw.isdigit()):
            return _refusal(request, 400, "The Content-Length header is not a number.")
        length = int(raw)
        limit = settings.REQUEST_BODY_LIMITS.get(name or "", settings.REQUEST_BODY_LIMIT)
        if length > limit:
            return _refusal(request, 413, f"The body is larger than {_size(limit)}, the most this address takes.")
        if length and name in settings.LOGIN_BEFORE_BODY and not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return None


class RefuseNulBytes:
    """Middleware: a NUL byte in the path or in a query parameter is a 400, for every route, in one place.

    PostgreSQL refuses NUL in text, so a `?game=%00` or a `/u/%00/collection/` that reached a
    query was a 500. (A path or query cannot carry a lone surrogate: Django decodes them
    as UTF-8 with replacement; JSON bodies are checked by cardsite.api's parser.)
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path:
            return _refusal(request, 400, "The address contains a NUL byte.")
        for key, values in request.GET.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                name = key.replace("\x00", "\\x00")
                if request.path.startswith("/api/"):
                    # The shape of cardsite.api's `bad`, as a NUL in a JSON body is answered.
                    return JsonResponse({"field": name, "message": "Null characters are not allowed."}, status=400)
                return _refusal(request, 400, f"The query parameter {name!r} contains a NUL byte.")
        return self.get_response(request)


class RefuseNulInForms:
    """Middleware: a NUL byte in a field of a page's form post is a 400, before any view reads it.

    A Django form's CharField refuses NUL, but a view that reads `request.POST` itself (the trade
    offer's `to`, `game` and `message`) passed it to a query or a row: a 500 on PostgreSQL. The
    API refuses them in its parsers (cardsite.api.parsers). It stands after RequestBodyLimit, so
    a body over its route's limit is refused before anything reads it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func, view_args, view_kwargs) -> HttpResponse | None:
        if request.method != "POST" or request.path.startswith("/api/") or request.content_type not in _FORMS:
            return None
        if getattr(view_func, "csrf_exempt", False):
            # As CsrfViewMiddleware does: such a view reads its body itself, after setting its own upload
            # handlers (the scan upload stops reading past 10 MB); reading the form here would come first.
            return None
        for key, values in request.POST.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                name = key.replace("\x00", "\\x00")
                return _refusal(request, 400, f"The form field {name!r} contains a NUL byte.")
        return None


_FORMS = {"application/x-www-form-urlencoded", "multipart/form-data"}


def _refusal(request: HttpRequest, status: int, message: str) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _size(n: int) -> str:
    return f"{n // MB} MB" if n >= MB else f"{n // 1024} KB"

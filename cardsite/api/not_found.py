"""The site's 404 (`handler404` in cardsite/urls.py): an address under /api/ that no route matches (a table id that
is not a UUID, a misspelt path) answers the API's JSON `{"detail"}` as every API refusal does; any other address
gets the 404 page."""

from __future__ import annotations

from django.http import HttpRequest
from django.http import HttpResponse
from django.http import JsonResponse
from django.views.defaults import page_not_found


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Not found."}, status=404)
    return page_not_found(request, exception)

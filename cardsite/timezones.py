"""The visitor's time zone: the one their browser names in the `tz` cookie (set by static/js/site.js), so
times are shown and typed in it (an event's deadline, its rounds); UTC without one, or with one no zone has."""

from __future__ import annotations

import functools
import re
import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest
from django.http import HttpResponse
from django.utils import timezone

COOKIE = "tz"
# An IANA zone name ("America/Denver", "Etc/GMT+7"): anything else is never looked up.
_NAME = re.compile(r"[A-Za-z0-9_+\-]+(?:/[A-Za-z0-9_+\-]+){0,2}")


@functools.lru_cache(maxsize=1024)
def zone_named(name: str) -> zoneinfo.ZoneInfo | None:
    """The zone of that IANA name, or None."""
    if len(name) > 64 or _NAME.fullmatch(name) is None:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return None


class VisitorTimezone:
    """Middleware: activate the visitor's time zone for the request (Django's "current time zone")."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = zone_named(request.COOKIES.get(COOKIE, ""))
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

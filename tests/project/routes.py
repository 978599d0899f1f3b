"""The routes of the URL conf, read from the URL conf itself: a test walking them covers a new route unlisted."""

from __future__ import annotations

import re

from django.urls import URLPattern
from django.urls import URLResolver
from django.urls import get_resolver

CONVERTER = re.compile(r"<(?:(\w+):)?\w+>")


def url_routes(skip: re.Pattern, patterns=None, prefix: str = "") -> list[str]:
    """Every route (`cards/<int:pk>/`), but those `skip` matches."""
    found: list[str] = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            found += url_routes(skip, entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and not skip.match(route):
            found.append(route.lstrip("^").rstrip("$"))
    return sorted(set(found))


def route_paths(route: str, values: dict[str, list[str]]) -> list[str]:
    """The route's paths with each parameter replaced by every value of its converter (`values["int"]`)."""
    paths = [route]
    for match in CONVERTER.finditer(route):
        choices = values.get(match.group(1) or "str", ["x"])
        paths = [p.replace(match.group(0), value, 1) for p in paths for value in choices]
    return ["/" + p for p in paths]

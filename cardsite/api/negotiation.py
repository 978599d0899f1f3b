"""Content negotiation for views that answer one shape whatever is asked: `?format=` stays the view's own parameter."""

from __future__ import annotations

from collections.abc import Iterable

from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request


class FirstRenderer(BaseContentNegotiation):
    """The view's first parser and renderer, always.

    DRF reads `?format=` as its own switch and answers 404 when no renderer is called
    that; a view whose query has a `format` of its own (an export) uses this instead.
    Errors still come back as the first renderer's JSON.
    """

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> BaseParser | None:
        return next(iter(parsers))

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        first = next(iter(renderers))
        return first, first.media_type

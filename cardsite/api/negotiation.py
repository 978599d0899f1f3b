"""Content negotiation for views that answer one shape whatever is asked: `?format=` stays the view's own parameter."""

from __future__ import annotations

from typing import Any

from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.request import Request


class FirstRenderer(BaseContentNegotiation):
    """The view's first parser and renderer, always.

    DRF reads `?format=` as its own switch and answers 404 when no renderer is called
    that; a view whose query has a `format` of its own (an export) uses this instead.
    Errors still come back as the first renderer's JSON.
    """

    def select_parser(self, request: Request, parsers: list) -> Any:
        return parsers[0]

    def select_renderer(self, request: Request, renderers: list, format_suffix: str | None = None) -> tuple:
        return renderers[0], renderers[0].media_type

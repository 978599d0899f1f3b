"""The one pagination of the site's API: page numbers, with a bounded `page_size`."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from typing import Any

from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class PageNumberWithSize(PageNumberPagination):
    """Page numbers, with `page_size` (at most 200) for scripts that want more a page."""

    page_size = 60
    page_size_query_param = "page_size"
    max_page_size = 200


def page_response(view: APIView, request: Request, items: Iterable[Any], results: Callable[[list], Any]) -> Response:
    """One page of `items` as `{count, next, previous, results}`; `results` turns the page's items into the answer's."""
    paginator = PageNumberWithSize()
    page = paginator.paginate_queryset(items, request, view=view)
    return paginator.get_paginated_response(results(page))

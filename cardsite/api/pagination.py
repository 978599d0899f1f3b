"""The one pagination of the site's API: page numbers, with a bounded `page_size`."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from django.db.models import QuerySet
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class PageNumberWithSize(PageNumberPagination):
    """Page numbers, with `page_size` (at most 200) for scripts that want more a page."""

    page_size = 60
    page_size_query_param = "page_size"
    max_page_size = 200


def page_response(
    view: APIView, request: Request, items: QuerySet[Any] | Sequence[Any], results: Callable[[list[Any]], Any]
) -> Response:
    """One page of `items` as `{count, next, previous, results}`; `results` turns the page's items into the answer's."""
    paginator = PageNumberWithSize()
    page: list[Any] | None = paginator.paginate_queryset(items, request, view=view)
    assert page is not None  # None only without a page size, and this paginator has one
    return paginator.get_paginated_response(results(page))

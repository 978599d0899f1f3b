"""The one pagination of the site's API: page numbers, with a bounded `page_size`."""

from rest_framework.pagination import PageNumberPagination


class PageNumberWithSize(PageNumberPagination):
    """Page numbers, with `page_size` (at most 200) for scripts that want more a page."""

    page_size = 60
    page_size_query_param = "page_size"
    max_page_size = 200

"""The card list's pages: the site's pagination, reading a page of cards and its count in one go."""

from typing import cast

from django.core.paginator import Page
from django.core.paginator import Paginator
from django.db.models import QuerySet

from cardcollections.catalog.selectors import card_listing_page
from cardcollections.models import Card
from cardsite.api.pagination import PageNumberWithSize

# No catalog is near this long; past it the offset is not sent to the database.
_FAR_OFFSET = 2**31


class CardListPaginator(Paginator):
    """Django's paginator for a card list, reading a page and the exact count together.

    Django counts first (to check the page number) and then slices: two scans
    of the matches, and the slice builds model instances. Here the page's
    rows and the total come from `card_listing_page`, and the number is
    checked against that total afterwards, with the same errors.
    """

    def page(self, number: int | float | str) -> Page:
        # The checks validate_number makes before it needs the count.
        try:
            if isinstance(number, float) and not number.is_integer():
                raise ValueError
            start = (int(number) - 1) * self.per_page
        except (TypeError, ValueError):
            # Django's validate_number takes a float too; the stubs say int or str.
            return super().page(number)  # type: ignore[arg-type]  # raises PageNotAnInteger
        if not 0 <= start <= _FAR_OFFSET:
            # Below 1: EmptyPage. Far past any catalog: counted first as Django
            # does (a 404), the offset would overflow the database's integers.
            return super().page(number)  # type: ignore[arg-type]  # a float too, as above
        # object_list is the card list's query (the stubs type it as anything that pages).
        rows, total = card_listing_page(cast("QuerySet[Card]", self.object_list), offset=start, limit=self.per_page)
        if "count" not in self.__dict__:  # not yet counted (page=last counts first)
            self.count = total
        # Past the end this raises EmptyPage as Django's would; orphans are 0 in DRF.
        # Paginator._get_page is Django's (the hook for a Page subclass); the stubs leave it out.
        return self._get_page(rows, self.validate_number(number), self)  # type: ignore[attr-defined]


class CardPagination(PageNumberWithSize):
    """The card list's pages: as PageNumberWithSize (same links, sizes and errors), read by CardListPaginator."""

    django_paginator_class = CardListPaginator

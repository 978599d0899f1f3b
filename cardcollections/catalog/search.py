"""A checked search (rules.search) as one database query: each term a Q object over the card table.

Bare words match the title, rules text or scripture: on PostgreSQL every word
as a prefix through the stored tsvector column `search_vector` and its index
(migration 0016; "faith" finds "faithful"), elsewhere as a substring of `search_text`. A quoted phrase matches
its whole words in that order (PostgreSQL's phrase search over the same index; a
regular expression on SQLite). Keys compare the card's own columns; `title:` matches the
starts of the title's words, on both databases.
"""

from __future__ import annotations

import re

from django.contrib.postgres.search import SearchQuery
from django.contrib.postgres.search import SearchVectorField
from django.db import connections
from django.db.models import Q
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL

from rules.search import Match
from rules.search import Not
from rules.search import Or
from rules.search import Phrase
from rules.search import Word
from rules.text import title_key

WORD = re.compile(r"\w+")
_OPS = {"=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
# Unique for the copy limits, as the card API's `unique_for_limits`.
UNIQUE = Q(unique=True) | Q(type="unique-person") | Q(tags_key__contains="|effect:unique|")
# A column per field whose value is compared as stored.
_COLUMNS = {
    "type": "type",
    "kind": "kind",
    "color": "color",
    "shape": "shape",
    "power": "power",
    "alignment": "alignment",
    "size": "size",
    "work": "standard_work",
}
_FLAGS = {
    "is:unique": UNIQUE,
    "is:advanced": Q(advanced=True),
    "is:mounted": Q(mounted=True),
    "is:prophet": Q(prophet=True),
}


def _tag(value: str) -> Q:
    return Q(tags_key__contains=f"|{title_key(value)}|")


def _title_words(value: str) -> Q:
    """`title:WORD`, by words of the title: the value's words in order, each the start of a title word
    ("small" and "sma" find By Small Means, "mall" does not), as a bare word matches on PostgreSQL."""
    words = WORD.findall(value)
    return Q(title__iregex=r"(^|\W)" + r"\W+".join(re.escape(w) for w in words))


def _match(term: Match) -> Q:
    if term.field in _FLAGS:
        return _FLAGS[term.field]
    if isinstance(term.value, int):
        return Q(**{f"{term.field}__{_OPS[term.op]}": term.value})
    if term.field in _COLUMNS:
        return Q(**{_COLUMNS[term.field]: term.value})
    value = str(term.value)
    return {
        "set": lambda: Q(card_set__code__iexact=value),
        "title": lambda: _title_words(value),
        "theme": lambda: Q(**{f"icon_{value}__gte": 1}),
        "marker": lambda: _tag(value),
        "icon": lambda: _tag(value),
        "effect": lambda: Q(tags_key__contains=f"|effect:{value}|"),
        "reference": lambda: Q(reference__istartswith=value),
    }[term.field]()


def search_filter(queryset: QuerySet, tree) -> QuerySet:
    """`queryset` narrowed to the cards the checked search `tree` (rules.search.checked_search) matches."""
    if tree is None:
        return queryset
    postgres = connections[queryset.db].vendor == "postgresql"

    def text(words: list[str], phrase: bool) -> Q:
        if not words:
            return Q()
        if postgres:
            if phrase:
                return Q(_search=SearchQuery(" ".join(words), search_type="phrase", config="simple"))
            return Q(_search=SearchQuery(" & ".join(f"{w}:*" for w in words), search_type="raw", config="simple"))
        if phrase:
            # Whole words, as PostgreSQL's phrase search: "hoose you thi" is not in "choose you this".
            return Q(search_text__regex=r"(?<!\w)" + r"\W+".join(re.escape(w) for w in words) + r"(?!\w)")
        q = Q()
        for word in words:
            q &= Q(search_text__contains=word)
        return q

    def walk(node) -> Q:
        if isinstance(node, Word):  # Phrase is a Word
            return text(WORD.findall(node.text.casefold()), phrase=isinstance(node, Phrase))
        if isinstance(node, Match):
            return _match(node)
        if isinstance(node, Not):
            return ~walk(node.term)
        combined = Q()
        for term in node.terms:
            combined = combined | walk(term) if isinstance(node, Or) else combined & walk(term)
        return combined

    condition = walk(tree)
    if postgres:
        # alias, not annotate: the vector is only matched, never selected. The column is PostgreSQL's own
        # (generated from search_text, see migration 0016), so the model has no field for it.
        queryset = queryset.alias(_search=RawSQL('"collections_card"."search_vector"', [], SearchVectorField()))
    return queryset.filter(condition)

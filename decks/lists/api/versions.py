"""Saved-deck API: a deck's versions, one version, and comparing two decks (or two versions of one)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from cardsite.api.errors import refused
from cardsite.api.pagination import page_response
from cardsite.api.reading import reads_query
from decks.lists.api.base import MAX_NUMBER
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import answers
from decks.lists.api.base import not_found
from decks.lists.api.serializers import CompareOut
from decks.lists.api.serializers import CompareQuery
from decks.lists.api.serializers import DeckVersionOut
from decks.lists.api.serializers import DeckVersionPageOut
from decks.lists.api.serializers import EmptyQuery
from decks.lists.api.serializers import VersionQuery
from decks.lists.lookups import deck_readable_or_404
from decks.lists.selectors import deck_version_changes
from decks.lists.selectors import deck_version_get
from decks.lists.selectors import deck_versions
from decks.lists.selectors import deck_versions_numbered
from decks.lists.selectors import decks_compare
from decks.lists.selectors import version_changes
from decks.models import Deck
from decks.models import DeckVersion
from rules.deck_compare import DeckComparison


def _version_body(version: DeckVersion, changes: DeckComparison | None) -> dict[str, Any]:
    return {
        "number": version.number,
        "name": version.name,
        "format": version.format,
        "card_count": version.card_count,
        "created": version.created,
        "cards": version.cards,
        "considering": version.considering,
        "changes": changes.to_dict() if changes is not None else None,
    }


def _with_changes(deck: Deck, page: list[DeckVersion]) -> list[dict[str, Any]]:
    """A page of versions, each with what changed from the version before it (read in one query when off the page)."""
    on_page = {v.number: v for v in page}
    wanted = {v.number - 1 for v in page if v.number > 1 and v.number - 1 not in on_page}
    previous = {**deck_versions_numbered(deck=deck, numbers=wanted), **on_page} if wanted else on_page
    results: list[dict[str, Any]] = []
    for v in page:
        results.append(DeckVersionOut(_version_body(v, version_changes(v, previous.get(v.number - 1)))).data)
    return results


class DeckVersionsApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_versions",
        summary="A deck's versions, newest first",
        description="Each saved list with what changed from the version before it (version 1: every card added).",
        responses=answers({200: DeckVersionPageOut}, bad_request=True, missing=NOT_FOUND),
    )
    @reads_query(VersionQuery)
    def get(self, request: Request, deck_id: Any) -> Response:
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        return page_response(self, request, deck_versions(deck=deck), lambda page: _with_changes(deck, page))


class DeckVersionApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_version",
        summary="One version of a deck",
        responses=answers({200: DeckVersionOut}, bad_request=True, missing=NOT_FOUND),
    )
    @reads_query(EmptyQuery)
    def get(self, request: Request, deck_id: Any, number: int) -> Response:
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        version = deck_version_get(deck=deck, number=number) if number <= MAX_NUMBER else None
        if version is None:
            raise not_found("version")
        changes = deck_version_changes(deck=deck, number=number)
        return Response(DeckVersionOut(_version_body(version, changes)).data)


def _side(deck: Deck, number: int | None, field: str) -> Deck | DeckVersion:
    if number is None or number == deck.version:
        return deck
    version = deck_version_get(deck=deck, number=number)
    if version is None:
        raise refused(status.HTTP_404_NOT_FOUND, f"No such version ({field}={number}).")
    return version


class DeckCompareApi(DeckApiBase):
    @extend_schema(
        operation_id="decks_compare",
        summary="Compare a deck with another deck",
        description=(
            "`with` is the other deck's id; `version` and `with_version` pick versions (default: the latest). "
            "The changes go from this deck to `with`: `added` are titles `with` has more copies of. Both decks "
            "must be ones you may read (404 otherwise); a deck may be compared with itself across versions."
        ),
        responses=answers({200: CompareOut}, bad_request=True, missing=NOT_FOUND),
    )
    @reads_query(CompareQuery)
    def get(self, request: Request, deck_id: Any, query: dict[str, Any]) -> Response:
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        other = deck_readable_or_404(user=request.user, pk=query["with"])
        for key in ("version", "with_version"):
            if query.get(key, 0) > MAX_NUMBER:
                raise refused(status.HTTP_404_NOT_FOUND, f"No such version ({key}={query[key]}).")
        before = _side(deck, query.get("version"), "version")
        after = _side(other, query.get("with_version"), "with_version")
        comparison = decks_compare(before=before, after=after)

        def side(d: Deck, v: Deck | DeckVersion) -> dict[str, Any]:
            number = d.version if isinstance(v, Deck) else v.number
            return {"id": d.pk, "name": v.name, "version": number, "card_count": v.card_count}

        body = {"deck": side(deck, before), "with": side(other, after), "same": comparison.same}
        body["changes"] = comparison.to_dict()
        return Response(CompareOut(body).data)

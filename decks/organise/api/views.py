"""Deck folders API (/api/v1/deck-folders/) and organising one deck (/api/v1/decks/{id}/organise/).

A folder is its owner's only: anyone else gets a 404, as for a folder that does
not exist. Organising a deck (folder, tags, archived) is the deck owner's only
(decks.lists.lookups.deck_owned_or_refused: 404 if they may not read it, 403 if they may).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from cardsite.api.authentication import SignedInRequest
from cardsite.api.errors import bad
from cardsite.api.reading import read_body
from cardsite.api.reading import reads_query
from decks.lists.api.base import NOT_FOUND
from decks.lists.api.base import NOT_OWNER
from decks.lists.api.base import SignedInDeckApi
from decks.lists.api.base import answers
from decks.lists.api.base import deck_body
from decks.lists.api.base import not_found
from decks.lists.api.serializers import DeckOut
from decks.lists.api.serializers import EmptyQuery
from decks.lists.lookups import deck_owned_or_refused
from decks.models import DeckFolder
from decks.organise.api.serializers import DeckOrganiseIn
from decks.organise.api.serializers import FolderCreateIn
from decks.organise.api.serializers import FolderOut
from decks.organise.api.serializers import FolderRenameIn
from decks.organise.selectors import folder_get_owned
from decks.organise.selectors import folders_of
from decks.organise.services import UNCHANGED
from decks.organise.services import deck_organise
from decks.organise.services import folder_create
from decks.organise.services import folder_delete
from decks.organise.services import folder_rename

TAGS = ["deck folders"]
NO_FOLDER = OpenApiResponse(description="No such folder of yours.")


def _folder(request: Request, folder_id: Any, field: str | None = None) -> DeckFolder:
    folder = folder_get_owned(folder_id=folder_id, user=request.user)
    if folder is None:
        raise bad(field, "No such folder of yours.") if field else not_found("folder")
    return folder


# Tagged as the folders' own operations; organising a deck is one of the deck's (tagged "decks").
@extend_schema(tags=TAGS)
class _FolderApi(SignedInDeckApi):
    pass  # no docstring: the schema would take it as every operation's description


class FolderListApi(_FolderApi):
    @extend_schema(
        operation_id="deck_folders_list",
        summary="Your deck folders",
        description="Each top-level folder followed by its subfolders (one level), by name.",
        responses=answers({200: FolderOut(many=True)}, bad_request=True, signed_in=True),
    )
    @reads_query(EmptyQuery)
    def get(self, request: SignedInRequest) -> Response:
        return Response(FolderOut(folders_of(owner=request.user), many=True).data)


class FolderCreateApi(_FolderApi):
    @extend_schema(
        operation_id="deck_folders_create",
        summary="Make a deck folder",
        description="At the top, or inside one of your top-level folders (`parent`). Names are unique where they sit.",
        request=FolderCreateIn,
        responses=answers({201: FolderOut}, bad_request=True, signed_in=True),
    )
    def post(self, request: SignedInRequest) -> Response:
        data = read_body(request, FolderCreateIn)
        parent = _folder(request, data["parent"], "parent") if data.get("parent") is not None else None
        folder = folder_create(owner=request.user, name=data["name"], parent=parent)
        return Response(FolderOut(folder).data, status=status.HTTP_201_CREATED)


class FoldersApi(FolderListApi, FolderCreateApi):
    """/deck-folders/: GET lists, POST makes one."""


class FolderRenameApi(_FolderApi):
    @extend_schema(
        operation_id="deck_folders_update",
        summary="Rename a deck folder",
        request=FolderRenameIn,
        responses=answers({200: FolderOut}, bad_request=True, signed_in=True, missing=NO_FOLDER),
    )
    def patch(self, request: Request, folder_id: int) -> Response:
        data = read_body(request, FolderRenameIn)
        folder = _folder(request, folder_id)
        return Response(FolderOut(folder_rename(folder=folder, name=data["name"])).data)


class FolderDeleteApi(_FolderApi):
    @extend_schema(
        operation_id="deck_folders_destroy",
        summary="Delete a deck folder",
        description="Its subfolders go with it; the decks in them stay, in no folder.",
        responses=answers({204: None}, signed_in=True, missing=NO_FOLDER),
    )
    def delete(self, request: Request, folder_id: int) -> Response:
        folder_delete(folder=_folder(request, folder_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class FolderApi(FolderRenameApi, FolderDeleteApi):
    """/deck-folders/{id}/: PATCH renames, DELETE deletes."""


class DeckOrganiseApi(SignedInDeckApi):
    @extend_schema(
        operation_id="decks_organise",
        summary="Put a deck in a folder, tag it, archive it (owner only)",
        description=(
            "Any of `folder` (one of yours; null takes it out), `tags` (replace the deck's tags) and `archived` "
            "(hidden from the deck lists, still opened by its link). Not a new version: the list is unchanged."
        ),
        request=DeckOrganiseIn,
        responses=answers({200: DeckOut}, bad_request=True, signed_in=True, forbidden=NOT_OWNER, missing=NOT_FOUND),
    )
    def put(self, request: Request, deck_id: Any) -> Response:
        data = read_body(request, DeckOrganiseIn)
        deck = deck_owned_or_refused(user=request.user, pk=deck_id)
        folder = UNCHANGED
        if "folder" in data:
            folder = _folder(request, data["folder"], "folder") if data["folder"] is not None else None
        deck = deck_organise(deck=deck, folder=folder, tags=data.get("tags"), archived=data.get("archived"))
        deck = deck_owned_or_refused(user=request.user, pk=deck.pk)  # read again: its folder and tags as stored
        return Response(deck_body(deck, request))

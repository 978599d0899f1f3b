"""Comments in the API: a deck's comments (GET everyone on a public deck, POST signed in), and one comment
(PATCH its author for 15 minutes, DELETE its author, the deck's owner or a moderator).

A deck whose comments the caller may not see (someone else's private or unlisted deck) is a 404, as
for the deck itself; a comment the caller may see but not change is a 403.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.utils import extend_schema_field
from rest_framework import permissions
from rest_framework import serializers
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from cardsite.api.authentication import SignedInRequest
from cardsite.api.pagination import page_response
from cardsite.api.reading import read_body
from cardsite.api.reading import reads_query
from decks.comments.selectors import comments_html
from decks.comments.selectors import comments_visible
from decks.comments.selectors import deck_comment_get
from decks.comments.selectors import deck_comments
from decks.comments.services import MAX_COMMENT
from decks.comments.services import comment_can_delete
from decks.comments.services import comment_can_edit
from decks.comments.services import comment_create
from decks.comments.services import comment_delete
from decks.comments.services import comment_edit
from decks.lists.api.base import DeckApiBase
from decks.lists.api.base import answers
from decks.lists.api.base import not_found
from decks.lists.api.serializers import PageQuery
from decks.lists.api.serializers import page_out
from decks.lists.lookups import deck_readable_or_404
from decks.models import Deck
from decks.models import DeckComment
from decks.validation.api.serializers import StrictCharField

TAGS = ["comments"]
NOT_FOUND = OpenApiResponse(description="No such deck or comment, or a deck whose comments you may not see.")
NOT_ALLOWED = OpenApiResponse(description="You may see it but not do this (not yours, too late, not public).")


class CommentOut(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField(source="author.username")
    body = serializers.CharField(help_text="Markdown, as written.")
    html = serializers.SerializerMethodField(help_text="The body as safe HTML, [[card]] links resolved.")
    created = serializers.DateTimeField()
    edited = serializers.DateTimeField(allow_null=True)
    can_edit = serializers.SerializerMethodField(help_text="You wrote it, less than 15 minutes ago.")
    can_delete = serializers.SerializerMethodField(help_text="You wrote it, own the deck, or moderate.")

    def get_html(self, comment: DeckComment) -> str:
        html = self.context.get("html") or comments_html(comments=[comment], game_slug=comment.deck.game.slug)
        return html[comment.pk]

    @extend_schema_field(serializers.BooleanField())
    def get_can_edit(self, comment: DeckComment) -> bool:
        user = self.context["request"].user
        return bool(user.is_authenticated and comment_can_edit(comment=comment, user=user))

    @extend_schema_field(serializers.BooleanField())
    def get_can_delete(self, comment: DeckComment) -> bool:
        user = self.context["request"].user
        return bool(user.is_authenticated and comment_can_delete(comment=comment, user=user))


CommentPageOut = page_out("CommentPageOut", CommentOut(many=True))


class CommentIn(serializers.Serializer):
    body = StrictCharField(max_length=MAX_COMMENT, trim_whitespace=False, help_text="Markdown; [[Card]] links a card.")


@extend_schema(tags=TAGS)
class _CommentApiBase(DeckApiBase):
    # CommentNotAllowed is a 403, DeckRequestError a 400 naming its field: their kinds (ServiceError).

    def deck(self, request: Request, deck_id: Any) -> Deck:
        deck = deck_readable_or_404(user=request.user, pk=deck_id)
        if not comments_visible(deck=deck, user=request.user):
            raise not_found()
        return deck

    def comment(self, request: Request, deck_id: Any, comment_id: int) -> DeckComment:
        comment = deck_comment_get(deck=self.deck(request, deck_id), comment_id=comment_id)
        if comment is None:
            raise not_found("comment")
        return comment


class DeckCommentListApi(_CommentApiBase):
    @extend_schema(
        operation_id="deck_comments_list",
        summary="A deck's comments, oldest first",
        description="Anyone's for a public deck; only the owner's once the deck is not public.",
        responses=answers({200: CommentPageOut}, bad_request=True, missing=NOT_FOUND),
    )
    @reads_query(PageQuery)
    def get(self, request: Request, deck_id: Any) -> Response:
        deck = self.deck(request, deck_id)

        def results(page: list[DeckComment]) -> Any:
            html = comments_html(comments=page, game_slug=deck.game.slug)
            return CommentOut(page, many=True, context={"request": request, "html": html}).data

        return page_response(self, request, deck_comments(deck=deck).select_related("deck__game"), results)


class DeckCommentCreateApi(_CommentApiBase):
    @extend_schema(
        operation_id="deck_comments_create",
        summary="Comment on a public deck",
        description="Signed in. Rate-limited with every other write. 403 when the deck is not public.",
        request=CommentIn,
        responses=answers(
            {201: CommentOut}, bad_request=True, signed_in=True, forbidden=NOT_ALLOWED, missing=NOT_FOUND
        ),
    )
    def post(self, request: Request, deck_id: Any) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated("Sign in to comment.")
        data = read_body(request, CommentIn)
        deck = self.deck(request, deck_id)
        comment = comment_create(deck=deck, author=request.user, body=data["body"])
        return Response(CommentOut(comment, context={"request": request}).data, status=status.HTTP_201_CREATED)


class DeckCommentsApi(DeckCommentListApi, DeckCommentCreateApi):
    """/decks/{id}/comments/: GET lists, POST comments."""


class DeckCommentApi(_CommentApiBase):
    """/decks/{id}/comments/{comment}/: PATCH edits, DELETE deletes."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="deck_comments_update",
        summary="Edit your comment (15 minutes after posting)",
        request=CommentIn,
        responses=answers(
            {200: CommentOut}, bad_request=True, signed_in=True, forbidden=NOT_ALLOWED, missing=NOT_FOUND
        ),
    )
    def patch(self, request: SignedInRequest, deck_id: Any, comment_id: int) -> Response:
        data = read_body(request, CommentIn)
        comment = self.comment(request, deck_id, comment_id)
        comment = comment_edit(comment=comment, user=request.user, body=data["body"])
        return Response(CommentOut(comment, context={"request": request}).data)

    @extend_schema(
        operation_id="deck_comments_destroy",
        summary="Delete a comment (its author, the deck's owner or a moderator)",
        responses=answers({204: None}, signed_in=True, forbidden=NOT_ALLOWED, missing=NOT_FOUND),
    )
    def delete(self, request: SignedInRequest, deck_id: Any, comment_id: int) -> Response:
        comment_delete(comment=self.comment(request, deck_id, comment_id), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

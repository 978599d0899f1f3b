"""Blocking API: the players I blocked, blocking one, lifting a block (signed in; only one's own blocks exist)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework import serializers
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardcollections.blocks.selectors import player_blocks_made
from cardcollections.blocks.services import MAX_BLOCKS
from cardcollections.blocks.services import player_block
from cardcollections.blocks.services import player_unblock
from cardsite.api.errors import refused
from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query


class BlockIn(serializers.Serializer):
    username = serializers.CharField(max_length=150, help_text="the player to block (any case)")


class BlockOut(serializers.Serializer):
    username = serializers.CharField(source="blocked.username")
    created = serializers.DateTimeField()


class BlockList(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: BlockOut(many=True)})
    @reads_query(NoFields)
    def get(self, request):
        """The players you blocked, newest first (at most 1,000)."""
        return Response(BlockOut(player_blocks_made(user=request.user)[:MAX_BLOCKS], many=True).data)

    @extend_schema(responses={201: BlockOut, 404: OpenApiResponse(description="No player has that name.")})
    @reads_body(BlockIn)
    def post(self, request, data):
        """Block a player: no trade offers, comments on your decks, follows or table invitations from them; their
        open offers to you are declined. Blocking twice answers the first block. 404 for no such player."""
        block = player_block(blocker=request.user, username=data["username"])
        return Response(BlockOut(block).data, status=status.HTTP_201_CREATED)


class BlockDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    @reads_body(NoFields)
    def delete(self, request, username: str):
        """Lift your block of a player; 404 when you have none."""
        if not player_unblock(blocker=request.user, username=username):
            raise refused(status.HTTP_404_NOT_FOUND, "You have not blocked that player.")
        return Response(status=status.HTTP_204_NO_CONTENT)

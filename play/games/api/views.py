"""POST /api/v1/play/{game}/: a whole game replayed from its seats, options, seed and actions."""

from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.errors import bad
from cardsite.api.errors import refused
from cardsite.api.parsers import BoundedJSONParser
from cardsite.api.reading import read_body
from play.games.api import serializers as s
from play.games.services import NotPlayable
from play.games.services import game_replay
from rules.play.interface import SetupError
from rules.play.log import ActionRefused


class PlayApi(APIView):
    """Stateless: the answer is computed from the request alone, in the request (bounded: 5,000 actions)."""

    authentication_classes: list = []  # scripts post here: no session, so no CSRF check
    permission_classes = [permissions.AllowAny]
    parser_classes = [BoundedJSONParser]
    throttle_scope = "compute"

    @extend_schema(
        operation_id="play_game",
        summary="Play a whole game: the state after the given actions",
        request=s.PlayRequestSerializer,
        responses={
            200: s.PlayAnswerSerializer,
            400: OpenApiResponse(
                s.PlayRefusalSerializer,
                description='`{"field", "message"}`; a refused action adds `action` (its index), `code` and '
                "`detail`, as docs/contracts/play.md says.",
            ),
            404: OpenApiResponse(description="No such game, or a game that cannot be played whole yet."),
        },
        examples=[
            OpenApiExample(
                "Two players, no action yet",
                request_only=True,
                value={"seats": [{"name": "Ann"}, {"name": "Ben"}], "options": {"variant": "basic"}, "seed": 7},
            )
        ],
        tags=["play"],
    )
    def post(self, request: Request, game: str) -> Response:
        body = read_body(request, s.PlayRequestSerializer)
        try:
            played = game_replay(
                game=game, seats=body["seats"], options=body["options"], seed=body["seed"], actions=body["actions"]
            )
        except NotPlayable:
            raise refused(status.HTTP_404_NOT_FOUND, f"{game!r} cannot be played whole on this site (yet).") from None
        except SetupError as exc:
            raise bad(exc.path, exc.detail, code=exc.code) from None
        except ActionRefused as exc:
            raise bad(f"actions[{exc.index}]", exc.detail, **exc.to_dict()) from None
        return Response(played.to_dict())

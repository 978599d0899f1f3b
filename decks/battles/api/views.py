"""The rules checkers' API (docs/contracts/rules-checkers.md): one stateless endpoint per checker, no login needed."""

from typing import Any

from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.utils import extend_schema_view
from rest_framework import permissions
from rest_framework import serializers
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from cardsite.api.errors import bad
from cardsite.api.parsers import BoundedJSONParser
from cardsite.api.reading import read_body_keys
from cardsite.api.work import client_address
from decks.battles.api import serializers as s
from decks.battles.services import rules_check
from decks.battles.services import simulation_job_create
from decks.goldfish.checks import GoldfishInputError
from rules.checkers import IllegalInput


class RulesCheckApi(APIView):
    """Runs the `checker` of `game` on the body; an illegal request is a 400 `{"field", "message"}`."""

    # Anonymous scripts post here: no session, so no CSRF check to trip over.
    authentication_classes: list = []
    permission_classes = [permissions.AllowAny]
    parser_classes = [BoundedJSONParser]
    throttle_scope = "compute"  # cardsite.api.throttles: a costlier limit than plain writes
    game = ""
    checker = ""
    # The request's serializer: its keys are read strictly, its values by the checker, which names their JSON paths.
    reads: type[serializers.Serializer] = serializers.Serializer

    def post(self, request: Request) -> Response:
        data = read_body_keys(request, self.reads)
        try:
            return Response(rules_check(game=self.game, checker=self.checker, request=data))
        except IllegalInput as exc:
            raise bad(exc.field or "body", exc.message) from exc


_REFUSED = OpenApiResponse(
    description='`{"field", "message"}`: an unknown card, a card of another game, a play the rules forbid or a '
    "number out of bounds; `field` is the JSON path."
)
_JOB = {
    202: s.JobCreatedSerializer,
    400: _REFUSED,
    429: OpenApiResponse(description="The caller's unfinished work leaves no room for this job."),
}


def _schema(
    operation_id: str,
    summary: str,
    request: type[serializers.Serializer],
    result: type[serializers.Serializer] | None,
    example: dict[str, Any],
    description: str = "",
) -> Any:
    """A checker's schema (200: `result`), or with no `result` a simulation's (202: the job to poll)."""
    if result is None:
        description += (
            " Answers 202 with the job's `id` and `url`: poll `GET /api/v1/goldfish/{id}/` for its `progress` "
            "and, when done, its `result` (with a `summary` sentence)."
        )
    return extend_schema_view(
        post=extend_schema(
            operation_id=operation_id,
            summary=summary,
            description=description.strip(),
            request=request,
            responses=_JOB if result is None else {200: result, 400: _REFUSED},
            examples=[OpenApiExample("A request", request_only=True, value=example)],
            tags=["rules"],
        )
    )


@_schema(
    "rules_bomb_battle",
    "Book of Mormon Battles: who wins a battle",
    s.BattleRequestSerializer,
    s.BattleResultSerializer,
    {
        "variant": "basic",
        "players": [
            {"name": "Ann", "cards": [{"title": "Shiblon"}, {"title": "Faith"}]},
            {"name": "Ben", "cards": [{"title": "Lehi"}]},
        ],
    },
)
class BattleApi(RulesCheckApi):
    game, checker = "book-of-mormon-battles", "battle"
    reads = s.BattleRequestSerializer


@_schema(
    "rules_wpl_check_play",
    "Warriors of the Promised Land: may this card be laid?",
    s.CheckPlayRequestSerializer,
    s.CheckPlayResultSerializer,
    {"in_play": [{"title": "Abinadi"}, {"title": "Moroni"}], "card": {"title": "Sword"}},
)
class CheckPlayApi(RulesCheckApi):
    game, checker = "warriors-of-the-promised-land", "check-play"
    reads = s.CheckPlayRequestSerializer


@_schema(
    "rules_wpl_challenge",
    "Warriors of the Promised Land: who wins a Challenge",
    s.ChallengeRequestSerializer,
    s.ChallengeResultSerializer,
    {
        "challenger": {"cards": [{"title": "Nephi"}, {"title": "Faith: Vision"}]},
        "defender": {"cards": [{"title": "King Noah"}]},
    },
)
class ChallengeApi(RulesCheckApi):
    game, checker = "warriors-of-the-promised-land", "challenge"
    reads = s.ChallengeRequestSerializer


@_schema(
    "rules_bc_matchup",
    "Battle Cards: who wins a match-up",
    s.MatchupRequestSerializer,
    s.MatchupResultSerializer,
    {"category": "strength", "a": {"title": "Goliath"}, "b": {"title": "Samson"}},
)
class MatchupApi(RulesCheckApi):
    game, checker = "battle-cards", "matchup"
    reads = s.MatchupRequestSerializer


class SimulationApi(APIView):
    """Start a simulation job of `game`; poll `GET /api/v1/goldfish/{id}/` (the goldfish jobs' runner)."""

    permission_classes = [permissions.AllowAny]
    parser_classes = [BoundedJSONParser]
    throttle_scope = "compute"
    game, checker = "", "simulate"
    reads: type[serializers.Serializer] = serializers.Serializer

    def post(self, request: Request) -> Response:
        data = read_body_keys(request, self.reads)
        try:
            job = simulation_job_create(
                game=self.game, owner=request.user, request=data, client=client_address(request)
            )
        except IllegalInput as exc:
            raise bad(exc.field or "body", exc.message) from exc
        except GoldfishInputError as exc:
            raise bad(exc.field, exc.message) from exc
        url = reverse("api-goldfish-detail", args=[job.id], request=request)
        return Response({"id": str(job.id), "url": url}, status=status.HTTP_202_ACCEPTED)


@_schema(
    "rules_bomb_simulate",
    "Book of Mormon Battles: the chance a battalion wins",
    s.BattalionRequestSerializer,
    None,
    {"battalion": [{"title": "Shiblon"}, {"title": "Faith"}, {"title": "Lehi"}], "opponents": 2},
    "Each opponent is dealt five cards from the rest of one box; every player makes the play of highest value. "
    "The result gives `win`, `tie` and `lose` fractions.",
)
class BattalionSimulationApi(SimulationApi):
    game = "book-of-mormon-battles"
    reads = s.BattalionRequestSerializer


@_schema(
    "rules_bc_simulate",
    "Battle Cards: the best squad under 30 Value",
    s.SquadRequestSerializer,
    None,
    {"candidates": 200, "battles": 100},
    "Random legal squads each fight random squads in Battle Mode; the result lists the five best (`best`).",
)
class SquadSimulationApi(SimulationApi):
    game = "battle-cards"
    reads = s.SquadRequestSerializer

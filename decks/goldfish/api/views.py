"""Goldfish API (docs/contracts/goldfish.md, "HTTP"): exact answers at once, simulate and play as jobs.

No login needed. A logged-in caller's job is theirs alone (404 for anyone
else); an anonymous job is readable and cancellable by whoever has its UUID.
"""

from typing import Any

from django.urls import reverse as path_to
from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from cardsite.api.examples import refusal_example
from cardsite.api.parsers import MB
from cardsite.api.parsers import BoundedJSONParser
from cardsite.api.parsers import too_large_answer
from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_query
from cardsite.api.work import client_address
from decks.goldfish.api.serializers import GoldfishErrorSerializer
from decks.goldfish.api.serializers import GoldfishJobCreatedSerializer
from decks.goldfish.api.serializers import GoldfishJobSerializer
from decks.goldfish.api.serializers import GoldfishReplayPendingSerializer
from decks.goldfish.api.serializers import GoldfishReplayRequestSerializer
from decks.goldfish.api.serializers import GoldfishReplaySerializer
from decks.goldfish.api.serializers import GoldfishRequestSerializer
from decks.goldfish.api.serializers import GoldfishResultSerializer
from decks.goldfish.checks import GoldfishInputError
from decks.goldfish.checks import goldfish_prepare
from decks.goldfish.selectors import goldfish_job_get
from decks.goldfish.selectors import goldfish_job_state
from decks.goldfish.services import goldfish_exact_answer
from decks.goldfish.services import goldfish_job_cancel
from decks.goldfish.services import goldfish_job_create
from decks.goldfish.services import goldfish_replay_answer
from decks.goldfish.services import goldfish_replay_queue
from decks.goldfish.services import goldfish_replay_result
from decks.goldfish.services import goldfish_replay_seconds
from decks.goldfish.services import replay_caller
from decks.goldfish.services import replay_inline_seconds


class GoldfishParser(BoundedJSONParser):
    """A goldfish request holds a deck list: a body over 4 MB is refused (413) before it is decoded."""

    max_bytes = 4 * MB


_QUERIES = [
    {"name": "two faith verses", "filter": {"theme": "faith"}, "at_least": 2},
    {"name": "a follower-free cheap card", "filter": {"cost_max": 1}},
    {"name": "By Small Means", "filter": {"title": "By Small Means"}},
]
_EXACT_RESULT = {
    "mode": "exact",
    "trials": None,
    "seed": None,
    "turns": [0, 1, 2],
    "cards_seen": [5, 6, 7],
    "queries": [
        {"name": "two faith verses", "probability": [0.3121, 0.4103, 0.5012], "stderr": [0.0, 0.0, 0.0]},
    ],
}
_JOB_ID = "0b6f7d3e-8a47-4a52-b1d5-0d3c6c6d1f0a"
_MALFORMED = OpenApiResponse(GoldfishErrorSerializer, description="Malformed request; `field` names it.")
_NO_JOB = OpenApiResponse(description="No such job (or not yours).")


def _job(request: Request, job_id: str) -> Any:
    job = goldfish_job_get(job_id=job_id, user=request.user)
    if job is None:
        raise NotFound("No such goldfish job.")
    return job


# No docstring: the schema would take it as every operation's description.
@extend_schema(tags=["goldfish"])
class _GoldfishApiBase(APIView):
    permission_classes = [permissions.AllowAny]


# A request that runs the engine: a bounded body, and the costlier throttle.
class _GoldfishRunApi(_GoldfishApiBase):
    parser_classes = [GoldfishParser]
    throttle_scope = "compute"  # cardsite.api.throttles: a costlier limit than plain writes


class GoldfishApi(_GoldfishRunApi):
    """POST a goldfish request."""

    @extend_schema(
        operation_id="goldfish_create",
        summary="Ask how a deck draws",
        description=(
            "`exact` answers 200 with the result (hypergeometric, no randomness). `simulate` and `play` "
            "create a job and answer 202 with its id and URL; poll the URL. The deck is `decklist` (text) "
            "or `cards` (JSON entries) or `deck` (the id of a saved deck you may read: it gives the game and list). Limits: turns 0..30, "
            "trials 1..100,000,000, 1 to 20 queries. A malformed request is a 400 naming the field; a deck "
            "with unknown cards is a 400 listing them. Same request and seed, same numbers."
        ),
        request=GoldfishRequestSerializer,
        responses={
            200: GoldfishResultSerializer,
            202: GoldfishJobCreatedSerializer,
            400: _MALFORMED,
            413: too_large_answer(GoldfishParser),
            429: OpenApiResponse(
                description="Too many requests, or your unfinished jobs leave no room for this one "
                "(`detail` says which; the Retry-After header says when to try again)."
            ),
        },
        examples=[
            OpenApiExample(
                "Exact",
                request_only=True,
                value={
                    "game": "chapter-and-verse",
                    "decklist": "3 By Small Means\n4 Faith Without Works\n...",
                    "mode": "exact",
                    "turns": 5,
                    "queries": _QUERIES,
                },
            ),
            OpenApiExample(
                "Simulate",
                request_only=True,
                value={
                    "game": "chapter-and-verse",
                    "cards": [{"title": "By Small Means", "count": 3}],
                    "mode": "simulate",
                    "turns": 5,
                    "trials": 1_000_000,
                    "seed": 7,
                    "queries": _QUERIES,
                },
            ),
            OpenApiExample("Exact result", response_only=True, status_codes=["200"], value=_EXACT_RESULT),
            OpenApiExample(
                "Job created",
                response_only=True,
                status_codes=["202"],
                value={"id": _JOB_ID, "url": f"http://127.0.0.1:8000/api/v1/goldfish/{_JOB_ID}/"},
            ),
            refusal_example(
                "Over the limit",
                value={"field": "turns", "message": "must be an integer from 0 to 30"},
            ),
            refusal_example(
                "Unknown cards",
                value={
                    "field": "decklist",
                    "message": "1 unknown card: Bye Small Means",
                    "unknown_cards": [
                        {
                            "code": "unknown-card",
                            "title": "Bye Small Means",
                            "line": 1,
                            "suggestions": ["By Small Means"],
                            "message": "Line 1: No Chapter and Verse card is called Bye Small Means. "
                            "Did you mean By Small Means?",
                        }
                    ],
                },
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data: Any = request.data
        prepared = goldfish_prepare(data=data, user=request.user)
        if prepared.request.mode == "exact":
            return Response(goldfish_exact_answer(prepared=prepared))
        job = goldfish_job_create(owner=request.user, data=data, prepared=prepared, client=client_address(request))
        url = reverse("api-goldfish-detail", args=[job.id], request=request)
        return Response({"id": str(job.id), "url": url}, status=status.HTTP_202_ACCEPTED)


class GoldfishJobApi(_GoldfishApiBase):
    """Read or cancel a goldfish job."""

    @extend_schema(
        operation_id="goldfish_job",
        summary="A goldfish job's status, progress and result",
        description="404 for a job that does not exist or belongs to another user.",
        responses={200: GoldfishJobSerializer, 404: _NO_JOB},
        examples=[
            OpenApiExample(
                "Running",
                response_only=True,
                value={"status": "running", "progress": 0.42, "result": None, "error": None},
            ),
            OpenApiExample(
                "Done",
                response_only=True,
                value={
                    "status": "done",
                    "progress": 1.0,
                    "result": {**_EXACT_RESULT, "mode": "simulate"},
                    "error": None,
                },
            ),
        ],
    )
    @reads_query(NoFields)
    def get(self, request: Request, job_id: str) -> Response:
        return Response(goldfish_job_state(job=_job(request, job_id)))

    @extend_schema(
        operation_id="goldfish_job_cancel",
        summary="Cancel a goldfish job that has not finished",
        description=(
            "Only the job's owner may cancel it (anyone with the id, for an anonymous job). A running chunk "
            "stops at its next progress report. 409 when the job had already finished."
        ),
        responses={
            200: GoldfishJobSerializer,
            404: _NO_JOB,
            409: OpenApiResponse(GoldfishJobSerializer, description="The job had already finished."),
        },
        examples=[
            OpenApiExample(
                "Cancelled",
                response_only=True,
                status_codes=["200"],
                value={"status": "cancelled", "progress": 0.42, "result": None, "error": None},
            )
        ],
    )
    def delete(self, request: Request, job_id: str) -> Response:
        job = _job(request, job_id)
        cancelled = goldfish_job_cancel(job=job)
        return Response(
            goldfish_job_state(job=job), status=status.HTTP_200_OK if cancelled else status.HTTP_409_CONFLICT
        )


def with_images(replay: dict[str, Any]) -> dict[str, Any]:
    """The replay's cards with their image URLs (null for a card without a catalog id)."""
    for card in replay["cards"]:
        card_id = card.pop("card_id")
        card["image"] = path_to("card-image", args=[card_id]) if card_id is not None else None
    return replay


class GoldfishReplayApi(_GoldfishRunApi):
    """POST a play request and a game number: that game of the run, turn by turn."""

    @extend_schema(
        operation_id="goldfish_replay",
        summary="Replay one game of a play-out",
        description=(
            "The body is the `play` request of a run (`mode` may be left out) and `game_number`: the answer is "
            "that game of the run, the very one its curve counted, turn by turn: each event as it happened "
            "(draws, verses played and where, sacrifices, Prayer, Keyword, Cross Reference, each effect's "
            "actions, books, blessings) and the state after each turn. Same request, seed and game number, same "
            "game. At most the first 1,000 games of a run can be replayed (it costs up to that many games). "
            "A malformed request is a 400 naming the field."
        ),
        request=GoldfishReplayRequestSerializer,
        responses={
            200: GoldfishReplaySerializer,
            202: GoldfishReplayPendingSerializer,
            400: _MALFORMED,
            413: too_large_answer(GoldfishParser),
            429: OpenApiResponse(description="Too many requests (the Retry-After header says when to try again)."),
        },
        examples=[
            OpenApiExample(
                "Game 3 of a run",
                request_only=True,
                value={
                    "game": "chapter-and-verse",
                    "decklist": "3 By Small Means\n4 Faith Without Works\n...",
                    "turns": 10,
                    "trials": 1_000_000,
                    "seed": 7,
                    "game_number": 3,
                },
            ),
            refusal_example(
                "Past the games a replay reaches",
                value={"field": "game_number", "message": "must be an integer from 1 to 1,000"},
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        # Issue #34: a dear replay held a web worker up to 2 s; past the inline budget a worker plays it.
        if goldfish_replay_seconds(data=request.data, user=request.user) > replay_inline_seconds():
            token = goldfish_replay_queue(data=request.data, user=request.user, caller=_replay_caller(request))
            return _replay_pending(request, token)
        return Response(with_images(goldfish_replay_answer(data=request.data, user=request.user)))


def _replay_caller(request: Request) -> str:
    return replay_caller(user=request.user, address=client_address(request))


def _replay_pending(request: Request, token: str) -> Response:
    url = reverse("api-goldfish-replay-result", args=[token], request=request)
    return Response({"status": "pending", "url": url}, status=status.HTTP_202_ACCEPTED, headers={"Location": url})


class GoldfishReplayResultApi(_GoldfishApiBase):
    """GET a replay a worker plays."""

    @extend_schema(
        operation_id="goldfish_replay_result",
        summary="A replay played by a worker",
        description=(
            "While the worker plays it: 202 with `status` `pending` (ask again in a second). Then 200 with the "
            "replay, as `POST /api/v1/goldfish/replay/` answers it, or the 400 it would have answered. 404 for a "
            "replay that is unknown, kept past its ten minutes, or someone else's."
        ),
        responses={
            200: GoldfishReplaySerializer,
            202: GoldfishReplayPendingSerializer,
            400: _MALFORMED,
            404: OpenApiResponse(description="No such replay (or not yours)."),
        },
    )
    @reads_query(NoFields)
    def get(self, request: Request, token: str) -> Response:
        entry = goldfish_replay_result(token=token, caller=_replay_caller(request))
        if entry is None:
            raise NotFound("No such replay.")
        if entry["status"] == "pending":
            return _replay_pending(request, token)
        if entry["status"] == "problem":
            raise GoldfishInputError(entry.get("field", ""), entry.get("message", ""))
        return Response(with_images(entry["replay"]))

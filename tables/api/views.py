"""The tables API under /api/v1/tables/ (docs/tables.md, "The API"): the same services as the socket."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.errors import found_or_404
from cardsite.api.errors import refused
from cardsite.api.reading import NoFields
from cardsite.api.reading import read_body
from cardsite.api.reading import read_query
from cardsite.api.reading import reads_query
from tables.api import serializers as s
from tables.guests import guest_token_from
from tables.guests import set_guest_cookie
from tables.quotes import quotes_to_sign
from tables.replays import replay_consent
from tables.replays import replay_start
from tables.replays import replay_steps
from tables.replays import replay_visible
from tables.selectors import clock_settings
from tables.selectors import lobby_tables
from tables.selectors import match_tables_of
from tables.selectors import move_messages
from tables.selectors import replay_allowed
from tables.selectors import seat_state
from tables.selectors import table_get
from tables.selectors import table_seats
from tables.services import Actor
from tables.services import Outcome
from tables.services import seat_of
from tables.services import seat_replay_allow
from tables.services import table_claim_away
from tables.services import table_create
from tables.services import table_join
from tables.services import table_move
from tables.services import table_rematch
from tables.services import table_resign
from tables.services import table_sign_verse
from tables.services import table_takeback_answer
from tables.services import table_takeback_ask
from tables.services import table_touch


def actor_of(request: Any, table_id: UUID) -> Actor:
    user = request.user if request.user is not None and request.user.is_authenticated else None
    return Actor(user=user, guest_token=guest_token_from(request.COOKIES, table_id))


def table_summary(table: Any) -> dict[str, Any]:
    seats = list(table.seats.all())
    return {
        "id": str(table.pk),
        "game": table.game,
        "variant": table.options.get("variant", ""),
        "rules": table.rules,
        "status": table.status,
        "host": table.host.get_username(),
        "seats": [{"index": x.index, "kind": x.kind, "name": x.name, "taken": x.taken} for x in seats],
        "url": f"/tables/{table.pk}/",
        "clock": clock_settings(table),
    }


def _state(table_id: UUID, request: Any, after: int | None) -> dict[str, Any]:
    table = table_get(table_id=table_id)
    if table is None:
        raise refused(status.HTTP_404_NOT_FOUND, "There is no such table.")
    table = table_touch(table)
    seats = table_seats(table)
    mine = seat_of(seats, actor_of(request, table_id))
    state = seat_state(table, seats, mine.index if mine is not None else None)
    if after is not None:
        state["moves"] = move_messages(table, seats, state["you"], after)
    return state


class TablesApi(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="tables_lobby",
        summary="The lobby: open tables",
        responses={200: s.LobbySerializer},
        tags=["tables"],
    )
    @reads_query(NoFields)
    def get(self, request: Request) -> Response:
        return Response({"results": [table_summary(t) for t in lobby_tables()]})

    @extend_schema(
        operation_id="tables_create",
        summary="Open a table",
        request=s.CreateSerializer,
        responses={201: s.TableSummarySerializer, 400: s.RefusalSerializer},
        tags=["tables"],
    )
    def post(self, request: Request) -> Response:
        body = read_body(request, s.CreateSerializer)
        made = table_create(host=request.user, **body)  # type: ignore[arg-type]  # signed in: the permission
        return Response(table_summary(table_get(table_id=made.pk)), status=status.HTTP_201_CREATED)


class TableApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tables_state",
        summary="A table as the caller's seat (or a spectator) sees it",
        parameters=[s.StateQuery],
        responses={200: s.TableStateSerializer, 404: s.RefusalSerializer},
        tags=["tables"],
    )
    def get(self, request: Request, table_id: UUID) -> Response:
        query = read_query(request, s.StateQuery)
        return Response(_state(table_id, request, query.get("after")))


class JoinApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tables_join",
        summary="Take a free seat",
        request=s.JoinSerializer,
        responses={
            200: s.JoinAnswerSerializer,
            400: s.RefusalSerializer,
            403: s.RefusalSerializer,
            409: s.RefusalSerializer,
        },
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = read_body(request, s.JoinSerializer)
        seat, token = table_join(table_id=table_id, actor=actor_of(request, table_id), guest_name=body["name"])
        response = Response({"seat": seat.index, "name": seat.name})
        if token:
            set_guest_cookie(response, table_id, token, secure=request.is_secure())
        return response


# A move and a resignation answer alike: 201 for a new move, 200 for one sent again with its key.
MOVE_RESPONSES = {
    200: s.OutcomeSerializer,
    201: s.OutcomeSerializer,
    400: s.RefusalSerializer,
    403: s.RefusalSerializer,
    404: s.RefusalSerializer,
    409: s.RefusalSerializer,
}


def _answer(outcome: Outcome) -> Response:
    body = {
        "seq": outcome.moves[0].seq if outcome.moves else None,
        "last": outcome.table.seq,
        "duplicate": outcome.duplicate,
        "status": outcome.table.status,
    }
    return Response(body, status=status.HTTP_200_OK if outcome.duplicate else status.HTTP_201_CREATED)


class MovesApi(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_scope = "live"

    @extend_schema(
        operation_id="tables_move",
        summary="Make a move: it names the seq it follows and an idempotency key",
        request=s.MoveSerializer,
        responses=MOVE_RESPONSES,
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = read_body(request, s.MoveSerializer)
        outcome = table_move(
            table_id=table_id,
            actor=actor_of(request, table_id),
            after=body["after"],
            key=body["key"],
            action=body["action"],
        )
        return _answer(outcome)


class ResignApi(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_scope = "live"

    @extend_schema(
        operation_id="tables_resign",
        summary="Resign",
        request=s.ResignSerializer,
        responses=MOVE_RESPONSES,
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = read_body(request, s.ResignSerializer)
        outcome = table_resign(
            table_id=table_id, actor=actor_of(request, table_id), after=body["after"], key=body["key"]
        )
        return _answer(outcome)


OFFER_RESPONSES = {
    200: s.OfferAnswerSerializer,
    400: s.RefusalSerializer,
    403: s.RefusalSerializer,
    404: s.RefusalSerializer,
    409: s.RefusalSerializer,
}


def _offers(table: Any, rematch: Any = None) -> Response:
    body = {"seq": table.seq, "status": table.status, "offers": table.offers, "rematch": rematch and str(rematch.pk)}
    return Response(body)


class TakebackApi(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_scope = "live"

    @extend_schema(
        operation_id="tables_takeback",
        summary="Ask to take back your last move (friendly tables)",
        request=s.TakebackSerializer,
        responses=OFFER_RESPONSES,
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = read_body(request, s.TakebackSerializer)
        return _offers(table_takeback_ask(table_id=table_id, actor=actor_of(request, table_id), after=body["after"]))


class TakebackAnswerApi(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_scope = "live"

    @extend_schema(
        operation_id="tables_takeback_answer",
        summary="Agree to or refuse another player's take-back",
        request=s.AnswerSerializer,
        responses=OFFER_RESPONSES,
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = read_body(request, s.AnswerSerializer)
        return _offers(table_takeback_answer(table_id=table_id, actor=actor_of(request, table_id), agree=body["agree"]))


class RematchApi(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_scope = "live"

    @extend_schema(
        operation_id="tables_rematch",
        summary="Offer or accept a rematch of a finished table",
        request=None,
        responses=OFFER_RESPONSES,
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        read_body(request, NoFields)
        table, made = table_rematch(table_id=table_id, actor=actor_of(request, table_id))
        return _offers(table, made)


class ClaimAwayApi(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_scope = "live"

    @extend_schema(
        operation_id="tables_claim_away",
        summary="Claim the win from the people to act, away longer than a table without a clock allows",
        request=None,
        responses=OFFER_RESPONSES,
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        read_body(request, NoFields)
        return _offers(table_claim_away(table_id=table_id, actor=actor_of(request, table_id)))


class ReplayApi(APIView):
    """A finished game's steps (docs/tables.md, "Replays"): public where every person seated allows it, otherwise
    for the seated players alone; 404 for anyone else and before the game is over."""

    permission_classes = [permissions.AllowAny]
    throttle_scope = "live"  # a page of steps replays the log: counted, as the replay page is
    throttle_reads = True

    @extend_schema(
        operation_id="tables_replay",
        summary="A finished game's replay, step by step, as a spectator saw it",
        parameters=[s.ReplayQuery],
        responses={200: s.ReplaySerializer, 404: s.RefusalSerializer},
        tags=["tables"],
    )
    def get(self, request: Request, table_id: UUID) -> Response:
        query = read_query(request, s.ReplayQuery)
        table = table_get(table_id=table_id)
        seats = table_seats(table) if table is not None else []
        if table is None or not replay_visible(table, seats, actor_of(request, table_id)):
            raise refused(status.HTTP_404_NOT_FOUND, "There is no such replay.")
        after = min(query["after"], table.seq)
        steps = replay_steps(table, seats, after)
        body: dict[str, Any] = {
            "table": str(table.pk),
            "game": table.game,
            "last": table.seq,
            "result": table.result or {},
            "consent": replay_consent(seats),
            "steps": steps,
            "next": steps[-1]["step"] if steps and steps[-1]["step"] < table.seq else None,
        }
        if after == 0:
            body["start"] = replay_start(table, seats)
        return Response(body)


class AllowReplayApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="tables_allow_replay",
        summary="Allow (or stop allowing) anyone to watch this game's replay: your seat's choice",
        request=s.AllowReplaySerializer,
        responses={200: s.AllowReplayAnswerSerializer, 403: s.RefusalSerializer, 404: s.RefusalSerializer},
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = read_body(request, s.AllowReplaySerializer)
        seat = seat_replay_allow(table_id=table_id, actor=actor_of(request, table_id), allow=body["allow_replay"])
        public = replay_allowed(table_seats(seat.table))
        return Response({"seat": seat.index, "allow_replay": seat.allow_replay, "public": public})


class MatchTablesApi(APIView):
    """The tables of an event's match played online, for its players and the organiser (404 for anyone else)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tables_match",
        summary="An event match's tables, game by game",
        responses={200: s.MatchTablesSerializer, 404: s.RefusalSerializer},
        tags=["tables"],
    )
    @reads_query(NoFields)
    def get(self, request: Request, match_id: int) -> Response:
        links = match_tables_of(match_id=match_id, user=request.user)
        if not links:
            raise refused(status.HTTP_404_NOT_FOUND, "This match has no table on the site.")
        tables = [
            {
                "game_number": link.game_number,
                "table": str(link.table_id),
                "status": link.table.status,
                "url": f"/tables/{link.table_id}/",
            }
            for link in links
        ]
        return Response({"match": match_id, "tables": tables})


class SignApi(APIView):
    """Signing a verse's Mastery card after a finished game (docs/learning.md, "Mastery")."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="tables_quotes_to_sign",
        summary="The verses your opponents quoted word for word in this finished game, for you to sign",
        responses={200: s.QuoteToSignSerializer(many=True), 404: s.RefusalSerializer},
        tags=["tables"],
    )
    @reads_query(NoFields)
    def get(self, request: Request, table_id: UUID) -> Response:
        table = found_or_404(table_get(table_id=table_id), "There is no such table.")
        quotes = quotes_to_sign(table, table_seats(table), request.user)
        body = [
            {
                "seat": q.seat,
                "player": q.player.username,
                "card": q.card,
                "title": q.catalog_card.title,
                "reference": q.catalog_card.reference,
                "signed": q.signed,
            }
            for q in quotes
        ]
        return Response(s.QuoteToSignSerializer(body, many=True).data)

    @extend_schema(
        operation_id="tables_sign",
        summary="Sign the Mastery card of a verse an opponent quoted word for word in this finished game",
        request=s.SignSerializer,
        responses={
            200: s.SignedSerializer,
            201: s.SignedSerializer,
            400: s.RefusalSerializer,
            403: s.RefusalSerializer,
            404: s.RefusalSerializer,
            409: s.RefusalSerializer,
        },
        tags=["tables"],
    )
    def post(self, request: Request, table_id: UUID) -> Response:
        body = read_body(request, s.SignSerializer)
        signature, new = table_sign_verse(
            table_id=table_id,
            signer=request.user,  # type: ignore[arg-type]  # signed in: the permission
            seat=body["seat"],
            card=body["card"],
        )
        out = {
            "player": signature.player.username,
            "title": signature.card.title,
            "reference": signature.card.reference,
            "new": new,
        }
        return Response(out, status=status.HTTP_201_CREATED if new else status.HTTP_200_OK)

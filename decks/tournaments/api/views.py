"""Tournament API (docs/contracts/tournaments.md): start, rounds, results, drops, top cut, finish, standings.

- What happens at an event is as public as the event: anyone reads its rounds and standings.
- Only the organiser starts, pairs, cuts and finishes (403 for anyone else); a result comes from
  the organiser (final) or from one of the match's players (a report); anyone else gets 403.
- Refusals: 400 `{"field", "message"}` for bad input, 409 `{"detail", "field"}` for acting out of turn.
"""

from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.authentication import SignedInRequest
from cardsite.api.errors import bad
from cardsite.api.errors import found_or_404
from cardsite.api.errors import refused
from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query
from decks.events.api.access import organiser_only
from decks.events.api.serializers import EventErrorOut
from decks.events.api.views import CsvOrJsonErrors
from decks.events.api.views import CSVRenderer
from decks.events.api.views import FormatQuery
from decks.events.lookups import event_or_404
from decks.events.services import EventError
from decks.events.services import NotAllowed
from decks.events.services import OutOfTurn
from decks.handicaps.services import handicap_set
from decks.judging.selectors import is_staff
from decks.judging.selectors import penalties_of
from decks.judging.services import penalty_record
from decks.models import Event
from decks.tournaments.api.serializers import DropIn
from decks.tournaments.api.serializers import DropOut
from decks.tournaments.api.serializers import HandicapIn
from decks.tournaments.api.serializers import HandicapOut
from decks.tournaments.api.serializers import PenaltyIn
from decks.tournaments.api.serializers import PenaltyOut
from decks.tournaments.api.serializers import ResultIn
from decks.tournaments.api.serializers import RoundOut
from decks.tournaments.api.serializers import StandingsOut
from decks.tournaments.api.serializers import StartOut
from decks.tournaments.api.serializers import TopCutIn
from decks.tournaments.api.serializers import TournamentMatchOut
from decks.tournaments.lookups import event_match_or_404
from decks.tournaments.selectors import event_insider
from decks.tournaments.selectors import event_standings
from decks.tournaments.selectors import round_of
from decks.tournaments.selectors import rounds_of
from decks.tournaments.selectors import seat_of
from decks.tournaments.services import event_finish
from decks.tournaments.services import event_start
from decks.tournaments.services import match_result_set
from decks.tournaments.services import player_drop
from decks.tournaments.services import round_pair_next
from decks.tournaments.services import top_cut_start
from decks.tournaments.views import standings_csv_response
from decks.tournaments.views import standings_event

TAGS = ["tournaments"]

_ERRORS = {
    400: OpenApiResponse(EventErrorOut, description="Bad input; `field` names what to fix."),
    403: OpenApiResponse(description="Only the organiser (or, for a result, the match's players)."),
    404: OpenApiResponse(description="No such event (or round, or match of the event)."),
    409: OpenApiResponse(description="Out of turn: `detail` says why, and nothing changed."),
}


@extend_schema(tags=TAGS)
class _TournamentApi(APIView):
    # Most specific first: OutOfTurn and NotAllowed are EventErrors too.
    problems = {
        OutOfTurn: lambda exc: refused(status.HTTP_409_CONFLICT, exc.message, field=exc.field),
        NotAllowed: lambda exc: refused(status.HTTP_403_FORBIDDEN, exc.message, field=exc.field),
        EventError: lambda exc: bad(exc.field, exc.message),
    }
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]


_event = event_or_404


def _round_response(event: Event, number: int, code: int = status.HTTP_200_OK) -> Response:
    round_ = found_or_404(round_of(event=event, number=number), "No such round.")
    return Response(RoundOut(round_).data, status=code)


class EventStartApi(_TournamentApi):
    @extend_schema(
        operation_id="events_start",
        summary="Start the event: close registration and fix the players (the organiser)",
        description="The players are the active registrations whose list is legal in the event's format now; "
        "`left_out` says who else registered and why they are not playing.",
        request=None,
        responses={200: StartOut, **_ERRORS},
    )
    @reads_body(NoFields)
    def post(self, request: Request, event_id: int) -> Response:
        start = event_start(event=organiser_only(request, event_id, "starts the event"))
        return Response(start.to_dict())


class RoundListApi(_TournamentApi):
    @extend_schema(
        operation_id="events_rounds_list",
        summary="Every round of the event, with its pairings and results",
        responses={200: RoundOut(many=True), 404: _ERRORS[404]},
    )
    @reads_query(NoFields)
    def get(self, request: Request, event_id: int) -> Response:
        return Response(RoundOut(rounds_of(event=_event(event_id)), many=True).data)

    @extend_schema(
        operation_id="events_rounds_pair",
        summary="Pair the next round: Swiss, or the top cut's next round (the organiser)",
        description="409 while a match of the current round has no confirmed result, or when nothing is left "
        "to pair. A second click finds the round already paired (409): one round is made.",
        request=None,
        responses={201: RoundOut, **_ERRORS},
    )
    @reads_body(NoFields)
    def post(self, request: Request, event_id: int) -> Response:
        event = organiser_only(request, event_id, "pairs a round")
        round_ = round_pair_next(event=event)
        return _round_response(event, round_.number, status.HTTP_201_CREATED)


class RoundDetailApi(_TournamentApi):
    @extend_schema(
        operation_id="events_round_read",
        summary="One round's pairings and results",
        responses={200: RoundOut, 404: _ERRORS[404]},
    )
    @reads_query(NoFields)
    def get(self, request: Request, event_id: int, number: int) -> Response:
        return _round_response(_event(event_id), number)


class MatchResultApi(_TournamentApi):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="events_match_result",
        summary="Give a match's result: final from the organiser, a report from one of its players",
        description="`wins` in the order of the match's `players`, from everyone. A player's report is `confirmed` "
        "once the opponent reports the same; differing reports are `disputed` until the organiser gives the result. "
        "The organiser's result is final, for a match they play in too (the API has no player's side to read it from). "
        "400 for a result the match cannot have (too many wins or games, a draw in the top cut); 404 for a match of "
        "another event, as for one that does not exist; 409 for a bye, a past round (players) or a round later ones were paired from.",
        request=ResultIn,
        responses={200: TournamentMatchOut, **_ERRORS},
        examples=[OpenApiExample("Two games to one", request_only=True, value={"wins": [2, 1], "draws": 0})],
    )
    @reads_body(ResultIn)
    def post(self, request: SignedInRequest, event_id: int, match_id: int, data: dict[str, Any]) -> Response:
        event, values = _event(event_id), data
        match = match_result_set(
            event=event,
            match=event_match_or_404(event=event, match_id=match_id),
            user=request.user,
            wins=values["wins"],
            draws=values["draws"],
        )
        return Response(TournamentMatchOut(match).data)


class DropApi(_TournamentApi):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="events_drop",
        summary="Drop from the event (a player), or drop a player (the organiser)",
        description="A dropped player is not paired again and stays in the standings, and still gives the result of "
        "the match they are in. 409 before the start (a registered player withdraws) or once the Swiss rounds are over.",
        request=DropIn,
        responses={200: DropOut, **_ERRORS},
    )
    @reads_body(DropIn)
    def post(self, request: SignedInRequest, event_id: int, data: dict[str, Any]) -> Response:
        values = data
        player = player_drop(event=_event(event_id), user=request.user, player=values.get("player"))
        return Response(
            {"player": player.user.get_username(), "dropped": player.dropped, "dropped_after": player.dropped_after}
        )


class TopCutApi(_TournamentApi):
    @extend_schema(
        operation_id="events_top_cut",
        summary="Start the top cut after the last Swiss round (the organiser)",
        description="Pairs the top `size` of the standings (dropped players left out) in bracket order: "
        "1 v 8, 4 v 5, 2 v 7, 3 v 6.",
        request=TopCutIn,
        responses={201: RoundOut, **_ERRORS},
        examples=[OpenApiExample("Top 4", request_only=True, value={"size": 4})],
    )
    @reads_body(TopCutIn)
    def post(self, request: Request, event_id: int, data: dict[str, Any]) -> Response:
        event, values = organiser_only(request, event_id, "starts the top cut"), data
        round_ = top_cut_start(event=event, size=values.get("size"))
        return _round_response(event, round_.number, status.HTTP_201_CREATED)


class FinishApi(_TournamentApi):
    @extend_schema(
        operation_id="events_finish",
        summary="Finish the event (the organiser)",
        description="Once the current round's results are in (in a top cut, once the final is played). "
        "If the organiser made the decklists public, the top decks are shown from then on.",
        request=None,
        responses={200: OpenApiResponse(description='`{"state": "finished"}`'), **_ERRORS},
    )
    @reads_body(NoFields)
    def post(self, request: Request, event_id: int) -> Response:
        event = event_finish(event=organiser_only(request, event_id, "finishes the event"))
        return Response({"state": event.state})


class StandingsApi(CsvOrJsonErrors, _TournamentApi):
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="events_standings",
        summary="The standings: record, points and the three tie-breakers",
        description="After the last Swiss round with every result in. `?format=csv` answers the same as CSV "
        "(also at `standings.csv`).",
        responses={(200, "application/json"): StandingsOut, (200, "text/csv"): OpenApiTypes.STR, 404: _ERRORS[404]},
    )
    @reads_query(FormatQuery)
    def get(self, request: Request, event_id: int) -> Response | HttpResponse:
        event = standings_event(request, event_id)
        if request.accepted_renderer.format == "csv":
            return standings_csv_response(event)
        insider = event_insider(event=event, user=request.user)
        return Response(event_standings(event=event).for_viewer(insider=insider).to_dict())


class StandingsCsvApi(CsvOrJsonErrors, _TournamentApi):
    renderer_classes = [CSVRenderer, JSONRenderer]

    @extend_schema(
        operation_id="events_standings_csv",
        summary="The standings as CSV",
        description="Columns: rank, player, points, record, omw, gwp, ogw, dropped.",
        responses={(200, "text/csv"): OpenApiTypes.STR, 404: _ERRORS[404]},
    )
    @reads_query(NoFields)
    def get(self, request: Request, event_id: int) -> HttpResponse:
        return standings_csv_response(standings_event(request, event_id))


class HandicapApi(_TournamentApi):
    """A player's handicap (docs/decks.md, "Handicaps"): the event's organisers only (403 for anyone else)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="events_registration_handicap",
        summary="Record a player's handicap (the organisers)",
        description="Chapter and Verse: the blessings the player sets aside (1-7); Bible Battles: the wisdom they "
        "must reach (1-99); null or the game's own number: none. 400 naming `handicap` out of bounds or for a game "
        "without one, `registration` for one that is not the event's; 403 for anyone but the organisers.",
        request=HandicapIn,
        responses={200: HandicapOut, **_ERRORS},
    )
    @reads_body(HandicapIn)
    def put(self, request: SignedInRequest, event_id: int, registration_id: Any, data: dict[str, Any]) -> Response:
        event = _event(event_id)
        row = handicap_set(event=event, user=request.user, registration_id=registration_id, handicap=data["handicap"])
        return Response(HandicapOut(row).data)


class PenaltyListApi(_TournamentApi):
    """A match's penalties: its players and the event's staff read them; the staff give them (403 for others)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="events_match_penalties",
        summary="A match's penalties (its players and the event's staff)",
        responses={200: PenaltyOut(many=True), 404: _ERRORS[404]},
    )
    @reads_query(NoFields)
    def get(self, request: SignedInRequest, event_id: int, match_id: int) -> Response:
        event = _event(event_id)
        match = event_match_or_404(event=event, match_id=match_id)
        if not is_staff(event=event, user=request.user) and seat_of(match=match, user=request.user) is None:
            raise NotFound("No such match of yours.")
        return Response(PenaltyOut(penalties_of(match_id=match.pk), many=True).data)

    @extend_schema(
        operation_id="events_match_penalty_give",
        summary="Give a penalty (the organisers and judges)",
        description="A warning changes nothing; a game loss or a match loss changes the match's points in the "
        "standings (the result stays as played). 400 naming `player`, `kind` or `reason`; 404 for a match of "
        "another event; 403 for anyone but the event's organisers and judges.",
        request=PenaltyIn,
        responses={201: PenaltyOut, **_ERRORS},
    )
    @reads_body(PenaltyIn)
    def post(self, request: SignedInRequest, event_id: int, match_id: int, data: dict[str, Any]) -> Response:
        event = _event(event_id)
        penalty = penalty_record(
            event=event,
            user=request.user,
            match=event_match_or_404(event=event, match_id=match_id),
            player=data["player"],
            kind=data["kind"],
            reason=data["reason"],
        )
        return Response(PenaltyOut(penalty).data, status=status.HTTP_201_CREATED)

"""Events API: events, registrations (snapshots), the organiser's CSV and re-check jobs.

- Events are public (anyone reads them); any signed-in user creates one and is its organiser;
  only the organiser changes it (403 for anyone else: the event itself is no secret).
- A registration is seen by its player and the organiser only; to anyone else it is a 404,
  as are the organiser's CSV and re-check jobs.
- Refusals are 400 `{"field", "message"}` (cardsite.api: unknown body fields are refused, and a
  bad value adds `errors`, every field's problems); an illegal deck adds `findings` and `validation`.
  Registering, replacing or withdrawing after the deadline, or once the event has started, is a 400 on
  field `deadline`.
"""

from typing import Any

from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework import permissions
from rest_framework import serializers
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.renderers import BaseRenderer
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.authentication import SignedInRequest
from cardsite.api.errors import Problem
from cardsite.api.errors import bad
from cardsite.api.errors import found_or_404
from cardsite.api.errors import refused
from cardsite.api.examples import refusal_example
from cardsite.api.reading import NoFields
from cardsite.api.reading import PageQuery
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query
from decks.events.api.access import organiser_only
from decks.events.api.serializers import CoOrganiserIn
from decks.events.api.serializers import CoOrganiserOut
from decks.events.api.serializers import EventCheckOut
from decks.events.api.serializers import EventCreateIn
from decks.events.api.serializers import EventErrorOut
from decks.events.api.serializers import EventFormatMoveOut
from decks.events.api.serializers import EventOut
from decks.events.api.serializers import EventPatchIn
from decks.events.api.serializers import RegistrationIn
from decks.events.api.serializers import RegistrationOut
from decks.events.lookups import event_or_404
from decks.events.lookups import organised_or_404
from decks.events.selectors import co_organisers_of
from decks.events.selectors import event_check_get
from decks.events.selectors import event_list_sorted
from decks.events.selectors import event_registrations_csv
from decks.events.selectors import registration_get_visible
from decks.events.selectors import registrations_visible
from decks.events.services import SETTINGS
from decks.events.services import EventError
from decks.events.services import NotAllowed
from decks.events.services import OutOfTurn
from decks.events.services import RegistrationIllegal
from decks.events.services import co_organiser_add
from decks.events.services import co_organiser_remove
from decks.events.services import event_check_create
from decks.events.services import event_create
from decks.events.services import event_format_version_move
from decks.events.services import event_update
from decks.events.services import registration_create
from decks.events.services import registration_withdraw
from decks.lists.selectors import deck_get_owned
from decks.models import Event
from decks.models import Registration

TAGS = ["events"]


class CSVRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        if isinstance(data, bytes):
            return data
        return str(data).encode("utf-8")


class CsvOrJsonErrors:
    """A view that answers CSV answers its refusals in JSON, the API's one shape for them
    (docs/api-conventions.md): a client asking for a CSV still reads why it got none."""

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(response, Response) and response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = "application/json"
        return super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]


class FormatQuery(serializers.Serializer):
    """The query of a JSON-or-CSV view: `?format=csv` asks for the CSV (DRF's format override)."""

    format = serializers.ChoiceField(choices=["json", "csv"], required=False)


def _refusal(exc: EventError) -> Problem:
    """A service's refusal: 400 on its field; an illegal deck adds the engine's findings and result."""
    if isinstance(exc, RegistrationIllegal):
        return bad(exc.field, exc.message, findings=exc.findings, validation=exc.validation)
    return bad(exc.field, exc.message)


def _out_of_turn(exc: OutOfTurn) -> Problem:
    return refused(status.HTTP_409_CONFLICT, exc.message, field=exc.field)


def _not_allowed(exc: NotAllowed) -> Problem:
    return refused(status.HTTP_403_FORBIDDEN, exc.message, field=exc.field)


@extend_schema(tags=TAGS)
class _EventApi(APIView):
    # No docstring: the schema would take it as every operation's description. OutOfTurn and NotAllowed first: they
    # are EventErrors too.
    problems = {OutOfTurn: _out_of_turn, NotAllowed: _not_allowed, EventError: _refusal}


class _SignedInApi(_EventApi):
    permission_classes = [permissions.IsAuthenticated]


def _settings(values: dict[str, Any]) -> dict[str, Any]:
    """The tournament settings given in a body (only those: a missing one is left as it is)."""
    return {key: values[key] for key in SETTINGS if key in values}


_event = event_or_404


def _organised(request: Request, event_id: Any) -> Event:
    return organised_or_404(request.user, event_id)


def _csv_response(event: Event) -> HttpResponse:
    response = HttpResponse(event_registrations_csv(event=event), content_type="text/csv; charset=utf-8")
    name = slugify(event.name) or f"event-{event.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-registrations.csv"'
    return response


_ERRORS = {400: OpenApiResponse(EventErrorOut, description="Refused; `field` names what to fix.")}
_NOT_FOUND = {404: OpenApiResponse(description="No such event (or registration, or job, of yours).")}
_NOT_YOURS = OpenApiResponse(description="Not your event.")
_REG_ID = "0b6f7d3e-8a47-4a52-b1d5-0d3c6c6d1f0a"


class EventListApi(generics.ListAPIView, _EventApi):
    """Every event: those open for registration first (soonest deadline first), then closed ones."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = EventOut
    filter_backends: list = []

    def get_queryset(self):
        return event_list_sorted()

    @extend_schema(operation_id="events_list", summary="List events")
    @reads_query(PageQuery)
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="events_create",
        summary="Create an event (you are its organiser)",
        request=EventCreateIn,
        responses={201: EventOut, **_ERRORS},
        examples=[
            OpenApiExample(
                "Spring open",
                request_only=True,
                value={
                    "name": "Spring Open",
                    "game": "chapter-and-verse",
                    "format": "advanced",
                    "deadline": "2027-04-01T09:00:00Z",
                    "description": "Swiss, five rounds.",
                },
            )
        ],
    )
    @reads_body(EventCreateIn)
    def post(self, request: SignedInRequest, data: dict[str, Any]) -> Response:
        v = data
        event = event_create(
            organiser=request.user,
            name=v["name"],
            game=v["game"],
            format_slug=v.get("format"),
            deadline=v["deadline"],
            description=v.get("description", ""),
            **_settings(v),
        )
        return Response(EventOut(event, context={"request": request}).data, status=status.HTTP_201_CREATED)


class EventDetailApi(_EventApi):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(operation_id="events_read", summary="An event", responses={200: EventOut, **_NOT_FOUND})
    @reads_query(NoFields)
    def get(self, request: Request, event_id: int) -> Response:
        return Response(EventOut(_event(event_id), context={"request": request}).data)

    @extend_schema(
        operation_id="events_update",
        summary="Change an event (its organiser)",
        description=(
            "name, description, deadline, format, and the tournament settings (rounds, games_per_match, "
            "top_cut, decklists_public, pairing, played_online). The game never changes. A new format leaves "
            "the registrations' snapshots as they are: start a re-check. 403 for anyone but the organiser; 409 "
            "for a change the event's state no longer allows (the deadline and games per match once started, rounds "
            "once the last Swiss round is paired, the top cut once it started); a field's stored value "
            "sent back is no change and is accepted."
        ),
        request=EventPatchIn,
        responses={
            200: EventOut,
            **_ERRORS,
            403: _NOT_YOURS,
            **_NOT_FOUND,
            409: OpenApiResponse(description="A setting the event's state no longer allows."),
        },
    )
    @reads_body(EventPatchIn)
    def patch(self, request: Request, event_id: int, data: dict[str, Any]) -> Response:
        event = organiser_only(request, event_id, "may change an event")
        v = data
        event = event_update(
            event=event,
            name=v.get("name"),
            description=v.get("description"),
            deadline=v.get("deadline"),
            format_slug=v.get("format"),
            **_settings(v),
        )
        return Response(EventOut(event, context={"request": request}).data)


class EventFormatVersionApi(_EventApi):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="events_format_version_move",
        summary="Move the event to its format's latest version (its organiser)",
        description=(
            "An event keeps the tournament format's version it was created with; this moves it to the "
            "latest and starts a re-check of every registration against it (`check`, null when the event "
            "was already at the latest). 400 on `format` for a base format; 403 for anyone but the organiser."
        ),
        request=None,
        responses={
            200: EventFormatMoveOut,
            **_ERRORS,
            403: _NOT_YOURS,
            **_NOT_FOUND,
        },
    )
    @reads_body(NoFields)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = organiser_only(request, event_id, "may move an event to another format version")
        event, check = event_format_version_move(event=event, requested_by=request.user)
        event = _event(event.pk)
        context = {"request": request}
        return Response(
            {
                "event": EventOut(event, context=context).data,
                "check": EventCheckOut(check, context=context).data if check is not None else None,
            }
        )


class RegistrationListApi(CsvOrJsonErrors, _SignedInApi):
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="events_registrations_list",
        summary="Registrations of an event",
        description=(
            "The organiser sees every active registration; a player sees their own. `?format=csv` "
            "(organiser only, else 404) answers the CSV of registrations.csv."
        ),
        responses={(200, "application/json"): RegistrationOut(many=True), (200, "text/csv"): OpenApiTypes.STR}
        | _NOT_FOUND,
    )
    @reads_query(FormatQuery)
    def get(self, request: Request, event_id: int) -> Response | HttpResponse:
        event = _event(event_id)
        if request.accepted_renderer.format == "csv":
            return _csv_response(_organised(request, event_id))
        registrations = registrations_visible(event=event, user=request.user)
        return Response(RegistrationOut(registrations, many=True, context={"request": request}).data)

    @extend_schema(
        operation_id="events_register",
        summary="Register one of your decks, or replace your registration",
        description=(
            "The deck's list is copied and validated against the event's format now. 201 with the "
            "snapshot; 400 with `findings` when it is not legal (nothing changes); 400 on `deadline` "
            "once registration has closed (the deadline passed or the event started). Your previous "
            "registration, if any, is retired."
        ),
        request=RegistrationIn,
        responses={201: RegistrationOut, **_ERRORS, **_NOT_FOUND},
        examples=[
            OpenApiExample("Register", request_only=True, value={"deck": _REG_ID}),
            refusal_example(
                "Not legal",
                value={
                    "field": "deck",
                    "message": "Faith is not legal in advanced: The deck has 39 cards; the minimum is 40.",
                    "findings": [
                        {
                            "code": "deck-too-small",
                            "minimum": 40,
                            "message": "The deck has 39 cards; the minimum is 40.",
                        }
                    ],
                },
            ),
        ],
    )
    @reads_body(RegistrationIn)
    def post(self, request: SignedInRequest, event_id: int, data: dict[str, Any]) -> Response:
        event = _event(event_id)
        deck = deck_get_owned(deck_id=data["deck"], user=request.user)
        if deck is None:
            raise bad("deck", "No deck of yours has that id.")
        registration = registration_create(event=event, player=request.user, deck=deck)
        return Response(
            RegistrationOut(registration, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class RegistrationCsvApi(CsvOrJsonErrors, _SignedInApi):
    renderer_classes = [CSVRenderer, JSONRenderer]

    @extend_schema(
        operation_id="events_registrations_csv",
        summary="Every registration as CSV (the organiser)",
        description=(
            "Columns: player, deck, deck_version, format, hash, card_count, legal, recheck_legal, "
            "registered_at, rechecked_at, list (the canonical text)."
        ),
        responses={(200, "text/csv"): OpenApiTypes.STR, **_NOT_FOUND},
    )
    @reads_query(NoFields)
    def get(self, request: Request, event_id: int) -> HttpResponse:
        return _csv_response(_organised(request, event_id))


class RegistrationDetailApi(_SignedInApi):
    def _registration(self, request: Request, event_id: int, registration_id: Any) -> Registration:
        registration = registration_get_visible(
            event=_event(event_id), registration_id=registration_id, user=request.user
        )
        return found_or_404(registration, "No such registration.")

    @extend_schema(
        operation_id="events_registration_read",
        summary="One registration (its player or the organiser)",
        responses={200: RegistrationOut, **_NOT_FOUND},
    )
    @reads_query(NoFields)
    def get(self, request: Request, event_id: int, registration_id: Any) -> Response:
        return Response(
            RegistrationOut(self._registration(request, event_id, registration_id), context={"request": request}).data
        )

    @extend_schema(
        operation_id="events_registration_withdraw",
        summary="Withdraw your registration before the deadline",
        description=(
            "Only its player; the organiser gets 403. 400 on `deadline` once registration has closed "
            "(the deadline passed or the event started: a player then leaves by dropping)."
        ),
        responses={
            200: RegistrationOut,
            **_ERRORS,
            403: OpenApiResponse(description="Not your registration."),
            **_NOT_FOUND,
        },
    )
    def delete(self, request: Request, event_id: int, registration_id: Any) -> Response:
        registration = self._registration(request, event_id, registration_id)
        if registration.player_id != request.user.pk:
            raise PermissionDenied("Only the player may withdraw a registration.")
        registration = registration_withdraw(registration=registration)
        return Response(RegistrationOut(registration, context={"request": request}).data)


class EventCheckListApi(_SignedInApi):
    @extend_schema(
        operation_id="events_check_start",
        summary="Re-check every registration against the event's format (the organiser)",
        description=(
            "Queues one job and answers 202 with it; poll its `url`. While a check is queued or running, "
            "that check is answered instead of a second one."
        ),
        request=None,
        responses={202: EventCheckOut, **_NOT_FOUND},
    )
    @reads_body(NoFields)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = _organised(request, event_id)
        check = event_check_create(event=event, requested_by=request.user)
        return Response(EventCheckOut(check, context={"request": request}).data, status=status.HTTP_202_ACCEPTED)


class EventCheckDetailApi(_SignedInApi):
    @extend_schema(
        operation_id="events_check_read",
        summary="A re-check job's status and progress (the organiser)",
        responses={200: EventCheckOut, **_NOT_FOUND},
    )
    @reads_query(NoFields)
    def get(self, request: Request, event_id: int, check_id: Any) -> Response:
        check = found_or_404(
            event_check_get(event=_event(event_id), check_id=check_id, user=request.user), "No such check."
        )
        return Response(EventCheckOut(check, context={"request": request}).data)


class CoOrganiserListApi(_SignedInApi):
    @extend_schema(
        operation_id="events_co_organisers",
        summary="The event's co-organisers (its organisers)",
        responses={200: CoOrganiserOut(many=True), **_NOT_FOUND},
    )
    @reads_query(NoFields)
    def get(self, request: SignedInRequest, event_id: int) -> Response:
        event = _organised(request, event_id)
        return Response(CoOrganiserOut(co_organisers_of(event=event), many=True).data)

    @extend_schema(
        operation_id="events_co_organiser_add",
        summary="Name a co-organiser (the organiser who made the event)",
        description="A co-organiser runs the event as its organiser does, but cannot change its staff. 400 naming "
        "`username` (no such player, the organiser, more than 10); 403 for a co-organiser; 404 for anyone else.",
        request=CoOrganiserIn,
        responses={201: CoOrganiserOut, **_ERRORS, 403: _NOT_YOURS, **_NOT_FOUND},
    )
    @reads_body(CoOrganiserIn)
    def post(self, request: SignedInRequest, event_id: int, data: dict[str, Any]) -> Response:
        event = _organised(request, event_id)
        co = co_organiser_add(owner=request.user, event=event, username=data["username"])
        return Response(CoOrganiserOut(co).data, status=status.HTTP_201_CREATED)


class CoOrganiserDetailApi(_SignedInApi):
    @extend_schema(
        operation_id="events_co_organiser_remove",
        summary="Remove a co-organiser (the organiser who made the event)",
        responses={204: None, 403: _NOT_YOURS, **_NOT_FOUND},
    )
    @reads_body(NoFields)
    def delete(self, request: SignedInRequest, event_id: int, co_id: int) -> Response:
        event = _organised(request, event_id)
        co_organiser_remove(owner=request.user, event=event, co_organiser_id=co_id)
        return Response(status=status.HTTP_204_NO_CONTENT)

"""Events API: events, registrations (snapshots), the organiser's CSV and re-check jobs.

- Events are public (anyone reads them); any signed-in user creates one and is its organiser;
  only the organiser changes it (403 for anyone else: the event itself is no secret).
- A registration is seen by its player and the organiser only; to anyone else it is a 404,
  as are the organiser's CSV and re-check jobs.
- Refusals are 400 `{"field", "message"}`; an illegal deck adds `findings` and `validation`.
  Registering, replacing or withdrawing after the deadline is a 400 on field `deadline`.
"""

from typing import Any

from django.http import Http404, HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.api.event_serializers import (
    EventCheckOut,
    EventCreateIn,
    EventErrorOut,
    EventOut,
    EventPatchIn,
    RegistrationIn,
    RegistrationOut,
)
from decks.api.views import BoundedJSONParser
from decks.models import Event
from decks.selectors.decks import deck_get_owned
from decks.selectors.events import (
    event_check_get,
    event_get,
    event_get_organised,
    event_is_organiser,
    event_list_sorted,
    event_registrations_csv,
    registration_get_visible,
    registrations_visible,
)
from decks.services.events import (
    EventError,
    RegistrationIllegal,
    event_check_create,
    event_create,
    event_update,
    registration_create,
    registration_withdraw,
)

TAGS = ["events"]


class CSVRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None) -> bytes:
        if isinstance(data, bytes):
            return data
        if isinstance(data, str):
            return data.encode("utf-8")
        # An error answer (a dict) asked for as CSV: its message as a one-cell CSV.
        detail = data.get("detail") or data.get("message") if isinstance(data, dict) else data
        return f"error\n{detail}\n".encode()


def _error(exc: EventError) -> Response:
    body: dict[str, Any] = {"field": exc.field, "message": exc.message}
    if isinstance(exc, RegistrationIllegal):
        body["findings"] = exc.findings
        body["validation"] = exc.validation
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


def _invalid(errors: Any) -> Response:
    """A serializer's errors as the decks API's `{"field", "message"}` (the first error)."""
    if isinstance(errors, dict) and errors:
        field, messages = next(iter(errors.items()))
        message = messages[0] if isinstance(messages, list) and messages else messages
        if isinstance(message, dict):  # a nested error
            message = next(iter(message.values()), "")
        return Response({"field": field, "message": str(message)}, status=status.HTTP_400_BAD_REQUEST)
    return Response({"field": "body", "message": "Send a JSON object."}, status=status.HTTP_400_BAD_REQUEST)


def _event(event_id: Any) -> Event:
    event = event_get(event_id=event_id)
    if event is None:
        raise Http404("No such event.")
    return event


def _organised(request: Request, event_id: Any) -> Event:
    """The event if the user organises it; a 404 for anyone else (its registrations are not theirs to see)."""
    event = event_get_organised(event_id=event_id, user=request.user)
    if event is None:
        raise Http404("No such event of yours.")
    return event


def _csv_response(event: Event) -> HttpResponse:
    response = HttpResponse(event_registrations_csv(event=event), content_type="text/csv; charset=utf-8")
    name = slugify(event.name) or f"event-{event.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-registrations.csv"'
    return response


_ERRORS = {400: OpenApiResponse(EventErrorOut, description="Refused; `field` names what to fix.")}
_NOT_FOUND = {404: OpenApiResponse(description="No such event (or registration, or job, of yours).")}
_REG_ID = "0b6f7d3e-8a47-4a52-b1d5-0d3c6c6d1f0a"


class EventListApi(generics.ListAPIView):
    """Every event: those open for registration first (soonest deadline first), then closed ones."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    parser_classes = [BoundedJSONParser]
    serializer_class = EventOut
    filter_backends: list = []

    def get_queryset(self):
        return event_list_sorted()

    @extend_schema(operation_id="events_list", summary="List events", tags=TAGS)
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
        tags=TAGS,
    )
    def post(self, request: Request) -> Response:
        data = EventCreateIn(data=request.data)
        if not data.is_valid():
            return _invalid(data.errors)
        v = data.validated_data
        try:
            event = event_create(
                organiser=request.user,
                name=v["name"],
                game=v["game"],
                format_slug=v.get("format"),
                deadline=v["deadline"],
                description=v.get("description", ""),
            )
        except EventError as exc:
            return _error(exc)
        return Response(EventOut(event, context={"request": request}).data, status=status.HTTP_201_CREATED)


class EventDetailApi(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    parser_classes = [BoundedJSONParser]

    @extend_schema(operation_id="events_read", summary="An event", responses={200: EventOut, **_NOT_FOUND}, tags=TAGS)
    def get(self, request: Request, event_id: int) -> Response:
        return Response(EventOut(_event(event_id), context={"request": request}).data)

    @extend_schema(
        operation_id="events_update",
        summary="Change an event (its organiser)",
        description=(
            "name, description, deadline, format. The game never changes. A new format leaves the "
            "registrations' snapshots as they are: start a re-check. 403 for anyone but the organiser."
        ),
        request=EventPatchIn,
        responses={200: EventOut, **_ERRORS, 403: OpenApiResponse(description="Not your event."), **_NOT_FOUND},
        tags=TAGS,
    )
    def patch(self, request: Request, event_id: int) -> Response:
        event = _event(event_id)
        if not event_is_organiser(event=event, user=request.user):
            return Response({"detail": "Only the organiser may change an event."}, status=status.HTTP_403_FORBIDDEN)
        data = EventPatchIn(data=request.data)
        if not data.is_valid():
            return _invalid(data.errors)
        v = data.validated_data
        try:
            event = event_update(
                event=event,
                name=v.get("name"),
                description=v.get("description"),
                deadline=v.get("deadline"),
                format_slug=v.get("format"),
            )
        except EventError as exc:
            return _error(exc)
        return Response(EventOut(event, context={"request": request}).data)


class RegistrationListApi(APIView):
    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [BoundedJSONParser]
    renderer_classes = [JSONRenderer, CSVRenderer]

    @extend_schema(
        operation_id="events_registrations_list",
        summary="Registrations of an event",
        description=(
            "The organiser sees every active registration; a player sees their own. `?format=csv` "
            "(organiser only, else 404) answers the CSV of registrations.csv."
        ),
        parameters=[OpenApiParameter("format", str, enum=["json", "csv"], required=False)],
        responses={(200, "application/json"): RegistrationOut(many=True), (200, "text/csv"): OpenApiTypes.STR}
        | _NOT_FOUND,
        tags=TAGS,
    )
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
            "once registration has closed. Your previous registration, if any, is retired."
        ),
        request=RegistrationIn,
        responses={201: RegistrationOut, **_ERRORS, **_NOT_FOUND},
        examples=[
            OpenApiExample("Register", request_only=True, value={"deck": _REG_ID}),
            OpenApiExample(
                "Not legal",
                response_only=True,
                status_codes=["400"],
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
        tags=TAGS,
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = _event(event_id)
        data = RegistrationIn(data=request.data)
        if not data.is_valid():
            return _invalid(data.errors)
        deck = deck_get_owned(deck_id=data.validated_data["deck"], user=request.user)
        if deck is None:
            return Response(
                {"field": "deck", "message": "No deck of yours has that id."}, status=status.HTTP_400_BAD_REQUEST
            )
        try:
            registration = registration_create(event=event, player=request.user, deck=deck)
        except EventError as exc:
            return _error(exc)
        return Response(
            RegistrationOut(registration, context={"request": request}).data, status=status.HTTP_201_CREATED
        )


class RegistrationCsvApi(APIView):
    permission_classes = [permissions.IsAuthenticated]
    renderer_classes = [CSVRenderer, JSONRenderer]

    @extend_schema(
        operation_id="events_registrations_csv",
        summary="Every registration as CSV (the organiser)",
        description=(
            "Columns: player, deck, deck_version, format, hash, card_count, legal, recheck_legal, "
            "registered_at, rechecked_at, list (the canonical text)."
        ),
        responses={(200, "text/csv"): OpenApiTypes.STR, **_NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        return _csv_response(_organised(request, event_id))


class RegistrationDetailApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def _registration(self, request: Request, event_id: int, registration_id: Any):
        registration = registration_get_visible(
            event=_event(event_id), registration_id=registration_id, user=request.user
        )
        if registration is None:
            raise Http404("No such registration.")
        return registration

    @extend_schema(
        operation_id="events_registration_read",
        summary="One registration (its player or the organiser)",
        responses={200: RegistrationOut, **_NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, event_id: int, registration_id: Any) -> Response:
        return Response(
            RegistrationOut(self._registration(request, event_id, registration_id), context={"request": request}).data
        )

    @extend_schema(
        operation_id="events_registration_withdraw",
        summary="Withdraw your registration before the deadline",
        description="Only its player; the organiser gets 403. 400 on `deadline` once registration has closed.",
        responses={
            200: RegistrationOut,
            **_ERRORS,
            403: OpenApiResponse(description="Not your registration."),
            **_NOT_FOUND,
        },
        tags=TAGS,
    )
    def delete(self, request: Request, event_id: int, registration_id: Any) -> Response:
        registration = self._registration(request, event_id, registration_id)
        if registration.player_id != request.user.pk:
            return Response(
                {"detail": "Only the player may withdraw a registration."}, status=status.HTTP_403_FORBIDDEN
            )
        try:
            registration = registration_withdraw(registration=registration)
        except EventError as exc:
            return _error(exc)
        return Response(RegistrationOut(registration, context={"request": request}).data)


class EventCheckListApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="events_check_start",
        summary="Re-check every registration against the event's format (the organiser)",
        description=(
            "Queues one job and answers 202 with it; poll its `url`. While a check is queued or running, "
            "that check is answered instead of a second one."
        ),
        request=None,
        responses={202: EventCheckOut, **_NOT_FOUND},
        tags=TAGS,
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = _organised(request, event_id)
        check = event_check_create(event=event, requested_by=request.user)
        return Response(EventCheckOut(check, context={"request": request}).data, status=status.HTTP_202_ACCEPTED)


class EventCheckDetailApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="events_check_read",
        summary="A re-check job's status and progress (the organiser)",
        responses={200: EventCheckOut, **_NOT_FOUND},
        tags=TAGS,
    )
    def get(self, request: Request, event_id: int, check_id: Any) -> Response:
        check = event_check_get(event=_event(event_id), check_id=check_id, user=request.user)
        if check is None:
            raise Http404("No such check.")
        return Response(EventCheckOut(check, context={"request": request}).data)

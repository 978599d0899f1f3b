"""Card proposal API: a player proposes and follows their own proposals; moderators review them.

A proposal is visible to its proposer and to moderators; to anyone else it is a 404. Review
actions by a proposer who is not a moderator are 403s.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework import permissions
from rest_framework import serializers
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from cardcollections.catalog.selectors import cards_for_listing
from cardcollections.lookups import proposal_or_404
from cardcollections.models import CardProposal
from cardcollections.models import Game
from cardcollections.proposals import documents
from cardcollections.proposals.api.serializers import NoteIn
from cardcollections.proposals.api.serializers import ProposalDetailOut
from cardcollections.proposals.api.serializers import ProposalErrorOut
from cardcollections.proposals.api.serializers import ProposalIn
from cardcollections.proposals.api.serializers import ProposalOut
from cardcollections.proposals.api.serializers import ProposalReviseIn
from cardcollections.proposals.api.serializers import ReasonIn
from cardcollections.proposals.api.serializers import RevisionOut
from cardcollections.proposals.permissions import can_review
from cardcollections.proposals.selectors import REVIEW_QUEUE_MAX
from cardcollections.proposals.selectors import card_history
from cardcollections.proposals.selectors import proposal_changes
from cardcollections.proposals.selectors import proposals_of
from cardcollections.proposals.selectors import review_queue
from cardcollections.proposals.services import ProposalClosed
from cardcollections.proposals.services import ProposalError
from cardcollections.proposals.services import ProposalNotAllowed
from cardcollections.proposals.services import proposal_approve
from cardcollections.proposals.services import proposal_ask_changes
from cardcollections.proposals.services import proposal_bulk_create
from cardcollections.proposals.services import proposal_create
from cardcollections.proposals.services import proposal_reject
from cardcollections.proposals.services import proposal_revise
from cardsite.api.errors import Problem
from cardsite.api.errors import bad
from cardsite.api.errors import refused
from cardsite.api.examples import refusal_example
from cardsite.api.parsers import FormParser
from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query
from cardsite.api.reading import refuse_unknown


class ReviewQuery(serializers.Serializer):
    game = serializers.CharField(required=False, help_text="a game's slug")


def _refused(exc: ProposalError) -> Problem:
    """400 with every problem and its path; 403 for who may not; 409 for a closed proposal."""
    code: int = status.HTTP_400_BAD_REQUEST
    if isinstance(exc, ProposalNotAllowed):
        code = status.HTTP_403_FORBIDDEN
    elif isinstance(exc, ProposalClosed):
        code = status.HTTP_409_CONFLICT
    return refused(code, str(exc), problems=[p.to_dict() for p in exc.problems])


_ERRORS = {
    400: OpenApiResponse(
        OpenApiTypes.OBJECT,
        description="The card fails the catalog checks (ProposalErrorOut: `{detail, problems}`, each problem with "
        "its path), or a field of the request is wrong (`{field, message}`).",
        examples=[
            refusal_example(
                "Fails the catalog checks",
                {
                    "detail": "sacrifice: must be an integer from 0 to 20",
                    "problems": [{"path": "sacrifice", "message": "must be an integer from 0 to 20"}],
                },
            ),
            refusal_example("A wrong field", {"field": "game", "message": "Name a game by its slug."}),
        ],
    ),
    403: OpenApiResponse(ProposalErrorOut, description="you may not do this to this proposal"),
    409: OpenApiResponse(ProposalErrorOut, description="the proposal is already closed"),
}


def _detail(proposal: CardProposal, code: int = status.HTTP_200_OK) -> Response:
    proposal.proposed = proposal_changes(proposal=proposal)
    return Response(ProposalDetailOut(proposal).data, status=code)


class _ProposalView(APIView):
    permission_classes = [permissions.IsAuthenticated]
    problems = {ProposalError: _refused}

    def _proposal(self, request, pk: int) -> CardProposal:
        return proposal_or_404(user=request.user, pk=pk)


class ProposalList(_ProposalView):
    @extend_schema(responses={200: ProposalOut(many=True)})
    @reads_query(NoFields)
    def get(self, request):
        """Your proposals and their state (waiting, changes asked, approved, rejected), newest change first."""
        return Response(ProposalOut(proposals_of(user=request.user)[:REVIEW_QUEUE_MAX], many=True).data)

    @extend_schema(responses={201: ProposalDetailOut, **_ERRORS})
    @reads_body(ProposalIn)
    def post(self, request, data):
        """Propose a new card, or an edit of `card`: checked as `loadcatalog` checks a catalog file."""
        v = data
        proposal = proposal_create(
            proposer=request.user, game=v["game"], card=v["card"], fields=v["fields"], source=v["source"]
        )
        return _detail(proposal, status.HTTP_201_CREATED)


class ProposalDetail(_ProposalView):
    @extend_schema(responses={200: ProposalDetailOut})
    @reads_query(NoFields)
    def get(self, request, pk: int):
        """The proposal, each card beside the catalog as it is now."""
        return _detail(self._proposal(request, pk))

    @extend_schema(responses={200: ProposalDetailOut, **_ERRORS})
    @reads_body(ProposalReviseIn)
    def put(self, request, pk: int, data):
        """Change your open proposal (after changes were asked): it waits for review again."""
        proposal = self._proposal(request, pk)
        v = data
        return _detail(proposal_revise(proposal=proposal, user=request.user, fields=v["fields"], source=v["source"]))


_FILE_SCHEMA = {"type": "string", "format": "binary"}


class ProposalScan(_ProposalView):
    parser_classes = [FormParser]

    @extend_schema(
        request={"multipart/form-data": {"type": "object", "properties": {"scan": _FILE_SCHEMA}}},
        responses={200: ProposalDetailOut, **_ERRORS},
    )
    def post(self, request, pk: int):
        """Attach a scan to your open proposal (the catalog's image checks: a real image, bounded in size)."""
        refuse_unknown(request.data.keys(), ["scan"], "field")
        proposal = self._proposal(request, pk)
        upload = request.FILES.get("scan")
        if upload is None:
            raise bad("scan", "Attach the image file as `scan`.")
        if proposal.kind == CardProposal.Kind.BULK:
            raise bad("scan", "A bulk proposal has no scan.")
        fields = documents.proposed_fields(proposal)
        revised = proposal_revise(
            proposal=proposal, user=request.user, fields=fields, source=proposal.source, scan=upload
        )
        return _detail(revised)


class ReviewQueue(_ProposalView):
    @extend_schema(
        responses={200: ProposalOut(many=True), 403: OpenApiResponse(description="you are not a moderator")},
    )
    @reads_query(ReviewQuery)
    def get(self, request, query):
        """Moderators: the proposals waiting for review, oldest first."""
        if not can_review(request.user):
            raise PermissionDenied("Only card moderators review proposals.")
        game = query.get("game", "")
        if game and not Game.objects.filter(slug=game).exists():
            raise bad("game", f"Unknown game {game!r}.")
        return Response(ProposalOut(review_queue(user=request.user, game=game)[:REVIEW_QUEUE_MAX], many=True).data)


class ProposalApprove(_ProposalView):
    @extend_schema(request=None, responses={200: ProposalDetailOut, **_ERRORS})
    @reads_body(NoFields)
    def post(self, request, pk: int):
        """Moderators: apply the proposal in one transaction (an edited card keeps its id)."""
        return _detail(proposal_approve(proposal=self._proposal(request, pk), moderator=request.user))


class ProposalReject(_ProposalView):
    @extend_schema(responses={200: ProposalDetailOut, **_ERRORS})
    @reads_body(ReasonIn)
    def post(self, request, pk: int, data):
        """Moderators: reject the proposal with a reason the proposer sees."""
        proposal = self._proposal(request, pk)
        v = data
        return _detail(proposal_reject(proposal=proposal, moderator=request.user, reason=v["reason"]))


class ProposalAskChanges(_ProposalView):
    @extend_schema(responses={200: ProposalDetailOut, **_ERRORS})
    @reads_body(NoteIn)
    def post(self, request, pk: int, data):
        """Moderators: send the proposal back to its proposer with the changes asked."""
        proposal = self._proposal(request, pk)
        v = data
        return _detail(proposal_ask_changes(proposal=proposal, moderator=request.user, note=v["note"]))


class ProposalBulk(_ProposalView):
    parser_classes = [FormParser]

    @extend_schema(
        request={
            "multipart/form-data": {
                "type": "object",
                "properties": {"game": {"type": "string"}, "source": {"type": "string"}, "file": _FILE_SCHEMA},
                "required": ["game", "source", "file"],
            }
        },
        responses={201: ProposalDetailOut, **_ERRORS},
    )
    def post(self, request):
        """Moderators: a CSV (`.csv`) or catalog file (`.json`) as one proposal of many cards, checked row by
        row (problems name the CSV line or the JSON path); nothing is applied until it is approved."""
        if not can_review(request.user):
            raise PermissionDenied("Only card moderators upload bulk proposals.")
        refuse_unknown(request.data.keys(), ["game", "source", "file"], "field")
        game = Game.objects.filter(slug=request.data.get("game", "")).first()
        if game is None:
            raise bad("game", "Name a game by its slug.")
        upload = request.FILES.get("file")
        if upload is None:
            raise bad("file", "Attach the CSV or catalog file as `file`.")
        proposal = proposal_bulk_create(
            moderator=request.user, game=game, upload=upload, source=request.data.get("source", "")
        )
        return _detail(proposal, status.HTTP_201_CREATED)


class CardHistory(generics.ListAPIView):
    """A card's approved revisions, newest first: who proposed, who approved, when, what changed."""

    serializer_class = RevisionOut
    pagination_class = None
    filter_backends: list = []

    @extend_schema(parameters=[OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)])
    @reads_query(NoFields)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        card = generics.get_object_or_404(cards_for_listing(), pk=self.kwargs["pk"])
        return card_history(card=card)

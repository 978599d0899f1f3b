"""Learning API: the due queue, a batch of reviews (idempotent by uuid), one verse, the daily goal.

Only the caller's own verses exist for them: another player's verse id is a 404 in a path, and a 400 naming the
review in a batch (`reviews[2].verse`, the same answer as for an id that does not exist). Writes count against the
write limit (cardsite.api.throttles, the default throttle).
"""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardcollections.models import CardSet
from cardsite.api.authentication import SignedInRequest
from cardsite.api.errors import bad
from cardsite.api.pagination import page_response
from cardsite.api.reading import NoFields
from cardsite.api.reading import PageQuery
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query
from decks.lists.lookups import deck_owned_or_refused
from learning.api.serializers import DeckRecallOut
from learning.api.serializers import GoalIn
from learning.api.serializers import GoalOut
from learning.api.serializers import MasteryOut
from learning.api.serializers import QueueOut
from learning.api.serializers import QueueQuery
from learning.api.serializers import ReviewsIn
from learning.api.serializers import ReviewsOut
from learning.api.serializers import VerseDetailOut
from learning.api.serializers import VersePageOut
from learning.api.serializers import VersesAddedOut
from learning.api.serializers import VersesAddIn
from learning.lookups import verse_owned_or_404
from learning.mastery.selectors import mastery_of
from learning.mastery.selectors import mastery_public
from learning.mastery.selectors import signatures_of
from learning.models import FsrsState
from learning.models import LearnedVerse
from learning.models import Review
from learning.selectors import daily_goal
from learning.selectors import deck_quote_recall
from learning.selectors import due_count
from learning.selectors import reviews_since
from learning.selectors import verse_reviews
from learning.selectors import verses_due
from learning.selectors import verses_of
from learning.services import ReviewInput
from learning.services import goal_set
from learning.services import reviews_record
from learning.services import verse_forget
from learning.services import verses_add_from_collection
from learning.services import verses_add_from_deck
from learning.services import verses_add_from_set
from rules.learning import GRADE_NAMES
from rules.learning import Grade

TAGS = ["learning"]
QUEUE_DEFAULT = 50
GRADE_BY_NAME = {name: grade for grade, name in GRADE_NAMES.items()}
NO_VERSE = OpenApiResponse(description="No such verse among yours.")
NO_DECK = OpenApiResponse(description="No such deck, or one you may not read.")
NOT_YOUR_DECK = OpenApiResponse(description="You may read this deck but it is not yours.")


def verse_body(verse: LearnedVerse) -> dict[str, Any]:
    return {
        "id": verse.pk,
        "card": verse.card_id,
        "title": verse.card.title,
        "reference": verse.card.reference,
        "scripture": verse.card.scripture,
        "state": FsrsState(verse.state).label.lower(),
        "stability": verse.stability,
        "difficulty": verse.difficulty,
        "due": verse.due,
        "last_review": verse.last_review,
        "reviews": verse.reviews,
    }


def review_body(review: Review) -> dict[str, Any]:
    return {
        "uuid": review.uuid,
        "grade": GRADE_NAMES[Grade(review.grade)],
        "kind": review.kind,
        "reviewed": review.reviewed,
        "due": review.due_after,
    }


def _midnight_utc(now: datetime) -> datetime:
    return now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


# No docstring: the schema would take it as the description of every operation that has none.
@extend_schema(tags=TAGS)
class LearningApi(APIView):
    permission_classes = [permissions.IsAuthenticated]


class QueueApi(LearningApi):
    @extend_schema(
        operation_id="learn_queue",
        summary="Your due queue",
        description="The verses due now, the longest overdue first, with your daily goal and today's reviews.",
        responses={200: QueueOut},
    )
    @reads_query(QueueQuery)
    def get(self, request: SignedInRequest, query: dict[str, Any]) -> Response:
        now = timezone.now()
        verses = verses_due(user=request.user, now=now, limit=query.get("limit", QUEUE_DEFAULT))
        body = {
            "due_count": due_count(user=request.user, now=now),
            "goal": daily_goal(user=request.user),
            "reviewed_today": reviews_since(user=request.user, since=_midnight_utc(now)),
            "verses": [verse_body(v) for v in verses],
        }
        return Response(QueueOut(body).data)


class ReviewsApi(LearningApi):
    @extend_schema(
        operation_id="learn_reviews_record",
        summary="Record a batch of reviews",
        description=(
            "Each review is scheduled by FSRS in order. A review whose uuid you sent before is not stored again "
            "(`duplicate`): send a batch again when you did not hear the answer. One bad review refuses the batch "
            "with a 400 naming it (`reviews[2].verse`) and nothing is stored."
        ),
        responses={200: ReviewsOut},
    )
    @reads_body(ReviewsIn)
    def post(self, request: SignedInRequest, data: dict[str, Any]) -> Response:
        items = [
            ReviewInput(
                uuid=r["uuid"],
                verse=r["verse"],
                grade=GRADE_BY_NAME[r["grade"]],
                kind=r["kind"],
                reviewed=r.get("reviewed"),
            )
            for r in data["reviews"]
        ]
        outcomes = reviews_record(user=request.user, reviews=items)
        results = [{**review_body(o.review), "verse": o.review.verse_id, "duplicate": o.duplicate} for o in outcomes]
        stored = sum(1 for o in outcomes if not o.duplicate)
        body = {"stored": stored, "duplicates": len(outcomes) - stored, "results": results}
        return Response(ReviewsOut(body).data)


class VersesApi(LearningApi):
    @extend_schema(
        operation_id="learn_verses",
        summary="The verses you learn",
        description="The soonest due first, in pages of 60 (`page_size` up to 200).",
        responses={200: VersePageOut},
    )
    @reads_query(PageQuery)
    def get(self, request: SignedInRequest) -> Response:
        return page_response(self, request, verses_of(user=request.user), lambda page: [verse_body(v) for v in page])

    @extend_schema(
        operation_id="learn_verses_add",
        summary="Learn the verses of a deck, a set or your collection",
        description=(
            "`deck`: one of your decks (someone else's deck you may read is a 403, one you may not a 404); "
            "`set`: a catalog set; `collection`: true, every card you own a copy of. Every card printing a verse you "
            "do not learn yet adds it, due now."
        ),
        responses={200: VersesAddedOut, 403: NOT_YOUR_DECK, 404: NO_DECK},
    )
    @reads_body(VersesAddIn)
    def post(self, request: SignedInRequest, data: dict[str, Any]) -> Response:
        if "deck" in data:
            deck = deck_owned_or_refused(user=request.user, pk=data["deck"])
            added = verses_add_from_deck(user=request.user, deck=deck)
        elif data.get("collection"):
            added = verses_add_from_collection(user=request.user)
        else:
            card_set = CardSet.objects.filter(pk=data["set"]).first()
            if card_set is None:
                raise bad("set", "No such set.")
            added = verses_add_from_set(user=request.user, card_set=card_set)
        return Response({"added": added, "verses": verses_of(user=request.user).count()})


class VerseApi(LearningApi):
    @extend_schema(
        operation_id="learn_verse",
        summary="One of your verses",
        description="Its FSRS state and its latest reviews.",
        responses={200: VerseDetailOut, 404: NO_VERSE},
    )
    @reads_query(NoFields)
    def get(self, request: SignedInRequest, pk: int) -> Response:
        verse = verse_owned_or_404(user=request.user, pk=pk)
        body = {**verse_body(verse), "recent": [review_body(r) for r in verse_reviews(verse=verse)]}
        return Response(VerseDetailOut(body).data)

    @extend_schema(
        operation_id="learn_verse_forget",
        summary="Stop learning a verse",
        description="The verse and its reviews are deleted.",
        responses={204: None, 404: NO_VERSE},
    )
    def delete(self, request: SignedInRequest, pk: int) -> Response:
        verse_forget(user=request.user, verse=verse_owned_or_404(user=request.user, pk=pk))
        return Response(status=status.HTTP_204_NO_CONTENT)


class GoalApi(LearningApi):
    @extend_schema(operation_id="learn_goal", summary="Your daily goal", responses={200: GoalOut})
    @reads_query(NoFields)
    def get(self, request: SignedInRequest) -> Response:
        return Response({"daily_reviews": daily_goal(user=request.user)})

    @extend_schema(operation_id="learn_goal_set", summary="Set your daily goal", responses={200: GoalOut})
    @reads_body(GoalIn)
    def put(self, request: SignedInRequest, data: dict[str, Any]) -> Response:
        goal = goal_set(user=request.user, daily_reviews=data["daily_reviews"])
        return Response({"daily_reviews": goal.daily_reviews})


class DeckRecallApi(LearningApi):
    @extend_schema(
        operation_id="learn_deck_recall",
        summary="Your recall of a deck's Quote verses",
        description=(
            "What you know plays: the mean of your predicted recall now of the verses of the deck's Quote cards, "
            "to send as the goldfish `quote_rate` or the play `computer_recall`. One of your decks: someone else's "
            "deck you may read is a 403, one you may not a 404."
        ),
        responses={200: DeckRecallOut, 403: NOT_YOUR_DECK, 404: NO_DECK},
    )
    @reads_query(NoFields)
    def get(self, request: SignedInRequest, deck_id: str) -> Response:
        deck = deck_owned_or_refused(user=request.user, pk=deck_id)
        recall = deck_quote_recall(user=request.user, deck=deck, now=timezone.now())
        body = {
            "deck": deck.pk,
            "quote_cards": recall.quote_cards,
            "verses": recall.verses,
            "learned": recall.learned,
            "recall": recall.recall,
        }
        return Response(DeckRecallOut(body).data)


class MasteryApi(LearningApi):
    @extend_schema(
        operation_id="learn_mastery",
        summary="Your mastery",
        description=(
            "Your progress on each set you learn a verse of, with the verses signed for you, and the signatures on "
            "your Mastery cards (the latest 200). The catalogs define no Mastery Game levels: `levels` is empty."
        ),
        responses={200: MasteryOut},
    )
    @reads_query(NoFields)
    def get(self, request: SignedInRequest) -> Response:
        sets = [
            {
                "set": p.mastery.card_set.code,
                "name": p.mastery.card_set.name,
                "verses": p.mastery.verses,
                "learning": p.mastery.learning,
                "known": p.mastery.known,
                "signed": p.signed,
                "levels": list(p.levels),
            }
            for p in mastery_of(player=request.user)
        ]
        signatures = [
            {
                "card": s.card_id,
                "title": s.card.title,
                "reference": s.card.reference,
                "signer": s.signer.username,
                "table": s.table_id,
                "signed": s.signed,
            }
            for s in signatures_of(player=request.user)
        ]
        body = {"public": mastery_public(player=request.user), "sets": sets, "signatures": signatures}
        return Response(MasteryOut(body).data)

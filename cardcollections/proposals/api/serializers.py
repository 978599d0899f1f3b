"""Serializers of the card proposal API."""

from __future__ import annotations

from rest_framework import serializers

from cardcollections.collection.api.serializers import inline_choices
from cardcollections.models import Card
from cardcollections.models import CardProposal
from cardcollections.models import CardRevision
from cardcollections.models import Game
from cardcollections.proposals.services import NOTE_MAX
from cardcollections.proposals.services import SOURCE_MAX
from cardsite.api.numbers import StrictPrimaryKeyRelatedField


class ProposalIn(serializers.Serializer):
    """A new card (no `card`) or an edit of `card`. `fields` is the card in catalog-file form
    (docs/contracts/catalog-format.md): set, number and title, then the game's fields; an edit gives only what it
    changes (set and number stay)."""

    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    card = StrictPrimaryKeyRelatedField(queryset=Card.objects.all(), required=False, allow_null=True, default=None)
    fields = serializers.JSONField(help_text='the card\'s catalog fields, e.g. {"title": ..., "sacrifice": 2}')  # type: ignore[assignment]  # a declared field, not the serializer's own .fields: DRF's metaclass takes fields off the class
    source = serializers.CharField(max_length=SOURCE_MAX, help_text="where the facts come from: a link or a note")  # type: ignore[assignment]  # a declared field, not the serializer's own .source: DRF's metaclass takes fields off the class


class ProposalReviseIn(serializers.Serializer):
    fields = serializers.JSONField()  # type: ignore[assignment]  # a declared field, not the serializer's own .fields: DRF's metaclass takes fields off the class
    source = serializers.CharField(max_length=SOURCE_MAX)  # type: ignore[assignment]  # a declared field, not the serializer's own .source: DRF's metaclass takes fields off the class


class ReasonIn(serializers.Serializer):
    reason = serializers.CharField(max_length=NOTE_MAX)


class NoteIn(serializers.Serializer):
    note = serializers.CharField(max_length=NOTE_MAX)


class ChangeOut(serializers.Serializer):
    field = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class ProposedCardOut(serializers.Serializer):
    set = serializers.CharField()
    number = serializers.CharField()
    title = serializers.CharField()
    card = serializers.IntegerField(source="card.pk", allow_null=True, default=None)
    is_new = serializers.BooleanField()
    changes = ChangeOut(many=True)


class ProposalOut(serializers.ModelSerializer):
    game: serializers.SlugRelatedField[Game] = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    kind = inline_choices(CardProposal.Kind.choices, read_only=True)
    status = inline_choices(CardProposal.Status.choices, read_only=True)
    proposer = serializers.CharField(source="proposer.get_username", read_only=True)
    reviewer = serializers.CharField(source="reviewer.get_username", read_only=True, allow_null=True, default=None)
    title = serializers.CharField(read_only=True)
    scan = serializers.SerializerMethodField()

    class Meta:
        model = CardProposal
        fields = [
            "id",
            "kind",
            "status",
            "game",
            "card",
            "title",
            "proposer",
            "source",
            "scan",
            "review_note",
            "reviewer",
            "created",
            "updated",
        ]

    def get_scan(self, proposal: CardProposal) -> str | None:
        return proposal.scan.url if proposal.scan else None


class ProposalDetailOut(ProposalOut):
    """The proposal with its cards beside the catalog as it is now (`changes`: what approving changes)."""

    cards = ProposedCardOut(many=True, read_only=True, source="proposed")

    class Meta(ProposalOut.Meta):
        fields = [*ProposalOut.Meta.fields, "cards"]


class ProblemOut(serializers.Serializer):
    path = serializers.CharField()
    message = serializers.CharField()


class ProposalErrorOut(serializers.Serializer):
    detail = serializers.CharField()
    # A refusal before any check (not a moderator: PermissionDenied) has no problems.
    problems = ProblemOut(many=True, required=False)


class RevisionOut(serializers.ModelSerializer):
    proposed_by = serializers.CharField(source="proposed_by.get_username", allow_null=True, default=None)
    approved_by = serializers.CharField(source="approved_by.get_username", allow_null=True, default=None)
    changes = ChangeOut(many=True)

    class Meta:
        model = CardRevision
        fields = ["id", "created", "created_card", "proposed_by", "approved_by", "proposal", "changes"]

"""Deck folders and organising a deck: request bodies (checked here) and answers."""

from rest_framework import serializers

from cardsite.api.booleans import StrictBooleanField
from cardsite.api.numbers import StrictIntegerField
from decks.lists.services import MAX_NAME
from decks.organise.services import MAX_TAG
from decks.organise.services import MAX_TAGS
from decks.validation.api.serializers import StrictCharField
from rules.numbers import ID_MAX


class FolderOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    parent = serializers.IntegerField(  # type: ignore[assignment]  # a declared field, not the serializer's own .parent: DRF's metaclass takes fields off the class
        source="parent_id", allow_null=True, help_text="The folder it is in; null at the top."
    )
    created = serializers.DateTimeField()


class FolderCreateIn(serializers.Serializer):
    name = StrictCharField(max_length=MAX_NAME)
    parent = StrictIntegerField(  # type: ignore[assignment]  # a declared field, not the serializer's own .parent: DRF's metaclass takes fields off the class
        required=False, allow_null=True, min_value=1, max_value=ID_MAX, help_text="A top-level folder of yours."
    )


class FolderRenameIn(serializers.Serializer):
    name = StrictCharField(max_length=MAX_NAME)


class DeckOrganiseIn(serializers.Serializer):
    folder = StrictIntegerField(
        required=False, allow_null=True, min_value=1, max_value=ID_MAX, help_text="A folder of yours; null: none."
    )
    tags = serializers.ListField(
        child=StrictCharField(max_length=MAX_TAG, allow_blank=True),
        required=False,
        max_length=MAX_TAGS,
        help_text=f"Replaces the deck's tags (stored in lower case; at most {MAX_TAGS}).",
    )
    archived = StrictBooleanField(required=False, help_text="Archived: hidden from the lists, still openable.")

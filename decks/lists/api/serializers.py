"""Saved-deck API shapes: request bodies and query parameters (checked here), answers (documented and written here).

Serializers check types and shapes only; what a list means (its cards, its
legality) is the services' business. The query serializers whose parameters
are Python keywords (`as`, `with`) are built with `type()`.
"""

import contextlib
from typing import Any

from django.urls import NoReverseMatch
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from cardsite.api.booleans import StrictBooleanField
from cardsite.api.numbers import StrictIntegerField
from decks.lists.selectors import deck_cloned_from_shown
from decks.lists.services import MAX_DESCRIPTION
from decks.lists.services import MAX_NAME
from decks.models import DeckVisibility
from decks.validation.api.serializers import FindingSerializer
from decks.validation.api.serializers import StrictCharField
from decks.validation.api.serializers import ValidationResultSerializer
from rules.games import GAME_SLUGS
from rules.numbers import ID_MAX

VISIBILITIES = DeckVisibility.values


class DeckVisibilityField(serializers.ChoiceField):
    """private, unlisted (anyone with the link) or public (listed)."""

    def __init__(self, **kwargs: Any):
        super().__init__(choices=VISIBILITIES, **kwargs)


class DeckVisibilityFieldExtension(OpenApiSerializerFieldExtension):
    """One named enum, DeckVisibilityEnum, for every deck `visibility` field.

    The collections API has its own `visibility` (other values); spectacular's
    automatic enum naming would warn about the two sharing a field name.
    """

    target_class = DeckVisibilityField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        component = ResolvedComponent(
            name="DeckVisibilityEnum",
            type=ResolvedComponent.SCHEMA,
            object="DeckVisibilityEnum",
            schema={
                "type": "string",
                "enum": list(VISIBILITIES),
                "description": "private: only you; unlisted: anyone with the link; public: listed for everyone.",
            },
        )
        auto_schema.registry.register_on_missing(component)
        return component.ref


# ---------------------------------------------------------------- pieces
class DeckCardOut(serializers.Serializer):
    set = serializers.CharField(help_text="The printing's set code.")
    number = serializers.CharField(help_text="The printing's number in its set.")
    title = serializers.CharField()
    count = serializers.IntegerField(min_value=1)


class DeckEntryIn(serializers.Serializer):
    """One JSON entry (docs/contracts/deck-format.md): a title, or a set and number, and a count."""

    title = serializers.CharField(required=False)
    set = serializers.CharField(required=False)
    number = serializers.CharField(required=False)
    count = StrictIntegerField(min_value=1, max_value=999)


class DeckErrorOut(serializers.Serializer):
    field = serializers.CharField(help_text='The field (a JSON path, e.g. "deck.cards[2].count") to blame.')
    message = serializers.CharField()
    findings = FindingSerializer(
        many=True, required=False, help_text="Every entry not understood: unknown cards, unreadable lines."
    )
    errors = serializers.JSONField(required=False, help_text="Every field's problems, when there are several.")  # type: ignore[assignment]  # a declared field, not the serializer's own .errors: DRF's metaclass takes fields off the class
    version = serializers.IntegerField(required=False, help_text="409 only: the deck's latest version.")


class DeckLinksOut(serializers.Serializer):
    self = serializers.URLField()
    validation = serializers.URLField(help_text="The list checked against its format now.")
    export_text = serializers.URLField()
    export_json = serializers.URLField()
    versions = serializers.URLField()
    compare = serializers.URLField(help_text="Add ?with=<another deck's id>.")
    clone = serializers.URLField(help_text="POST: a private copy for you.")
    built = serializers.URLField(help_text="PUT (owner only): mark built or not.")
    missing = serializers.URLField(help_text="GET (owner only): cards still needed.")
    organise = serializers.URLField(help_text="PUT (owner only): folder, tags, archived.")
    page = serializers.URLField(required=False, help_text="The deck's page on the site.")


def deck_links(deck: Any, request: Any) -> dict[str, str]:
    def url(name: str, query: str = "") -> str:
        return reverse(name, args=[deck.pk], request=request) + query

    links = {
        "self": url("api-deck-detail"),
        "validation": url("api-deck-validation"),
        "export_text": url("api-deck-export", "?as=text"),
        "export_json": url("api-deck-export", "?as=json"),
        "versions": url("api-deck-versions"),
        "compare": url("api-deck-compare"),
        "clone": url("api-deck-clone"),
        "built": url("api-deck-built"),
        "missing": url("api-deck-missing"),
        "organise": url("api-deck-organise"),
    }
    # The deck pages are another feature's: the API does not depend on them.
    with contextlib.suppress(NoReverseMatch):
        links["page"] = url("deck-detail")
    return links


# ---------------------------------------------------------------- decks out
class DeckFolderRefOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    parent = serializers.IntegerField(allow_null=True, help_text="The folder it is in; null at the top.")  # type: ignore[assignment]  # a declared field, not the serializer's own .parent: DRF's metaclass takes fields off the class


class DeckSummaryOut(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    game = serializers.CharField(source="game.slug", help_text="Game slug.")
    format = serializers.CharField(help_text="A base format of the game or a tournament format's slug.")
    visibility = DeckVisibilityField()
    owner = serializers.CharField(source="owner.username", help_text="The owner's username.")
    card_count = serializers.IntegerField()
    version = serializers.IntegerField(help_text="The latest version's number (send it back on PATCH).")
    legal = serializers.BooleanField(help_text="As validated at the last save.")
    built = serializers.BooleanField(help_text="Sleeved on the table: its cards are reserved in the collection.")
    archived = serializers.BooleanField(help_text="Hidden from the deck lists; still opened by its link.")
    tags = serializers.SerializerMethodField()
    folder = serializers.SerializerMethodField(help_text="The owner's folder for it; null for anyone else.")
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()
    likes = serializers.IntegerField(help_text="How many players like (bookmarked) it.")
    views = serializers.IntegerField(help_text="Visits of its page by others, one per visitor an hour.")
    url = serializers.SerializerMethodField()

    @extend_schema_field(serializers.URLField())
    def get_url(self, deck: Any) -> str:
        return reverse("api-deck-detail", args=[deck.pk], request=self.context.get("request"))

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_tags(self, deck: Any) -> list[str]:
        return sorted(t.name for t in deck.tags.all())

    @extend_schema_field(DeckFolderRefOut(allow_null=True))
    def get_folder(self, deck: Any) -> dict[str, Any] | None:
        user = getattr(self.context.get("request"), "user", None)
        if deck.folder_id is None or user is None or deck.owner_id != user.pk:
            return None
        return {"id": deck.folder.pk, "name": deck.folder.name, "parent": deck.folder.parent_id}


class DeckOut(DeckSummaryOut):
    description = serializers.CharField()
    cards = DeckCardOut(many=True, help_text="One entry per printing, sorted by title.")
    considering = DeckCardOut(
        many=True,
        help_text="The considering board: candidates that validation, stock, charts, goldfish and the sheet ignore.",
    )
    validation = ValidationResultSerializer(help_text="The engine's result at the last save (validation.md).")
    built_at = serializers.DateTimeField(allow_null=True)
    cloned_from = serializers.SerializerMethodField(
        help_text="The deck this one was copied from; null when you may not be shown it (an unlisted deck's id is its link)."
    )
    links = serializers.SerializerMethodField()

    @extend_schema_field(serializers.UUIDField(allow_null=True))
    def get_cloned_from(self, deck: Any) -> Any:
        request = self.context.get("request")
        return deck_cloned_from_shown(deck=deck, user=getattr(request, "user", None))

    @extend_schema_field(DeckLinksOut)
    def get_links(self, deck: Any) -> dict[str, str]:
        return deck_links(deck, self.context.get("request"))


def page_out(name: str, results: serializers.Serializer) -> type[serializers.Serializer]:
    """The schema of one page of PageNumberWithSize: `count`, `next`, `previous` and `results` (a serializer, many=True)."""
    fields = {
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": results,
    }
    return type(name, (serializers.Serializer,), fields)


class PageQuery(serializers.Serializer):
    """The query of a paged list: `page`, `page_size`."""

    page = StrictIntegerField(required=False, min_value=1)
    page_size = StrictIntegerField(required=False, min_value=1, max_value=200, help_text="At most 200.")


DeckPageOut = page_out("DeckPageOut", DeckSummaryOut(many=True))


class DeckListQuery(serializers.Serializer):
    scope = serializers.ChoiceField(
        choices=["mine", "public"],
        required=False,
        default="mine",
        help_text="mine (default, login needed): your decks; public: everyone's public decks (no login needed).",
    )
    game = serializers.ChoiceField(choices=GAME_SLUGS, required=False, help_text="Only this game's decks.")
    built = serializers.BooleanField(required=False, allow_null=True, default=None, help_text="Only built (or not).")
    folder = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=ID_MAX,
        help_text="scope=mine: the decks in this folder or its subfolders.",
    )
    tag = StrictCharField(required=False, max_length=40, help_text="Only decks with this tag (either scope).")
    deck_format = StrictCharField(
        required=False,
        max_length=60,
        help_text="scope=mine: only decks of this format (`format` itself is DRF's answer-format override).",
    )
    archived = serializers.BooleanField(
        required=False, default=False, help_text="scope=mine: true lists only your archived decks (hidden otherwise)."
    )
    sort = serializers.ChoiceField(
        choices=["updated", "newest", "views", "likes", "name"],
        required=False,
        default="updated",
        help_text=(
            "updated (default): the latest change first; newest; views: most viewed; likes: most liked; name: A to Z."
        ),
    )
    page = StrictIntegerField(required=False, min_value=1)
    page_size = StrictIntegerField(required=False, min_value=1, max_value=200, help_text="At most 200.")


# ---------------------------------------------------------------- writing
class _ListFields(serializers.Serializer):
    decklist = StrictCharField(
        required=False, allow_blank=True, trim_whitespace=False, help_text="The list as text. Give this or cards."
    )
    cards = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text='JSON entries {"title", "count"} or {"set", "number", "count"}. Give this or decklist.',
    )
    considering = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text=(
            "The considering board, entries like cards ([] empties it). Without it the board comes from "
            "decklist's `// Considering` lines, or stays as it is."
        ),
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "decklist" in attrs and "cards" in attrs:
            raise serializers.ValidationError({"decklist": ["Give decklist (text) or cards (a list), not both."]})
        return attrs


class DeckCreateIn(_ListFields):
    game = serializers.ChoiceField(choices=GAME_SLUGS)
    name = StrictCharField(max_length=MAX_NAME)
    format = StrictCharField(required=False, allow_null=True, max_length=60, help_text="Default: the game's first.")
    description = StrictCharField(required=False, allow_blank=True, max_length=MAX_DESCRIPTION, default="")
    visibility = DeckVisibilityField(required=False, default=DeckVisibility.PRIVATE)


class DeckPatchIn(_ListFields):
    name = StrictCharField(required=False, max_length=MAX_NAME)
    format = StrictCharField(required=False, max_length=60)
    description = StrictCharField(required=False, allow_blank=True, max_length=MAX_DESCRIPTION)
    visibility = DeckVisibilityField(required=False)
    version = StrictIntegerField(
        required=False,
        min_value=1,
        help_text="The version you edited; if the deck has been saved since, the answer is 409 and nothing changes.",
    )


class DeckDocumentIn(serializers.Serializer):
    """The JSON deck of docs/contracts/deck-format.md."""

    game = serializers.ChoiceField(choices=GAME_SLUGS, required=False)
    name = serializers.CharField(required=False)
    format = serializers.CharField(required=False, allow_null=True)
    description = serializers.CharField(required=False, allow_blank=True)
    cards = DeckEntryIn(many=True)
    considering = DeckEntryIn(many=True, required=False, help_text="The considering board (this site's addition).")


@extend_schema_field(DeckDocumentIn)
class DeckDocumentField(serializers.JSONField):
    """Any JSON here; the import reads it as a deck document and names a bad part by its JSON path."""


class DeckImportIn(serializers.Serializer):
    game = serializers.ChoiceField(
        choices=GAME_SLUGS, required=False, help_text="Required with decklist; with deck, the document's own."
    )
    format = StrictCharField(required=False, allow_null=True, max_length=60)
    name = StrictCharField(
        required=False, max_length=MAX_NAME, help_text="Default: the document's, or 'Imported deck'."
    )
    visibility = DeckVisibilityField(required=False, default=DeckVisibility.PRIVATE)
    decklist = StrictCharField(
        required=False, allow_blank=True, trim_whitespace=False, help_text="Text (deck-format.md). Or give deck."
    )
    deck = DeckDocumentField(
        required=False, help_text='A JSON deck document: {"game", "name", "format", "cards"}. Or give decklist.'
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("decklist" in attrs) == ("deck" in attrs):
            raise serializers.ValidationError({"decklist": ["Give decklist (text) or deck (a JSON document), one."]})
        if "decklist" in attrs and "game" not in attrs:
            raise serializers.ValidationError({"game": ["This field is required with decklist."]})
        return attrs


class DeckCloneIn(serializers.Serializer):
    name = StrictCharField(required=False, max_length=MAX_NAME, help_text="Default: '<name> (copy)'.")


class DeckBuiltIn(serializers.Serializer):
    built = StrictBooleanField()


class TitleNeedOut(serializers.Serializer):
    title = serializers.CharField()
    needed = serializers.IntegerField(help_text="Copies the deck has.")
    owned = serializers.IntegerField(help_text="Copies in the owner's collection.")
    reserved_elsewhere = serializers.IntegerField(help_text="Owned copies held by the owner's other built decks.")
    free = serializers.IntegerField()
    missing = serializers.IntegerField(help_text="Copies still to get (not owned, or reserved elsewhere).")
    double_booked = serializers.IntegerField(help_text="Copies this deck would take from another built deck.")
    on_offer = serializers.IntegerField(help_text="Copies on other players' trade lists.")
    offered_by = serializers.IntegerField(help_text="How many players offer it.")


class DeckBuiltOut(serializers.Serializer):
    deck = DeckOut()
    double_booked = TitleNeedOut(
        many=True, help_text="Marking built: titles whose copies another built deck already held (warn the player)."
    )


# ---------------------------------------------------------------- versions and comparisons
class CountChangeOut(serializers.Serializer):
    title = serializers.CharField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    delta = serializers.IntegerField()


class ComparisonOut(serializers.Serializer):
    added = CountChangeOut(many=True, help_text="Titles with more copies after (new titles included).")
    removed = CountChangeOut(many=True, help_text="Titles with fewer copies after (dropped titles included).")
    unchanged = CountChangeOut(many=True)


class DeckVersionOut(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    format = serializers.CharField()
    card_count = serializers.IntegerField()
    created = serializers.DateTimeField()
    cards = DeckCardOut(many=True)
    considering = DeckCardOut(many=True, help_text="The considering board of this version.")
    changes = ComparisonOut(
        allow_null=True,
        help_text="From the previous version (version 1: every card added); null when the previous version is no "
        "longer kept (a deck keeps its latest 100).",
    )


class DeckVersionPageOut(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = DeckVersionOut(many=True)


class VersionQuery(serializers.Serializer):
    page = StrictIntegerField(required=False, min_value=1)
    page_size = StrictIntegerField(required=False, min_value=1, max_value=200)


class CompareSideOut(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    version = serializers.IntegerField()
    card_count = serializers.IntegerField()


CompareOut = type(
    "DeckCompareOut",
    (serializers.Serializer,),
    {
        "__doc__": "What changes from `deck` to `with`: `added` are titles `with` has more copies of.",
        "__module__": __name__,
        "deck": CompareSideOut(),
        "with": CompareSideOut(),
        "same": serializers.BooleanField(help_text="The two lists have the same titles and counts."),
        "changes": ComparisonOut(),
    },
)

CompareQuery = type(
    "DeckCompareQuery",
    (serializers.Serializer,),
    {
        "__module__": __name__,
        "with": serializers.UUIDField(help_text="The other deck's id (one you may read)."),
        "version": StrictIntegerField(required=False, min_value=1, help_text="This deck's version (default: latest)."),
        "with_version": StrictIntegerField(
            required=False, min_value=1, help_text="The other deck's version (default: latest)."
        ),
    },
)

ExportQuery = type(
    "DeckExportQuery",
    (serializers.Serializer,),
    {
        "__module__": __name__,
        "as": serializers.ChoiceField(
            choices=["text", "json"],
            required=False,
            default="text",
            help_text="text: the canonical list (text/plain); json: the deck-format.md document.",
        ),
    },
)


class DeckDocumentOut(serializers.Serializer):
    """The JSON deck of docs/contracts/deck-format.md, naming each printing by set and number."""

    game = serializers.CharField()
    name = serializers.CharField()
    format = serializers.CharField()
    cards = DeckCardOut(many=True)
    considering = DeckCardOut(many=True, required=False, help_text="The considering board, when the deck has one.")


class EmptyQuery(serializers.Serializer):
    pass

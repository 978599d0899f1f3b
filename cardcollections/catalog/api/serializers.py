"""Catalog API output: a card as in the catalog file, plus its id, URLs and game."""

import functools
from typing import Any

from django.urls import reverse
from rest_framework import serializers

from cardcollections.catalog.mapping import fields_from_card
from cardcollections.catalog.selectors import CardRow
from cardcollections.models import Card
from cardcollections.models import CardSet
from cardcollections.models import Game
from rules.catalog import card_document
from rules.catalog_fields import PROVENANCES


@functools.cache
def _url_pattern(name: str) -> tuple[str, str]:
    # reverse() once per URL name, not once per card of a 200-card page.
    head, _, tail = reverse(name, args=[987654321]).partition("987654321")
    return head, tail


def _url(name: str, pk: int) -> str:
    head, tail = _url_pattern(name)
    return f"{head}{pk}{tail}"


class GameSerializer(serializers.ModelSerializer):
    card_count = serializers.IntegerField(read_only=True)
    set_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = Game
        fields = ["slug", "name", "collectible", "card_count", "set_count"]


class CardSetSerializer(serializers.ModelSerializer):
    game: "serializers.SlugRelatedField[Game]" = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    card_count = serializers.IntegerField(read_only=True)

    class Meta:
        model = CardSet
        fields = ["id", "game", "code", "name", "released", "card_count"]


class CardSerializer(serializers.Serializer):
    """Flat card: the catalog-file fields of its game, and nothing of other games.

    The game fields are declared here (all optional) so that the OpenAPI
    schema lists them; `to_representation` keeps those of the card's game.
    """

    id = serializers.IntegerField()
    url = serializers.CharField(help_text="API detail URL")
    page = serializers.CharField(help_text="the card's page on the site")
    image = serializers.CharField(help_text="the card's image (scan, thumbnail or rendered face)")
    game = serializers.CharField()
    set = serializers.CharField()
    set_name = serializers.CharField()
    number = serializers.CharField()
    title = serializers.CharField()
    text = serializers.CharField(required=False)
    copies = serializers.IntegerField(required=False)
    extra = serializers.JSONField(required=False)
    provenance = serializers.ChoiceField(
        choices=PROVENANCES,
        help_text="published (from a public source, see `source`), sample (written for this site), "
        "community (entered by a player and approved)",
    )
    source = serializers.URLField(required=False, help_text="where a published card's facts come from")  # type: ignore[assignment]  # a declared field, not the serializer's own .source: DRF's metaclass takes fields off the class
    rulings = serializers.ListField(
        child=serializers.DictField(child=serializers.CharField()),
        required=False,
        help_text="errata and rulings, each {text, source}",
    )
    unique_for_limits = serializers.BooleanField(help_text="Unique for the copy limits (C&V effect, BB flag or type)")
    # Chapter and Verse
    sacrifice = serializers.IntegerField(required=False)
    icons = serializers.JSONField(required=False, help_text="C&V: theme -> count; Warriors: list of icon names")
    markers = serializers.ListField(child=serializers.CharField(), required=False)
    scripture = serializers.CharField(required=False)
    reference = serializers.CharField(required=False)
    standard_work = serializers.CharField(required=False)
    advanced = serializers.BooleanField(required=False)
    effects = serializers.ListField(child=serializers.DictField(), required=False)
    # Bible Battles
    type = serializers.CharField(required=False)
    effort = serializers.IntegerField(required=False)
    offense = serializers.IntegerField(required=False)
    defense = serializers.IntegerField(required=False)
    food = serializers.IntegerField(required=False)
    wisdom = serializers.IntegerField(required=False)
    unique = serializers.BooleanField(required=False)
    mounted = serializers.BooleanField(required=False)
    abilities = serializers.CharField(required=False)
    # Book of Mormon Battles, Warriors of the Promised Land
    kind = serializers.CharField(required=False)
    value = serializers.IntegerField(required=False)
    color = serializers.CharField(required=False)
    shape = serializers.CharField(required=False)
    power = serializers.CharField(required=False)
    alignment = serializers.CharField(required=False, allow_null=True)
    points = serializers.IntegerField(required=False)
    prophet = serializers.BooleanField(required=False)
    bonuses = serializers.ListField(child=serializers.DictField(), required=False)
    armory = serializers.CharField(required=False)
    # Battle Cards
    strength = serializers.IntegerField(required=False)
    skill = serializers.IntegerField(required=False)
    magic = serializers.IntegerField(required=False)
    terror = serializers.IntegerField(required=False)
    size = serializers.CharField(required=False)

    _api_url_parts: tuple[str, str]  # set by the first _api_url

    def _api_url(self, pk: int) -> str:
        # build_absolute_uri once per serializer (a list's child serves every
        # card of the page): the digits and "/" added after it need no quoting.
        try:
            head, tail = self._api_url_parts
        except AttributeError:
            head, tail = _url_pattern("api-card-detail")
            request = self.context.get("request")
            if request is not None:
                head = request.build_absolute_uri(head)
            self._api_url_parts = head, tail
        return f"{head}{pk}{tail}"

    def to_representation(self, card: Card | CardRow) -> dict[str, Any]:
        """`card` is a Card, or a CardRow of a list page (same attributes, no model instance)."""
        game = card.game.slug
        # A list's rows are kept while the catalog does not change (card_listing_page), and so is their document.
        doc = getattr(card, "document", None)
        if doc is None:
            doc = card_document(game, card.card_set.code, card.number, card.title, fields_from_card(card))
            doc.pop("image", None)  # the catalog file's path; the API gives the served image
            if isinstance(card, CardRow):
                card.document = doc
        out: dict[str, Any] = {
            "id": card.pk,
            "url": self._api_url(card.pk),
            "page": _url("card-detail", card.pk),
            "image": _url("card-image", card.pk),
            "game": game,
            "set_name": card.card_set.name,
            "unique_for_limits": card.is_unique,
        }
        out.update(doc)
        return out

"""Like API shapes."""

from rest_framework import serializers

from cardsite.api.numbers import StrictIntegerField


class DeckLikeOut(serializers.Serializer):
    liked = serializers.BooleanField(help_text="whether you like the deck now")
    likes = serializers.IntegerField(help_text="how many players like it")


class LikedQuery(serializers.Serializer):
    page = StrictIntegerField(required=False, min_value=1)
    page_size = StrictIntegerField(required=False, min_value=1, max_value=200, help_text="At most 200.")

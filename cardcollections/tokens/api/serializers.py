"""What the token API answers: a token's id, dates and digest prefix; the key only once, when it is made."""

from rest_framework import serializers


class ApiTokenOut(serializers.Serializer):
    id = serializers.CharField(help_text="The start of the digest of the key: names the token, cannot be used as one.")
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(help_text="After this the token no longer works (it is not extended by use).")


class ApiTokenCreated(ApiTokenOut):
    token = serializers.CharField(help_text="The key, for `Authorization: Token <key>`: shown this once, never again.")


class ApiTokensRevoked(serializers.Serializer):
    revoked = serializers.IntegerField(help_text="How many tokens stopped working.")

"""Notification API shapes."""

from rest_framework import serializers

from cardcollections.notifications.models import Notification
from cardsite.api.booleans import StrictBooleanField


class NotificationOut(serializers.ModelSerializer):
    unread = serializers.SerializerMethodField()

    class Meta:
        model = Notification
        fields = ["id", "kind", "message", "url", "created", "read", "unread"]

    def get_unread(self, obj: Notification) -> bool:
        return obj.read is None


class UnreadCountOut(serializers.Serializer):
    unread = serializers.IntegerField()


class MarkedOut(serializers.Serializer):
    marked = serializers.IntegerField(help_text="how many notifications were unread and are now read")


class NotificationSettingsIn(serializers.Serializer):
    email = StrictBooleanField(help_text="send notifications by email too (needs an address on the account)")


class NotificationSettingsOut(serializers.Serializer):
    email = serializers.BooleanField()
    has_address = serializers.BooleanField(help_text="whether the account has an email address to send them to")

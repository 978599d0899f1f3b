"""Notification API: my notifications, the unread count, marking read, and the mail choice.

Only the user's own notifications exist for them: anyone else's id is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework import permissions
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from cardcollections.lookups import notification_or_404
from cardcollections.notifications.api.serializers import MarkedOut
from cardcollections.notifications.api.serializers import NotificationOut
from cardcollections.notifications.api.serializers import NotificationSettingsIn
from cardcollections.notifications.api.serializers import NotificationSettingsOut
from cardcollections.notifications.api.serializers import UnreadCountOut
from cardcollections.notifications.selectors import notification_email_on
from cardcollections.notifications.selectors import notifications_for
from cardcollections.notifications.selectors import notifications_unread_count
from cardcollections.notifications.services import notification_email_set
from cardcollections.notifications.services import notification_mark_read
from cardcollections.notifications.services import notifications_mark_all_read
from cardsite.api.reading import NoFields
from cardsite.api.reading import PageQuery
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query

_BOOLEAN = {"true": True, "1": True, "false": False, "0": False}


class NotificationListQuery(PageQuery):
    unread = serializers.CharField(required=False, default="false", help_text="true: the unread ones only")

    def validate_unread(self, value: str) -> bool:
        if value.lower() not in _BOOLEAN:
            raise serializers.ValidationError("Give true or false.")
        return _BOOLEAN[value.lower()]


class NotificationList(generics.ListAPIView):
    """Your notifications, newest first (`?unread=true` for the unread ones only)."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = NotificationOut
    filter_backends: list = []

    @reads_query(NotificationListQuery)
    def get(self, request, *args, query, **kwargs):
        self.query = query
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return notifications_for(user=self.request.user, unread=self.query["unread"])


class UnreadCount(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: UnreadCountOut})
    @reads_query(NoFields)
    def get(self, request):
        """How many of your notifications are unread (the bell's number)."""
        return Response({"unread": notifications_unread_count(user=request.user)})


class NotificationRead(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: NotificationOut})
    @reads_body(NoFields)
    def post(self, request, pk: int):
        """Mark one of your notifications read."""
        notification = notification_or_404(user=request.user, pk=pk)
        return Response(NotificationOut(notification_mark_read(notification=notification, user=request.user)).data)


class NotificationReadAll(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: MarkedOut})
    @reads_body(NoFields)
    def post(self, request):
        """Mark every unread notification of yours read."""
        return Response({"marked": notifications_mark_all_read(user=request.user)})


class NotificationSettingsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def _answer(self, request) -> Response:
        data = {"email": notification_email_on(user=request.user), "has_address": bool(request.user.email)}
        return Response(NotificationSettingsOut(data).data)

    @extend_schema(responses={200: NotificationSettingsOut})
    @reads_query(NoFields)
    def get(self, request):
        """Whether your notifications are also sent by email."""
        return self._answer(request)

    @extend_schema(responses={200: NotificationSettingsOut})
    @reads_body(NotificationSettingsIn)
    def patch(self, request, data):
        """Turn notification email on or off."""
        notification_email_set(user=request.user, email=data["email"])
        return self._answer(request)

"""Notification API: my notifications, the unread count, marking read, and the mail choice.

Only the user's own notifications exist for them: anyone else's id is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter
from drf_spectacular.utils import extend_schema
from rest_framework import generics
from rest_framework import permissions
from rest_framework.exceptions import ValidationError
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
from cardsite.api.reading import read_values

_BOOLEAN = {"true": True, "1": True, "false": False, "0": False}


class NotificationList(generics.ListAPIView):
    """Your notifications, newest first (`?unread=true` for the unread ones only)."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = NotificationOut
    filter_backends: list = []

    @extend_schema(parameters=[OpenApiParameter("unread", bool)])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        raw = self.request.query_params.get("unread", "false")
        if raw.lower() not in _BOOLEAN:
            raise ValidationError({"unread": ["Give true or false."]})
        return notifications_for(user=self.request.user, unread=_BOOLEAN[raw.lower()])


class UnreadCount(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: UnreadCountOut})
    def get(self, request):
        """How many of your notifications are unread (the bell's number)."""
        return Response({"unread": notifications_unread_count(user=request.user)})


class NotificationRead(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: NotificationOut})
    def post(self, request, pk: int):
        """Mark one of your notifications read."""
        notification = notification_or_404(user=request.user, pk=pk)
        return Response(NotificationOut(notification_mark_read(notification=notification, user=request.user)).data)


class NotificationReadAll(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: MarkedOut})
    def post(self, request):
        """Mark every unread notification of yours read."""
        return Response({"marked": notifications_mark_all_read(user=request.user)})


class NotificationSettingsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def _answer(self, request) -> Response:
        data = {"email": notification_email_on(user=request.user), "has_address": bool(request.user.email)}
        return Response(NotificationSettingsOut(data).data)

    @extend_schema(responses={200: NotificationSettingsOut})
    def get(self, request):
        """Whether your notifications are also sent by email."""
        return self._answer(request)

    @extend_schema(request=NotificationSettingsIn, responses={200: NotificationSettingsOut})
    def patch(self, request):
        """Turn notification email on or off."""
        data = read_values(request, NotificationSettingsIn)
        notification_email_set(user=request.user, email=data["email"])
        return self._answer(request)

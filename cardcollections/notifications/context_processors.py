"""The header's bell: a signed-in user's unread count, counted only when a template shows it."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from cardcollections.notifications.selectors import notifications_unread_count


def notifications(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notifications": SimpleLazyObject(lambda: notifications_unread_count(user=user))}

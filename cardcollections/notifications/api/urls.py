"""Notification API routes under /api/v1/."""

from django.urls import path

from cardcollections.notifications.api import views

urlpatterns = [
    path("notifications/", views.NotificationList.as_view(), name="api-notifications"),
    path("notifications/unread-count/", views.UnreadCount.as_view(), name="api-notifications-unread"),
    path("notifications/read-all/", views.NotificationReadAll.as_view(), name="api-notifications-read-all"),
    path("notifications/settings/", views.NotificationSettingsView.as_view(), name="api-notification-settings"),
    path("notifications/<int:pk>/read/", views.NotificationRead.as_view(), name="api-notification-read"),
]

"""Notification pages."""

from django.urls import path

from cardcollections.notifications import views

urlpatterns = [
    path("notifications/", views.notification_list, name="notification-list"),
    path("notifications/bell/", views.notification_bell, name="notification-bell"),
    path("notifications/read-all/", views.notification_read_all, name="notification-read-all"),
    path("notifications/<int:pk>/read/", views.notification_read, name="notification-read"),
]

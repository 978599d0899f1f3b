"""Mastery pages (docs/learning.md, "Mastery")."""

from django.urls import path

from learning.mastery import views

urlpatterns = [
    path("learn/mastery/", views.mastery_home, name="learn-mastery-home"),
    path("learn/mastery-sharing/", views.mastery_sharing, name="learn-mastery-sharing"),
    path("learn/mastery/<str:username>/", views.mastery_page, name="learn-mastery"),
]

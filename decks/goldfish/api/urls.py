"""Goldfish API routes, under /api/v1/."""

from django.urls import path

from decks.goldfish.api import views

urlpatterns = [
    path("goldfish/", views.GoldfishApi.as_view(), name="api-goldfish"),
    path("goldfish/replay/", views.GoldfishReplayApi.as_view(), name="api-goldfish-replay"),
    path("goldfish/replay/<str:token>/", views.GoldfishReplayResultApi.as_view(), name="api-goldfish-replay-result"),
    path("goldfish/<uuid:job_id>/", views.GoldfishJobApi.as_view(), name="api-goldfish-detail"),
]

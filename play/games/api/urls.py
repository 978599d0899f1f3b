"""The play API's routes, under /api/v1/ (docs/contracts/play.md)."""

from django.urls import path

from play.games.api.views import PlayApi

urlpatterns = [path("play/<slug:game>/", PlayApi.as_view(), name="api-play")]

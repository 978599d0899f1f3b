"""Starter deck routes under /api/v1/."""

from django.urls import path

from decks.starters import api

urlpatterns = [
    path("decks/starters/", api.StarterListApi.as_view(), name="api-starters"),
    path("decks/starters/<slug:slug>/copy/", api.StarterCopyApi.as_view(), name="api-starter-copy"),
]

"""Starter deck pages."""

from django.urls import path

from decks.starters import views

urlpatterns = [
    path("decks/starters/", views.starter_list, name="deck-starters"),
    path("decks/starters/<slug:slug>/copy/", views.starter_copy_view, name="deck-starter-copy"),
]

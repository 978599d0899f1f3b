"""The play pages (docs/games/README.md)."""

from django.urls import path

from play.games import views

urlpatterns = [
    path("play/", views.PlayHome.as_view(), name="play-home"),
    path("play/<str:game_id>/", views.PlayGamePage.as_view(), name="play-game"),
]

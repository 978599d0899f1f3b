"""Follow buttons and the feed."""

from django.urls import path

from decks.follows import views

urlpatterns = [
    path("decks/feed/", views.feed_view, name="deck-feed"),
    path("players/<str:username>/follow/", views.follow_view, name="player-follow"),
]

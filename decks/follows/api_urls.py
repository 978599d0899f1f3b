"""Follow and feed routes under /api/v1/."""

from django.urls import path

from decks.follows import api

urlpatterns = [
    path("follows/", api.FollowsApi.as_view(), name="api-follows"),
    path("follows/<str:username>/", api.FollowDeleteApi.as_view(), name="api-follow"),
    path("feed/", api.FeedApi.as_view(), name="api-feed"),
]

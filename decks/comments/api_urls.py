"""Comment routes under /api/v1/."""

from django.urls import path

from decks.comments import api

urlpatterns = [
    path("decks/<uuid:deck_id>/comments/", api.DeckCommentsApi.as_view(), name="api-deck-comments"),
    path("decks/<uuid:deck_id>/comments/<int:comment_id>/", api.DeckCommentApi.as_view(), name="api-deck-comment"),
]

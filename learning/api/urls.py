"""Learning API routes, under /api/v1/learn/ (docs/learning.md)."""

from django.urls import path

from learning.api import views

urlpatterns = [
    path("learn/queue/", views.QueueApi.as_view(), name="api-learn-queue"),
    path("learn/reviews/", views.ReviewsApi.as_view(), name="api-learn-reviews"),
    path("learn/goal/", views.GoalApi.as_view(), name="api-learn-goal"),
    path("learn/verses/", views.VersesApi.as_view(), name="api-learn-verses"),
    path("learn/verses/<int:pk>/", views.VerseApi.as_view(), name="api-learn-verse"),
    path("learn/decks/<uuid:deck_id>/recall/", views.DeckRecallApi.as_view(), name="api-learn-deck-recall"),
    path("learn/mastery/", views.MasteryApi.as_view(), name="api-learn-mastery"),
]

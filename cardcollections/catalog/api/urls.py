"""Catalog API routes under /api/v1/: games, sets, cards, scans."""

from django.urls import path

from cardcollections.catalog.api import views

urlpatterns = [
    path("games/", views.GameList.as_view(), name="api-game-list"),
    path("sets/", views.SetList.as_view(), name="api-set-list"),
    path("cards/", views.CardList.as_view(), name="api-card-list"),
    path("cards/<int:pk>/", views.CardDetail.as_view(), name="api-card-detail"),
    path("cards/<int:pk>/scan/", views.CardScanUpload.as_view(), name="api-card-scan"),
]

"""Catalog pages: the home page, a game's catalog, a card, its image and its scan upload."""

from django.urls import path

from cardcollections.catalog import views

urlpatterns = [
    path("", views.home, name="home"),
    path("catalog/<slug:slug>/", views.catalog_browse, name="catalog-browse"),
    path("search/help/", views.search_help, name="search-help"),
    path("cards/<int:pk>/", views.card_detail, name="card-detail"),
    path("cards/<int:pk>/image/", views.card_image, name="card-image"),
    path("cards/<int:pk>/scan/", views.card_scan_upload, name="card-scan-upload"),
]

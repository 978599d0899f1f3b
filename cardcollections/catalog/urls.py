"""Catalog pages: the home page, a game's catalog, a card, its image and its scan upload."""

from django.urls import include
from django.urls import path

from cardcollections.catalog import views

# Under cards/<int:pk>/.
card_routes = [
    path("", views.card_detail, name="card-detail"),
    path("image/", views.card_image, name="card-image"),
    path("scan/", views.card_scan_upload, name="card-scan-upload"),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("catalog/<slug:slug>/", views.catalog_browse, name="catalog-browse"),
    path("search/help/", views.search_help, name="search-help"),
    path("cards/pick/", views.card_picker, name="card-picker"),
    path("cards/<int:pk>/", include(card_routes)),
]

from django.urls import path

from cardcollections import views

urlpatterns = [
    path("", views.home, name="home"),
    path("catalog/<slug:slug>/", views.catalog_browse, name="catalog-browse"),
    path("cards/<int:pk>/", views.card_detail, name="card-detail"),
    path("cards/<int:pk>/image/", views.card_image, name="card-image"),
    path("cards/<int:pk>/scan/", views.card_scan_upload, name="card-scan-upload"),
]

# Accounts, collections, trades (issue #4).
from cardcollections import collection_views, trade_views  # noqa: E402

urlpatterns += [
    path("accounts/signup/", collection_views.signup, name="signup"),
    path("collection/", collection_views.collection_home, name="collection-home"),
    path("collection/settings/", collection_views.collection_settings, name="collection-settings"),
    path("collection/imports/<int:pk>/", collection_views.collection_import_job, name="collection-import-job"),
    path("collection/cards/<int:pk>/history/", collection_views.card_history, name="collection-card-history"),
    path("collection/<slug:slug>/", collection_views.collection_browse, name="collection-browse"),
    path("collection/<slug:slug>/cards/<int:pk>/adjust/", collection_views.collection_adjust, name="collection-adjust"),
    path("collection/<slug:slug>/sets/", collection_views.collection_sets, name="collection-sets"),
    path("collection/<slug:slug>/import/", collection_views.collection_import, name="collection-import"),
    path("collection/<slug:slug>/export/", collection_views.collection_export, name="collection-export"),
    path("collection/<slug:slug>/wishlist/", collection_views.wishlist, name="collection-wishlist"),
    path("u/<str:username>/collection/", collection_views.collection_public, name="collection-public"),
    path("u/<str:username>/collection/<slug:slug>/", collection_views.collection_public, name="collection-public-game"),
    path("shared/<str:token>/", collection_views.collection_shared, name="collection-shared"),
    path("shared/<str:token>/<slug:slug>/", collection_views.collection_shared, name="collection-shared-game"),
    path("trades/", trade_views.trade_list, name="trade-list"),
    path("trades/new/", trade_views.trade_new, name="trade-new"),
    path("trades/matches/", trade_views.matches, name="trade-matches"),
    path("trades/<int:pk>/", trade_views.trade_detail, name="trade-detail"),
    path("trades/<int:pk>/<str:action>/", trade_views.trade_action, name="trade-action"),
]

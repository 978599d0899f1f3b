"""Collection pages: sign-up, a player's collection, imports, exports, the wishlist, sharing."""

from django.urls import path

from cardcollections.collection import views

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("collection/", views.collection_home, name="collection-home"),
    path("collection/settings/", views.collection_settings, name="collection-settings"),
    path("collection/imports/<int:pk>/", views.collection_import_job, name="collection-import-job"),
    path("collection/cards/<int:pk>/history/", views.card_history, name="collection-card-history"),
    path("collection/<slug:slug>/", views.collection_browse, name="collection-browse"),
    path("collection/<slug:slug>/cards/<int:pk>/adjust/", views.collection_adjust, name="collection-adjust"),
    path("collection/<slug:slug>/sets/", views.collection_sets, name="collection-sets"),
    path("collection/<slug:slug>/import/", views.collection_import, name="collection-import"),
    path("collection/<slug:slug>/export/", views.collection_export, name="collection-export"),
    path("collection/<slug:slug>/wishlist/", views.wishlist, name="collection-wishlist"),
    path("u/<str:username>/collection/", views.collection_public, name="collection-public"),
    path("u/<str:username>/collection/<slug:slug>/", views.collection_public, name="collection-public-game"),
    path("shared/<str:token>/", views.collection_shared, name="collection-shared"),
    path("shared/<str:token>/<slug:slug>/", views.collection_shared, name="collection-shared-game"),
]

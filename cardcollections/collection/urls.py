"""Collection pages: sign-up, a player's collection, imports, exports, the wishlist, sharing."""

from django.urls import URLPattern
from django.urls import URLResolver
from django.urls import include
from django.urls import path

from cardcollections.collection import views

# Under collection/<slug:slug>/: one game's part of the signed-in player's collection.
game_routes: list[URLPattern | URLResolver] = [
    path("", views.collection_browse, name="collection-browse"),
    path("cards/<int:pk>/adjust/", views.collection_adjust, name="collection-adjust"),
    path("cards/<int:pk>/wish/", views.card_wish, name="collection-card-wish"),
    path("sets/", views.collection_sets, name="collection-sets"),
    path("import/", views.collection_import, name="collection-import"),
    path("export/", views.collection_export, name="collection-export"),
    path("wishlist/", views.wishlist, name="collection-wishlist"),
]

# Under collection/: the signed-in player's own collection.
own_routes: list[URLPattern | URLResolver] = [
    path("", views.collection_home, name="collection-home"),
    path("settings/", views.collection_settings, name="collection-settings"),
    path("imports/<int:pk>/", views.collection_import_job, name="collection-import-job"),
    path("cards/<int:pk>/history/", views.card_history, name="collection-card-history"),
    path("<slug:slug>/", include(game_routes)),
]

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("collection/", include(own_routes)),
    path("u/<str:username>/collection/", views.collection_public, name="collection-public"),
    path("u/<str:username>/collection/<slug:slug>/", views.collection_public, name="collection-public-game"),
    path("shared/<str:token>/", views.collection_shared, name="collection-shared"),
    path("shared/<str:token>/<slug:slug>/", views.collection_shared, name="collection-shared-game"),
]

"""Collection API routes under /api/v1/: the collection, its ledger, settings, imports, wishlist, trade list."""

from django.urls import path

from cardcollections.collection.api import views

urlpatterns = [
    path("collection/", views.CollectionEntryList.as_view(), name="api-collection"),
    path("collection/<int:pk>/", views.CollectionEntryDetail.as_view(), name="api-collection-entry"),
    path("collection/adjust/", views.CollectionAdjust.as_view(), name="api-collection-adjust"),
    path("collection/ledger/", views.LedgerList.as_view(), name="api-ledger"),
    path("collection/settings/", views.CollectionSettingsView.as_view(), name="api-collection-settings"),
    path("collection/settings/share-link/", views.ShareLinkRotate.as_view(), name="api-share-link"),
    path("collection/export/", views.CollectionExport.as_view(), name="api-collection-export"),
    path("collection/imports/", views.CollectionImport.as_view(), name="api-collection-import"),
    path("collection/imports/<int:pk>/", views.ImportJobDetail.as_view(), name="api-import-job"),
    path("users/<str:username>/collection/", views.UserCollection.as_view(), name="api-user-collection"),
    path("wishlist/", views.WishlistList.as_view(), name="api-wishlist"),
    path("wishlist/<int:pk>/", views.WishlistDetail.as_view(), name="api-wishlist-entry"),
    path("tradelist/", views.TradeListList.as_view(), name="api-tradelist"),
    path("tradelist/<int:pk>/", views.TradeListDetail.as_view(), name="api-tradelist-entry"),
]

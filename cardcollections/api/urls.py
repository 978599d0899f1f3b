from django.urls import path

from cardcollections.api import views

urlpatterns = [
    path("games/", views.GameList.as_view(), name="api-game-list"),
    path("sets/", views.SetList.as_view(), name="api-set-list"),
    path("cards/", views.CardList.as_view(), name="api-card-list"),
    path("cards/<int:pk>/", views.CardDetail.as_view(), name="api-card-detail"),
    path("cards/<int:pk>/scan/", views.CardScanUpload.as_view(), name="api-card-scan"),
]

# Collections, wishlists, trade lists, trades (issue #4).
from cardcollections.api import collection_views, trade_views  # noqa: E402

urlpatterns += [
    path("collection/", collection_views.CollectionEntryList.as_view(), name="api-collection"),
    path("collection/<int:pk>/", collection_views.CollectionEntryDetail.as_view(), name="api-collection-entry"),
    path("collection/adjust/", collection_views.CollectionAdjust.as_view(), name="api-collection-adjust"),
    path("collection/ledger/", collection_views.LedgerList.as_view(), name="api-ledger"),
    path("collection/settings/", collection_views.CollectionSettingsView.as_view(), name="api-collection-settings"),
    path("collection/settings/share-link/", collection_views.ShareLinkRotate.as_view(), name="api-share-link"),
    path("collection/export/", collection_views.CollectionExport.as_view(), name="api-collection-export"),
    path("collection/imports/", collection_views.CollectionImport.as_view(), name="api-collection-import"),
    path("collection/imports/<int:pk>/", collection_views.ImportJobDetail.as_view(), name="api-import-job"),
    path("users/<str:username>/collection/", collection_views.UserCollection.as_view(), name="api-user-collection"),
    path("wishlist/", collection_views.WishlistList.as_view(), name="api-wishlist"),
    path("wishlist/<int:pk>/", collection_views.WishlistDetail.as_view(), name="api-wishlist-entry"),
    path("tradelist/", collection_views.TradeListList.as_view(), name="api-tradelist"),
    path("tradelist/<int:pk>/", collection_views.TradeListDetail.as_view(), name="api-tradelist-entry"),
    path("trades/", trade_views.TradeList.as_view(), name="api-trades"),
    path("trades/<int:pk>/", trade_views.TradeDetail.as_view(), name="api-trade"),
    path("trades/<int:pk>/accept/", trade_views.TradeAccept.as_view(), name="api-trade-accept"),
    path("trades/<int:pk>/decline/", trade_views.TradeDecline.as_view(), name="api-trade-decline"),
    path("trades/<int:pk>/withdraw/", trade_views.TradeWithdraw.as_view(), name="api-trade-withdraw"),
    path("trades/<int:pk>/counter/", trade_views.TradeCounter.as_view(), name="api-trade-counter"),
    path("matches/", trade_views.Matches.as_view(), name="api-matches"),
    path("account/token/", collection_views.ApiTokenView.as_view(), name="api-token"),
]

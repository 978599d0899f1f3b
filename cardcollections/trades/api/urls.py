"""Trade API routes under /api/v1/: trades, their actions, and matches."""

from django.urls import path

from cardcollections.trades.api import views

urlpatterns = [
    path("trades/", views.TradeList.as_view(), name="api-trades"),
    path("trades/<int:pk>/", views.TradeDetail.as_view(), name="api-trade"),
    path("trades/<int:pk>/accept/", views.TradeAccept.as_view(), name="api-trade-accept"),
    path("trades/<int:pk>/decline/", views.TradeDecline.as_view(), name="api-trade-decline"),
    path("trades/<int:pk>/withdraw/", views.TradeWithdraw.as_view(), name="api-trade-withdraw"),
    path("trades/<int:pk>/counter/", views.TradeCounter.as_view(), name="api-trade-counter"),
    path("matches/", views.Matches.as_view(), name="api-matches"),
]

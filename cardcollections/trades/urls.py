"""Trade pages: the list, proposing, matches, a trade and its actions."""

from django.urls import include
from django.urls import path

from cardcollections.trades import views

# Under trades/.
trade_routes = [
    path("", views.trade_list, name="trade-list"),
    path("new/", views.trade_new, name="trade-new"),
    path("matches/", views.matches, name="trade-matches"),
    path("<int:pk>/", views.trade_detail, name="trade-detail"),
    path("<int:pk>/<str:action>/", views.trade_action, name="trade-action"),
]

urlpatterns = [path("trades/", include(trade_routes))]

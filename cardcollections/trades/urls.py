"""Trade pages: the list, proposing, matches, a trade and its actions."""

from django.urls import path

from cardcollections.trades import views

urlpatterns = [
    path("trades/", views.trade_list, name="trade-list"),
    path("trades/new/", views.trade_new, name="trade-new"),
    path("trades/matches/", views.matches, name="trade-matches"),
    path("trades/<int:pk>/", views.trade_detail, name="trade-detail"),
    path("trades/<int:pk>/<str:action>/", views.trade_action, name="trade-action"),
]

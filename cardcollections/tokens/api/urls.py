"""Token API routes under /api/v1/account/token/."""

from django.urls import path

from cardcollections.tokens.api import views

urlpatterns = [
    path("account/token/", views.ApiTokenList.as_view(), name="api-tokens"),
    path("account/token/logout-all/", views.ApiTokenLogoutAll.as_view(), name="api-tokens-logout-all"),
    path("account/token/<str:token_id>/", views.ApiTokenDetail.as_view(), name="api-token"),
]

"""Blocking API routes under /api/v1/."""

from django.urls import path

from cardcollections.blocks.api import views

urlpatterns = [
    path("blocks/", views.BlockList.as_view(), name="api-blocks"),
    path("blocks/<str:username>/", views.BlockDetail.as_view(), name="api-block"),
]

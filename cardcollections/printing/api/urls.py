"""Print and play routes under /api/v1/ (a catalog set's sheet; a deck's is decks.print's)."""

from django.urls import path

from cardcollections.printing.api import views

urlpatterns = [
    path("sets/<int:pk>/print.pdf", views.SetPrintApi.as_view(), name="api-set-print"),
]

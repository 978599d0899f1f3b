"""The battle calculator pages, one per fixed-deck game."""

from django.urls import path

from decks.battles import views

urlpatterns = [
    path("rules/<slug:slug>/", views.BattleCalculatorPage.as_view(), name="battle-calculator"),
]

"""The goldfish page, its exact-odds partial and its replay partial."""

from django.urls import path

from decks.goldfish import views

urlpatterns = [
    path("decks/goldfish/", views.GoldfishPage.as_view(), name="deck-goldfish"),
    path("decks/goldfish/replay/", views.GoldfishReplayPartial.as_view(), name="deck-goldfish-replay"),
    path(
        "decks/goldfish/replay/<str:token>/", views.GoldfishReplayResult.as_view(), name="deck-goldfish-replay-result"
    ),
    path("decks/goldfish/exact/", views.GoldfishExactPartial.as_view(), name="deck-goldfish-exact"),
    path("decks/goldfish/costs/", views.GoldfishCostPartial.as_view(), name="deck-goldfish-costs"),
]

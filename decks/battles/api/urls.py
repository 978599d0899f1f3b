"""The rules checkers' API routes, under /api/v1/ (docs/contracts/rules-checkers.md): rules/<game>/<checker>/."""

from django.urls import path

from decks.battles.api import views

urlpatterns = [
    path(f"rules/{view.game}/{view.checker}/", view.as_view(), name=f"api-rules-{view.game}-{view.checker}")
    for view in (
        views.BattleApi,
        views.CheckPlayApi,
        views.ChallengeApi,
        views.MatchupApi,
        views.BattalionSimulationApi,
        views.SquadSimulationApi,
    )
]

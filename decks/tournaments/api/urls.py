"""Tournament API routes, under /api/v1/ (docs/contracts/tournaments.md)."""

from django.urls import include
from django.urls import path

from decks.tournaments.api import views

# Under events/<int:event_id>/.
event_routes = [
    path("start/", views.EventStartApi.as_view(), name="api-event-start"),
    path("rounds/", views.RoundListApi.as_view(), name="api-event-rounds"),
    path("rounds/<int:number>/", views.RoundDetailApi.as_view(), name="api-event-round"),
    path("matches/<int:match_id>/result/", views.MatchResultApi.as_view(), name="api-event-match-result"),
    path("matches/<int:match_id>/penalties/", views.PenaltyListApi.as_view(), name="api-event-match-penalties"),
    path("registrations/<uuid:registration_id>/handicap/", views.HandicapApi.as_view(), name="api-event-handicap"),
    path("drop/", views.DropApi.as_view(), name="api-event-drop"),
    path("top-cut/", views.TopCutApi.as_view(), name="api-event-top-cut"),
    path("finish/", views.FinishApi.as_view(), name="api-event-finish"),
    path("standings/", views.StandingsApi.as_view(), name="api-event-standings"),
    path("standings.csv", views.StandingsCsvApi.as_view(), name="api-event-standings-csv"),
]

urlpatterns = [path("events/<int:event_id>/", include(event_routes))]

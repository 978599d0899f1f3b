"""Tournament API routes, under /api/v1/ (tournaments.md)."""

from django.urls import path

from decks.tournaments.api import views

urlpatterns = [
    path("events/<int:event_id>/start/", views.EventStartApi.as_view(), name="api-event-start"),
    path("events/<int:event_id>/rounds/", views.RoundListApi.as_view(), name="api-event-rounds"),
    path("events/<int:event_id>/rounds/<int:number>/", views.RoundDetailApi.as_view(), name="api-event-round"),
    path(
        "events/<int:event_id>/matches/<int:match_id>/result/",
        views.MatchResultApi.as_view(),
        name="api-event-match-result",
    ),
    path("events/<int:event_id>/drop/", views.DropApi.as_view(), name="api-event-drop"),
    path("events/<int:event_id>/top-cut/", views.TopCutApi.as_view(), name="api-event-top-cut"),
    path("events/<int:event_id>/finish/", views.FinishApi.as_view(), name="api-event-finish"),
    path("events/<int:event_id>/standings/", views.StandingsApi.as_view(), name="api-event-standings"),
    path("events/<int:event_id>/standings.csv", views.StandingsCsvApi.as_view(), name="api-event-standings-csv"),
]

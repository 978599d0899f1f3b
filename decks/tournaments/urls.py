"""Tournament pages under /events/<id>/: the console (run/), the player's view (play/), the public pages (the
projector and its clock among them)."""

from django.urls import include
from django.urls import path

from decks.tournaments import views

# Under events/<int:event_id>/.
event_routes = [
    path("run/", views.ConsolePage.as_view(), name="event-console"),
    path("run/round/", views.ConsoleRoundPartial.as_view(), name="event-console-round"),
    path("run/start/", views.StartAction.as_view(), name="event-start"),
    path("run/pair/", views.PairAction.as_view(), name="event-pair"),
    path("run/top-cut/", views.TopCutAction.as_view(), name="event-top-cut"),
    path("run/finish/", views.FinishAction.as_view(), name="event-finish"),
    path("run/settings/", views.SettingsAction.as_view(), name="event-settings"),
    path("run/matches/<int:match_id>/result/", views.ConsoleResultAction.as_view(), name="event-console-result"),
    path("run/clock/", views.ClockAction.as_view(), name="event-clock-set"),
    path("run/matches/<int:match_id>/extra-time/", views.ExtraTimeAction.as_view(), name="event-extra-time"),
    path("drop/", views.DropAction.as_view(), name="event-drop"),
    path("matches/<int:match_id>/result/", views.ResultAction.as_view(), name="event-result"),
    path("play/", views.PlayPage.as_view(), name="event-play"),
    path("play/qr.svg", views.PlayQrCode.as_view(), name="event-play-qr"),
    path("projector/", views.ProjectorPage.as_view(), name="event-projector"),
    path("projector/live/", views.ProjectorLive.as_view(), name="event-projector-live"),
    path("clock/", views.ClockPartial.as_view(), name="event-clock"),
    path("standings/", views.StandingsPage.as_view(), name="event-standings"),
    path("standings.csv", views.StandingsCsv.as_view(), name="event-standings-csv"),
    path("pairings/", views.PairingsPage.as_view(), name="event-pairings"),
    path("bracket/", views.BracketPage.as_view(), name="event-bracket"),
    path("slips/", views.SlipsPage.as_view(), name="event-slips"),
    path("decks/<uuid:registration_id>/", views.TopDeckPage.as_view(), name="event-top-deck"),
]

urlpatterns = [path("events/<int:event_id>/", include(event_routes))]

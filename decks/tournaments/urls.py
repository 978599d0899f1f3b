"""Tournament pages under /events/<id>/: the console (run/), the player's view (play/), the public pages."""

from django.urls import path

from decks.tournaments import views

urlpatterns = [
    path("events/<int:event_id>/run/", views.ConsolePage.as_view(), name="event-console"),
    path("events/<int:event_id>/run/round/", views.ConsoleRoundPartial.as_view(), name="event-console-round"),
    path("events/<int:event_id>/run/start/", views.StartAction.as_view(), name="event-start"),
    path("events/<int:event_id>/run/pair/", views.PairAction.as_view(), name="event-pair"),
    path("events/<int:event_id>/run/top-cut/", views.TopCutAction.as_view(), name="event-top-cut"),
    path("events/<int:event_id>/run/finish/", views.FinishAction.as_view(), name="event-finish"),
    path("events/<int:event_id>/run/settings/", views.SettingsAction.as_view(), name="event-settings"),
    path("events/<int:event_id>/drop/", views.DropAction.as_view(), name="event-drop"),
    path("events/<int:event_id>/matches/<int:match_id>/result/", views.ResultAction.as_view(), name="event-result"),
    path("events/<int:event_id>/play/", views.PlayPage.as_view(), name="event-play"),
    path("events/<int:event_id>/play/qr.svg", views.PlayQrCode.as_view(), name="event-play-qr"),
    path("events/<int:event_id>/standings/", views.StandingsPage.as_view(), name="event-standings"),
    path("events/<int:event_id>/standings.csv", views.StandingsCsv.as_view(), name="event-standings-csv"),
    path("events/<int:event_id>/pairings/", views.PairingsPage.as_view(), name="event-pairings"),
    path("events/<int:event_id>/bracket/", views.BracketPage.as_view(), name="event-bracket"),
    path("events/<int:event_id>/slips/", views.SlipsPage.as_view(), name="event-slips"),
    path("events/<int:event_id>/decks/<uuid:registration_id>/", views.TopDeckPage.as_view(), name="event-top-deck"),
]

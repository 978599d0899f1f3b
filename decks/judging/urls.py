"""Judge calls' pages (docs/decks.md, "Judge calls")."""

from django.urls import path

from decks.judging import views

urlpatterns = [
    path("events/<int:event_id>/call-judge/", views.call_judge, name="event-call-judge"),
    path("events/<int:event_id>/calls/", views.calls_page, name="event-calls"),
    path("events/<int:event_id>/calls/live/", views.calls_live, name="event-calls-live"),
    path("events/<int:event_id>/calls/<int:call_id>/answer/", views.call_answer, name="event-call-answer"),
    path("events/<int:event_id>/judges/", views.judges_add, name="event-judges-add"),
    path("events/<int:event_id>/judges/<int:judge_id>/remove/", views.judges_remove, name="event-judges-remove"),
    path("events/<int:event_id>/matches/<int:match_id>/", views.match_penalties, name="event-match"),
    path("events/<int:event_id>/matches/<int:match_id>/penalties/", views.penalty_add, name="event-penalty-add"),
]

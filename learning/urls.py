"""Learning pages (docs/learning.md)."""

from django.urls import include
from django.urls import path

from learning import views

urlpatterns = [
    path("learn/", views.learn_home, name="learn-home"),
    path("learn/goal/", views.learn_goal, name="learn-goal"),
    path("learn/add/", views.AddVersesPage.as_view(), name="learn-add"),
    path("learn/drill/", views.DrillPage.as_view(), name="learn-drill"),
    path("learn/decks/<uuid:deck_id>/", views.deck_recall_page, name="learn-deck"),
    path("", include("learning.mastery.urls")),
    path("", include("learning.classes.urls")),
    path("", include("learning.offline.urls")),
]

"""Print and play pages: a deck's options page and its PDF."""

from django.urls import path

from decks.print import views

urlpatterns = [
    path("decks/<uuid:deck_id>/print-and-play/", views.deck_print_and_play, name="deck-print-and-play"),
    path("decks/<uuid:deck_id>/print-and-play.pdf", views.deck_print_and_play_pdf, name="deck-print-and-play-pdf"),
    path("decks/<uuid:deck_id>/print-and-play/job/", views.deck_print_job_start, name="deck-print-job-start"),
]

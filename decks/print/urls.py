"""Print and play pages: a deck's options page and its PDF; its study sheet's."""

from django.urls import path

from decks.print import views

urlpatterns = [
    path("decks/<uuid:deck_id>/print-and-play/", views.deck_print_and_play, name="deck-print-and-play"),
    path("decks/<uuid:deck_id>/print-and-play.pdf", views.deck_print_and_play_pdf, name="deck-print-and-play-pdf"),
    path("decks/<uuid:deck_id>/print-and-play/job/", views.deck_print_job_start, name="deck-print-job-start"),
    path("decks/<uuid:deck_id>/study-sheet/", views.deck_study_sheet_page, name="deck-study-sheet"),
    path("decks/<uuid:deck_id>/study-sheet.pdf", views.deck_study_sheet_pdf, name="deck-study-sheet-pdf"),
]

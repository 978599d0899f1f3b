"""Comment pages under a deck."""

from django.urls import path

from decks.comments import views

urlpatterns = [
    path("decks/<uuid:deck_id>/comments/", views.comment_post, name="deck-comment-post"),
    path("decks/<uuid:deck_id>/comments/<int:comment_id>/edit/", views.comment_edit_view, name="deck-comment-edit"),
    path(
        "decks/<uuid:deck_id>/comments/<int:comment_id>/delete/",
        views.comment_delete_view,
        name="deck-comment-delete",
    ),
]

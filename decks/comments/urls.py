"""Comment pages under a deck."""

from django.urls import include
from django.urls import path

from decks.comments import views

# Under decks/<uuid:deck_id>/comments/.
comment_routes = [
    path("", views.comment_post, name="deck-comment-post"),
    path("<int:comment_id>/edit/", views.comment_edit_view, name="deck-comment-edit"),
    path("<int:comment_id>/delete/", views.comment_delete_view, name="deck-comment-delete"),
]

urlpatterns = [path("decks/<uuid:deck_id>/comments/", include(comment_routes))]

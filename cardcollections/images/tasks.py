"""Celery task of card images: draw the faces of cards that have no scan."""

from celery import shared_task

from cardcollections.images.faces import card_faces_render


# The name is the one the task had before features got their own packages, so queued messages still run.
@shared_task(
    name="cardcollections.tasks.render_card_faces",
    acks_late=True,
    reject_on_worker_lost=True,
    time_limit=600,
    soft_time_limit=570,
)
def render_card_faces(card_ids: list[int]) -> int:
    """Draw the faces of cards without a scan (idempotent: a drawn face is kept)."""
    return card_faces_render(card_ids=card_ids)

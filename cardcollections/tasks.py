"""Celery tasks of the catalogs: interfaces like views, calling one service each."""

from celery import shared_task

from cardcollections.services.images import card_faces_render


@shared_task(acks_late=True, reject_on_worker_lost=True, time_limit=600, soft_time_limit=570)
def render_card_faces(card_ids: list[int]) -> int:
    """Draw the faces of cards without a scan (idempotent: a drawn face is kept)."""
    return card_faces_render(card_ids=card_ids)

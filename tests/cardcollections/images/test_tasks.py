"""Card faces drawn by a real Celery worker over the configured broker (no eager mode)."""

import uuid

import pytest
from celery.contrib.testing.worker import start_worker

from cardcollections.catalog.selectors import card_ids_needing_faces
from cardcollections.images.tasks import render_card_faces
from cardcollections.models import Card
from cardsite.celery_app import app


@pytest.mark.django_db(transaction=True)
def test_a_worker_draws_the_missing_card_faces(small_catalogs):
    ids = card_ids_needing_faces()
    assert len(ids) == 8
    # A queue of this test's own, so no other worker on the same broker takes the job.
    queue = f"test-{uuid.uuid4().hex}"
    with start_worker(app, pool="solo", queues=[queue], perform_ping_check=False, shutdown_timeout=30):
        result = render_card_faces.apply_async(args=[ids], queue=queue)
        assert result.get(timeout=60) == 8
    assert all(card.face and card.face_key for card in Card.objects.all())
    assert card_ids_needing_faces() == []


@pytest.mark.django_db
def test_drawing_faces_twice_draws_nothing_the_second_time(small_catalogs):
    ids = card_ids_needing_faces()
    assert render_card_faces(ids) == 8  # called as a function, as the worker would
    assert render_card_faces(ids) == 0

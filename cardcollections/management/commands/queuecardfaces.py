"""`manage.py queuecardfaces`: have the Celery workers draw every missing card face."""

from django.conf import settings
from django.core.management.base import BaseCommand

from cardcollections.catalog.selectors import card_ids_needing_faces
from cardcollections.images.tasks import render_card_faces

CHUNK = 50


class Command(BaseCommand):
    help = "Queue the drawing of card faces for cards that have no scan and no current face."

    def handle(self, *args, **options):
        ids = card_ids_needing_faces()
        for start in range(0, len(ids), CHUNK):
            # Every missing face at once is long work: the bulk queue, behind no player's short job.
            render_card_faces.apply_async(args=[ids[start : start + CHUNK]], queue=settings.CELERY_BULK_QUEUE)
        self.stdout.write(f"Queued {len(ids)} card faces in {-(-len(ids) // CHUNK)} job(s) for the workers.")

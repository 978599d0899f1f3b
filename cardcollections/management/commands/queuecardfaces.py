"""`manage.py queuecardfaces`: have the Celery workers draw every missing card face."""

from django.core.management.base import BaseCommand

from cardcollections.selectors.catalog import card_ids_needing_faces
from cardcollections.tasks import render_card_faces

CHUNK = 50


class Command(BaseCommand):
    help = "Queue the drawing of card faces for cards that have no scan and no current face."

    def handle(self, *args, **options):
        ids = card_ids_needing_faces()
        for start in range(0, len(ids), CHUNK):
            render_card_faces.delay(ids[start : start + CHUNK])
        self.stdout.write(f"Queued {len(ids)} card faces in {-(-len(ids) // CHUNK)} job(s) for the workers.")

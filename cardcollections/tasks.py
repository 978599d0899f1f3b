"""Where Celery's autodiscovery finds the collections app's tasks: each feature keeps its own `tasks.py`."""

from cardcollections.accounts.tasks import password_reset_mail
from cardcollections.images.tasks import render_card_faces
from cardcollections.imports.tasks import run_collection_import
from cardcollections.jobs.tasks import reap_jobs
from cardcollections.notifications.tasks import notification_email
from cardcollections.printing.tasks import draw_print_sheet

__all__ = [
    "draw_print_sheet",
    "notification_email",
    "password_reset_mail",
    "reap_jobs",
    "render_card_faces",
    "run_collection_import",
]

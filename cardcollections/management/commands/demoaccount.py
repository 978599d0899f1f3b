"""`manage.py demoaccount`: make sure the local demo account exists and print how to log in."""

import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create (or reset) the demo account of a local run and print its credentials."

    def handle(self, *args, **options):
        username = os.environ.get("DEMO_USERNAME", "demo")
        password = os.environ.get("DEMO_PASSWORD", "demo-chapter-and-verse")
        user, _ = get_user_model().objects.get_or_create(username=username)
        user.set_password(password)
        user.is_staff = True  # so the demo can upload scans and use the admin
        user.is_superuser = True
        user.save()
        self.stdout.write(f"Demo account: username {username!r}, password {password!r} (staff; admin at /admin/)")

"""`manage.py demoaccount`: on an empty database, make the local demo account and print its password once."""

import os
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction


class Command(BaseCommand):
    help = (
        "Create the demo account of a local run, only while the database has no users, with a random password "
        "printed once. It is an ordinary player: never staff or superuser (use createsuperuser for that). An "
        "existing account is never touched."
    )

    def handle(self, *args, **options):
        users = get_user_model().objects
        username = os.environ.get("DEMO_USERNAME", "demo")
        with transaction.atomic():
            if users.exists():
                # A demo account that exists keeps its password and rights; any other user means this is not
                # a fresh local demo, and a known account must never appear on a site people use.
                state = "exists; its password is unchanged" if users.filter(username=username).exists() else "skipped"
                self.stdout.write(f"Demo account {username!r}: {state} (the database already has users).")
                return
            password = secrets.token_urlsafe(12)
            users.create_user(username=username, password=password)
        self.stdout.write(
            f"Demo account created: username {username!r}, password {password!r} (shown only now; "
            "an ordinary player; make a superuser with `manage.py createsuperuser`)."
        )

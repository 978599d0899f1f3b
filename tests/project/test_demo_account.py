"""The local demo account is never a way in: no staff or superuser, no reset of anyone, only on an empty database."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

pytestmark = pytest.mark.django_db

User = get_user_model()


def _run() -> str:
    out = StringIO()
    call_command("demoaccount", stdout=out)
    return out.getvalue()


def test_it_creates_an_ordinary_player_with_a_random_password_shown_once():
    printed = _run()
    demo = User.objects.get(username="demo")
    assert not demo.is_staff and not demo.is_superuser
    assert not demo.check_password("demo-chapter-and-verse")
    password = printed.split("password ")[1].split("'")[1]
    assert len(password) >= 12 and demo.check_password(password)
    # A second run shows no password and changes nothing.
    again = _run()
    assert password not in again and "unchanged" in again
    demo.refresh_from_db()
    assert demo.check_password(password)


def test_it_never_resets_or_promotes_an_account_that_signed_up_as_demo():
    User.objects.create_user(username="demo", password="the-visitors-own-secret")
    _run()
    demo = User.objects.get(username="demo")
    assert demo.check_password("the-visitors-own-secret")
    assert not demo.is_staff and not demo.is_superuser


def test_it_makes_no_account_on_a_site_that_has_users():
    User.objects.create_user(username="alice", password="x" * 12)
    printed = _run()
    assert not User.objects.filter(username="demo").exists()
    assert "skipped" in printed

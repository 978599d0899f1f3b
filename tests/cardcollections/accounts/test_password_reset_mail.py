"""The password reset mail's task, as the worker runs it: who gets a link, where it points, and retries."""

import re

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.utils.http import urlsafe_base64_decode

from cardcollections.accounts.services import PASSWORD_RESET_TASK
from cardcollections.accounts.tasks import password_reset_mail
from cardsite import accounts

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_with_email(alice):
    alice.email = "alice@example.org"
    alice.save(update_fields=["email"])
    return alice


def test_it_mails_a_working_one_time_link_on_site_url(alice_with_email, settings, mailoutbox):
    settings.SITE_URL = "https://cards.example.org"
    assert password_reset_mail("ALICE@example.org") == 1  # the address as typed, compared without case
    (mail,) = mailoutbox
    assert mail.to == ["alice@example.org"] and mail.subject == "Your Chapter and Verse password"
    uid, token = re.search(r"https://cards\.example\.org/accounts/reset/([^/\s]+)/([^/\s]+)/", mail.body).groups()
    assert urlsafe_base64_decode(uid).decode() == str(alice_with_email.pk)
    assert default_token_generator.check_token(alice_with_email, token)


def test_it_sends_nothing_for_an_unknown_address_an_inactive_account_or_one_without_a_password(
    alice_with_email, bob, mailoutbox
):
    assert password_reset_mail("nobody@example.org") == 0
    bob.email = "bob@example.org"
    bob.set_unusable_password()
    bob.save()
    assert password_reset_mail("bob@example.org") == 0
    alice_with_email.is_active = False
    alice_with_email.save()
    assert password_reset_mail("alice@example.org") == 0
    assert mailoutbox == []


def test_a_mail_server_that_fails_is_raised_for_the_tasks_retry(alice_with_email, monkeypatch, mailoutbox):
    def down(*args, **kwargs):
        raise ConnectionRefusedError("no SMTP server")

    monkeypatch.setattr("cardcollections.accounts.services.send_mail", down)
    with pytest.raises(ConnectionRefusedError):
        password_reset_mail("alice@example.org")
    assert OSError in password_reset_mail.autoretry_for
    monkeypatch.undo()
    assert password_reset_mail("alice@example.org") == 1


def test_the_page_queues_the_task_the_worker_knows_with_late_acks():
    from cardsite.celery_app import app

    app.loader.import_default_modules()
    assert accounts.PASSWORD_RESET_TASK == PASSWORD_RESET_TASK
    task = app.tasks[PASSWORD_RESET_TASK]
    assert task.acks_late and task.reject_on_worker_lost and task.time_limit


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_sends_the_mail_the_page_queues_by_name(alice, mailoutbox, settings):
    """The page sends the task by name only (the project's package imports no app): a worker must know it."""
    from celery import current_app

    from tests.conftest import celery_worker
    from tests.conftest import wait_for

    settings.SITE_URL = "https://cards.example.org"
    alice.email = "alice@example.org"
    alice.save(update_fields=["email"])
    with celery_worker("test-reset") as queue:
        current_app.send_task(accounts.PASSWORD_RESET_TASK, args=["alice@example.org"], queue=queue)
        wait_for(lambda: len(mailoutbox) == 1, 60, "the reset mail")
    assert "https://cards.example.org/accounts/reset/" in mailoutbox[0].body

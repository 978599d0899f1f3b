"""Password guessing is stopped: after a few wrong passwords, logins from that address or for that account pause."""

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def _login(client: Client, username: str, password: str, address: str = "203.0.113.7"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


def _guess(client: Client, username: str, times: int, address: str = "203.0.113.7") -> list[int]:
    return [_login(client, username, f"guess-{n}", address).status_code for n in range(times)]


def test_after_the_limit_even_the_right_password_is_refused_with_a_429(client, alice):
    codes = _guess(client, "alice", settings.AXES_FAILURE_LIMIT)
    assert codes[:-1] == [200] * (settings.AXES_FAILURE_LIMIT - 1)  # the form again, "do not match"
    response = _login(client, "alice", "alice-password-1")
    assert response.status_code == 429
    assert b"Too many failed logins" in response.content
    assert "_auth_user_id" not in client.session


def test_the_account_is_protected_from_guesses_spread_over_many_addresses(client, alice):
    for n in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "alice", f"guess-{n}", address=f"198.51.100.{n + 1}")
    response = _login(Client(), "alice", "alice-password-1", address="192.0.2.99")
    assert response.status_code == 429


def test_one_address_guessing_many_accounts_is_stopped(client, alice):
    for n in range(settings.AXES_FAILURE_LIMIT):
        _login(client, f"someone-{n}", "guess")
    assert _login(client, "alice", "alice-password-1").status_code == 429


def test_a_few_mistakes_then_the_right_password_still_log_in(client, alice):
    _guess(client, "alice", settings.AXES_FAILURE_LIMIT - 2)
    response = _login(client, "alice", "alice-password-1")
    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_the_attackers_own_good_logins_do_not_clear_the_count_of_the_account_they_guess(client, alice):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("eve", password="eve-password-1")
    for _ in range(3):
        _guess(client, "alice", settings.AXES_FAILURE_LIMIT - 1)
        _login(client, "eve", "eve-password-1")
        client.logout()
    # Axes resets a success by address too: with resets on, alice's count was cleared every round.
    assert _login(client, "alice", "alice-password-1", address="192.0.2.50").status_code == 429

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


# Issue #34: the account-wide count could be used against its owner. A browser where the account signed in before
# counts that account's logins with its address instead (cardsite/login_devices.py).
def _owners_browser(alice, address: str = "192.0.2.10") -> Client:
    """alice's own browser: she signed in on it once (it keeps the cookie), then signed out."""
    browser = Client()
    assert _login(browser, "alice", "alice-password-1", address).status_code == 302
    assert browser.cookies["login_device"].value
    browser.post("/accounts/logout/")
    return browser


def _locked_everywhere_by_a_stranger() -> None:
    _guess(Client(), "alice", settings.AXES_FAILURE_LIMIT, address="198.51.100.66")
    assert _login(Client(), "alice", "alice-password-1", address="192.0.2.99").status_code == 429


def test_a_stranger_cannot_lock_the_owner_out_of_a_browser_she_signed_in_on(alice):
    browser = _owners_browser(alice)
    _locked_everywhere_by_a_stranger()
    for address in ("192.0.2.10", "203.0.113.200"):  # at home, or on the event's wifi
        response = _login(browser, "alice", "alice-password-1", address)
        assert response.status_code == 302 and "_auth_user_id" in browser.session
        browser.post("/accounts/logout/")


def test_guesses_from_the_owners_browser_or_address_still_stop(alice):
    browser = _owners_browser(alice)
    assert _guess(browser, "alice", settings.AXES_FAILURE_LIMIT, address="192.0.2.10")[-1] == 429
    assert _login(browser, "alice", "alice-password-1", "192.0.2.10").status_code == 429
    # The account's count saw them too: a browser that never signed in is refused everywhere.
    assert _login(Client(), "alice", "alice-password-1", address="192.0.2.99").status_code == 429


def test_the_cookie_of_another_account_a_forged_one_or_one_from_before_a_password_change_is_no_help(alice):
    from django.contrib.auth import get_user_model

    eve = get_user_model().objects.create_user("eve", password="eve-password-1")
    eves_browser = Client()
    assert _login(eves_browser, "eve", "eve-password-1").status_code == 302
    eves_browser.post("/accounts/logout/")
    stale = _owners_browser(alice)
    alice.set_password("alice-password-2")
    alice.save()
    forged = Client()
    forged.cookies["login_device"] = "eyJ1IjoxfQ:1abcde:forged"
    _locked_everywhere_by_a_stranger()
    for browser in (eves_browser, forged, stale):
        assert _login(browser, "alice", "alice-password-2").status_code == 429
    assert eve.pk != alice.pk


def test_the_cookie_is_http_only_and_lax(alice, settings):
    settings.SESSION_COOKIE_SECURE = True
    browser = Client()
    assert _login(browser, "alice", "alice-password-1").status_code == 302
    cookie = browser.cookies["login_device"]
    assert cookie["httponly"] and cookie["secure"] and cookie["samesite"] == "Lax"
    assert cookie["max-age"] == settings.LOGIN_DEVICE_DAYS * 86400

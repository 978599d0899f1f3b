"""Sign-up refuses names made to pass as someone else's, and is rate limited per address."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-and-fine-password-77"
CYRILLIC_A = "\u0430"


def _sign_up(client, username: str, address: str = "203.0.113.20"):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data, REMOTE_ADDR=address)


@pytest.mark.parametrize("username", [".", "..", "-", "._-"])
def test_a_name_of_only_dots_and_dashes_is_refused(client, username):
    response = _sign_up(client, username)
    assert response.status_code == 400 and "at least one letter or digit" in response.content.decode()
    assert not get_user_model().objects.filter(username=username).exists()


def test_a_look_alike_of_an_existing_name_is_refused(client, alice):
    response = _sign_up(client, CYRILLIC_A + "lice")
    assert "imitates other letters" in response.content.decode()
    assert get_user_model().objects.count() == 1


ALL_CYRILLIC_ALICE = "\u0430\u04cf\u0456\u0441\u0435"  # Cyrillic a, palochka, i, es, ie: one alphabet, so not "mixed"


@pytest.mark.parametrize("username", [ALL_CYRILLIC_ALICE, ALL_CYRILLIC_ALICE.upper(), "a1ice", "AL1CE"])
def test_a_name_that_reads_as_an_existing_one_is_refused_even_in_one_alphabet(client, alice, username):
    response = _sign_up(client, username)
    assert response.status_code == 400
    assert "looks the same as an existing username" in response.content.decode()
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["alice"]


@pytest.mark.parametrize("username", ["alicia", "\u043c\u0430\u0440\u0438\u044f", "alice2"])
def test_a_genuinely_different_name_still_signs_up_beside_alice(client, alice, username):
    assert _sign_up(client, username).status_code == 302
    assert get_user_model().objects.filter(username=username).exists()


def test_a_name_differing_only_by_case_is_refused(client, alice):
    response = _sign_up(client, "ALICE")
    assert "already exists" in response.content.decode()  # Django's own check, kept by the form
    assert get_user_model().objects.count() == 1


def test_an_ordinary_name_signs_up(client):
    assert _sign_up(client, "bob.smith").status_code == 302


def test_sign_ups_are_rate_limited_per_address(client, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "signup_anon": "2/hour"},
    }
    cache.clear()
    try:
        assert _sign_up(client, "one").status_code == 302
        client.logout()
        assert _sign_up(client, "two").status_code == 302
        client.logout()
        refused = _sign_up(client, "three")
        assert refused.status_code == 429 and "Too many sign-ups" in refused.content.decode()
        assert not get_user_model().objects.filter(username="three").exists()
        assert _sign_up(client, "four", address="198.51.100.30").status_code == 302
    finally:
        cache.clear()

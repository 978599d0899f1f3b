"""Logging in and out with Django's auth views (accounts arrive in full with collections)."""

import pytest


@pytest.mark.django_db
def test_it_logs_in_and_out(client, alice):
    page = client.get("/accounts/login/")
    assert page.status_code == 200 and b"Log in" in page.content
    response = client.post("/accounts/login/", {"username": "alice", "password": "alice-password-1"})
    assert response.status_code == 302
    assert b"alice" in client.get("/").content
    client.post("/accounts/logout/")
    assert b"Log in" in client.get("/").content


@pytest.mark.django_db
def test_a_wrong_password_says_so(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": "nope"})
    assert response.status_code == 200 and b"do not match" in response.content


@pytest.mark.django_db
def test_a_page_that_needs_a_login_sends_you_to_it(client):
    response = client.get("/decks/formats/new/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")

"""Learning offline: the page (signed in), its service worker served with the learning pages' scope, and the web
app manifest. The browser test (tests/browser/test_learn_offline_browser.py) goes offline and back."""

import json

import pytest
from django.test import Client

from tests.project.test_page_accessibility import _problems

pytestmark = pytest.mark.django_db


def test_the_offline_page_needs_sign_in_and_names_its_worker_and_manifest(alice):
    assert Client().get("/learn/offline/").status_code == 302
    client = Client()
    client.force_login(alice)
    html = client.get("/learn/offline/").content.decode()
    assert 'data-sw-url="/learn/sw.js"' in html and 'data-sw-scope="/learn/"' in html
    assert 'rel="manifest" href="/learn/manifest.webmanifest"' in html
    assert f'data-user="{alice.pk}"' in html  # the browser keeps each account's reviews apart
    assert _problems(html) == []


def test_the_service_worker_is_a_script_under_learn_that_keeps_no_api_answer(client):
    response = client.get("/learn/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    assert 'url.pathname === "/learn/offline/"' in body and "/api/" not in body.split("function kept")[1].split("}")[0]


def test_the_manifest_starts_at_the_offline_page(client):
    response = client.get("/learn/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    body = json.loads(response.content)
    assert body["start_url"] == "/learn/offline/" and body["scope"] == "/learn/" and body["display"] == "standalone"

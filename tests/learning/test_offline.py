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


def _deck_copies(alice, alice_deck, n):
    from decks.lists.services import deck_create

    for i in range(n):
        deck_create(owner=alice, game=alice_deck.game, name=f"Verses {i}", cards=alice_deck.cards)


def test_the_offline_page_keeps_each_deck_with_its_verses_for_the_queries_of_one(
    alice, alice_deck, django_assert_max_num_queries
):
    client = Client()
    client.force_login(alice)
    with django_assert_max_num_queries(100) as one:
        html = client.get("/learn/offline/").content.decode()
    assert "(James 2:17)" in html and html.count("data-offline-deck=") == 1
    _deck_copies(alice, alice_deck, 11)
    with django_assert_max_num_queries(len(one.captured_queries)):
        html = client.get("/learn/offline/").content.decode()
    # Twelve decks, each card with its verse, and not one query more than for one deck.
    assert html.count("data-offline-deck=") == 12 and html.count("(James 2:17)") == 12


def test_the_offline_decks_cost_two_queries_however_many(alice, alice_deck, django_assert_max_num_queries):
    from learning.selectors import offline_decks

    _deck_copies(alice, alice_deck, 11)
    with django_assert_max_num_queries(2):
        decks = offline_decks(user=alice)
    assert len(decks) == 12 and all(d.size == 4 for d in decks)

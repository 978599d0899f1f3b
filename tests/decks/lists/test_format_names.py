"""Deck tables name each deck's format as players know it, not by its slug (one query for the whole page)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.lists.services import deck_create
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db


def test_my_decks_and_public_decks_show_format_names(cv, spring, alice, client):
    deck_create(
        owner=alice, game=cv, name="Base", decklist=legal_cv_text(), format_slug="advanced", visibility="public"
    )
    deck_create(
        owner=alice, game=cv, name="Cup", decklist=legal_cv_text(), format_slug="spring-open", visibility="public"
    )
    client.force_login(alice)
    for url in ("/decks/", "/decks/public/"):
        page = client.get(url).content.decode()
        assert "<td>Spring Open</td>" in page and "<td>Advanced" in page
        assert "<code>spring-open</code>" not in page


def test_naming_the_formats_costs_one_query_however_many_decks(cv, spring, alice, client):
    client.force_login(alice)
    for n in range(12):
        deck_create(owner=alice, game=cv, name=f"Cup {n}", decklist=legal_cv_text(), format_slug="spring-open")
    client.get("/decks/")
    with CaptureQueriesContext(connection) as few:
        client.get("/decks/")
    deck_create(owner=alice, game=cv, name="One more", decklist=legal_cv_text(), format_slug="spring-open")
    with CaptureQueriesContext(connection) as more:
        client.get("/decks/")
    assert len(more) == len(few)

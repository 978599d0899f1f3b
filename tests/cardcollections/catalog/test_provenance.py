"""Where a card comes from: `provenance`, `source` and `rulings` in the file, the dump, the API and the card page."""

import copy
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from cardcollections.catalog.services import catalog_load
from cardcollections.models import Card
from rules.catalog import CatalogError
from tests.conftest import CV_SMALL

pytestmark = pytest.mark.django_db
PUBLISHED_FILE = (
    Path(__file__).resolve().parents[3] / "cardcollections" / "starter_catalogs" / "chapter-and-verse-published.json"
)
POST = "https://chapterandversegame.blogspot.com/2013/"


def published(document: dict) -> dict:
    """CV_SMALL with its first card published, with a source and a ruling."""
    document = copy.deepcopy(document)
    document["cards"][0].update(
        provenance="published", source=POST, rulings=[{"text": "Leaves the game when used.", "source": POST}]
    )
    return document


def dump() -> dict:
    out = io.StringIO()
    call_command("dumpcatalog", "chapter-and-verse", stdout=out)
    return json.loads(out.getvalue())


def test_it_loads_a_card_without_provenance_as_a_sample():
    catalog_load(document=copy.deepcopy(CV_SMALL))
    assert set(Card.objects.values_list("provenance", flat=True)) == {"sample"}
    assert {c["provenance"] for c in dump()["cards"]} == {"sample"}


def test_it_round_trips_provenance_source_and_rulings():
    document = published(CV_SMALL)
    catalog_load(document=copy.deepcopy(document))
    first = dump()["cards"][0]
    assert (first["provenance"], first["source"]) == ("published", POST)
    assert first["rulings"] == [{"text": "Leaves the game when used.", "source": POST}]
    # and once more: loading the dump changes nothing
    assert catalog_load(document=dump()).cards_unchanged == len(document["cards"])


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ({"provenance": "published"}, "cards[0].source", "is required for a published card"),
        ({"provenance": "official"}, "cards[0].provenance", "must be one of published, sample, community"),
        ({"provenance": "published", "source": "javascript:alert(1)"}, "cards[0].source", "http or https URL"),
        ({"rulings": [{"text": "x", "by": "me"}]}, "cards[0].rulings[0].by", "unknown key"),
        ({"rulings": [{"text": ""}]}, "cards[0].rulings[0].text", "must not be empty"),
    ],
)
def test_it_refuses_a_bad_provenance_with_its_json_path(change, path, message):
    document = copy.deepcopy(CV_SMALL)
    document["cards"][0].update(change)
    with pytest.raises(CatalogError) as info:
        catalog_load(document=document)
    assert any(p.path == path and message in p.message for p in info.value.problems), info.value.problems


def test_the_published_catalog_loads_beside_the_samples(starter_catalogs):
    cards = Card.objects.filter(provenance="published")
    assert cards.count() == len(json.loads(PUBLISHED_FILE.read_text(encoding="utf-8"))["cards"]) >= 8
    assert all(c.source.split("//")[1].startswith("chapterandversegame.blogspot.com/") for c in cards)
    assert Card.objects.filter(game__slug="chapter-and-verse", provenance="sample").count() >= 96


def test_the_api_shows_and_filters_by_provenance():
    catalog_load(document=published(CV_SMALL))
    api = APIClient()
    response = api.get("/api/v1/cards/", {"game": "chapter-and-verse", "provenance": "published"})
    assert response.status_code == 200, response.content
    (card,) = response.json()["results"]
    assert (card["provenance"], card["source"]) == ("published", POST)
    assert card["rulings"][0]["source"] == POST
    samples = api.get("/api/v1/cards/", {"game": "chapter-and-verse", "provenance": "sample"}).json()["results"]
    assert samples and {c["provenance"] for c in samples} == {"sample"} and all("source" not in c for c in samples)
    refused = api.get("/api/v1/cards/", {"provenance": "official"})
    assert refused.status_code == 400 and refused.json()["field"] == "provenance"


def test_the_card_page_says_where_the_card_comes_from(client):
    catalog_load(document=published(CV_SMALL))
    first, second = (Card.objects.get(number=c["number"], card_set__code=c["set"]) for c in CV_SMALL["cards"][:2])
    html = client.get(reverse("card-detail", args=[first.pk])).content.decode()
    assert "Published card — source:" in html and f'href="{POST}"' in html
    assert "Errata and rulings" in html and "Leaves the game when used." in html
    html = client.get(reverse("card-detail", args=[second.pk])).content.decode()
    assert "Sample card written for this project" in html and "Errata and rulings" not in html


def test_the_schema_documents_provenance(client):
    schema = client.get("/api/v1/schema/?format=json").json()
    card = schema["components"]["schemas"]["Card"]["properties"]
    assert {"provenance", "source", "rulings"} <= set(card)
    parameters = {p["name"] for p in schema["paths"]["/api/v1/cards/"]["get"]["parameters"]}
    assert "provenance" in parameters


def test_the_catalog_page_filters_published_cards(client):
    catalog_load(document=published(CV_SMALL))
    page = client.get(reverse("catalog-browse", args=["chapter-and-verse"]), {"provenance": "published"})
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="provenance"' in html and CV_SMALL["cards"][0]["title"] in html
    assert CV_SMALL["cards"][1]["title"] not in html

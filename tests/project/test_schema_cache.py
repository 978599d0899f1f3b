"""The API schema is generated and rendered once per process for each form (issue #34: uncached, a request cost
up to 0.57 s of a web worker, and four in parallel moved the health check to 0.8 s)."""

import json

import pytest
import yaml
from drf_spectacular.generators import SchemaGenerator

from cardsite import api_docs

pytestmark = pytest.mark.django_db


@pytest.fixture
def generated(monkeypatch) -> list:
    """Each time the schema is generated, a mark."""
    api_docs._SCHEMA_BODIES.clear()
    marks: list = []
    real = SchemaGenerator.get_schema

    def counted(self, *args, **kwargs):
        marks.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counted)
    yield marks
    api_docs._SCHEMA_BODIES.clear()


def test_a_second_request_generates_nothing_and_gets_the_same_bytes(client, generated):
    first = client.get("/api/v1/schema/")
    again = client.get("/api/v1/schema/")
    assert first.status_code == again.status_code == 200
    assert len(generated) == 1
    assert again.content == first.content
    assert again["Content-Type"] == first["Content-Type"] == "application/vnd.oai.openapi; charset=utf-8"
    assert "/api/v1/decks/validate/" in yaml.safe_load(again.content)["paths"]


def test_each_form_is_kept_once(client, generated):
    as_json = [client.get("/api/v1/schema/", {"format": "json"}) for _ in range(3)]
    as_yaml = [client.get("/api/v1/schema/") for _ in range(3)]
    assert len(generated) == 2
    assert json.loads(as_json[-1].content) == yaml.safe_load(as_yaml[-1].content)
    assert as_json[-1]["Content-Disposition"].startswith("inline")


def test_nothing_the_caller_writes_grows_the_cache_or_misses_it(client, generated):
    for n in range(5):
        assert client.get("/api/v1/schema/", {"lang": f"xx-{n}"}).status_code == 200
        accept = f"application/vnd.oai.openapi+json; q=1; x={n}"
        assert client.get("/api/v1/schema/", HTTP_ACCEPT=accept).status_code == 200
    assert len(generated) == 2 and len(api_docs._SCHEMA_BODIES) == 2


def test_a_changed_setting_forgets_the_kept_schema(client, generated, settings):
    client.get("/api/v1/schema/")
    settings.SPECTACULAR_SETTINGS = {**settings.SPECTACULAR_SETTINGS}
    assert api_docs._SCHEMA_BODIES == {}

"""Bodies are refused by their declared size per route before anything reads them; chunked bodies are refused."""

import io
import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.urls import reverse_lazy
from PIL import Image

from cardcollections.models import CardProposal
from tests.html_forms import prefilled

pytestmark = pytest.mark.django_db

MB = 1024 * 1024


def _post_declaring(client, url: str, length: int, content_type: str = "application/x-www-form-urlencoded", **extra):
    # The body sent is tiny; the header claims `length` bytes. The limit must act on the header alone.
    return client.generic("POST", url, b"x=1", content_type=content_type, CONTENT_LENGTH=str(length), **extra)


def test_an_anonymous_300_mb_upload_is_refused_before_it_is_read(client):
    response = client.generic(
        "POST",
        reverse("deck-import"),
        b"--b\r\n",
        content_type="multipart/form-data; boundary=b",
        CONTENT_LENGTH=str(300 * MB),
    )
    assert response.status_code == 413
    assert "4 MB" in response.content.decode()


@pytest.mark.parametrize("url", [reverse_lazy("deck-import"), reverse_lazy("proposal-new", args=["chapter-and-verse"])])
def test_an_anonymous_small_upload_is_sent_to_log_in_before_its_file_is_parsed(client, url):
    response = client.post(url, {"file": ("x" * 100)})
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_an_ordinary_form_takes_at_most_the_default_limit(client, alice):
    client.force_login(alice)
    response = _post_declaring(client, reverse("deck-format-create"), settings.REQUEST_BODY_LIMIT + 1)
    assert response.status_code == 413


def test_the_api_answers_json_with_the_limit(client):
    response = _post_declaring(client, "/api/v1/trades/", settings.REQUEST_BODY_LIMIT + 1, "application/json")
    assert response.status_code == 413
    assert "larger than 1 MB" in response.json()["detail"]


def test_a_deck_list_route_takes_a_larger_body_than_a_form(client):
    limit = settings.REQUEST_BODY_LIMITS["api-deck-validate"]
    assert limit > settings.REQUEST_BODY_LIMIT
    assert _post_declaring(client, "/api/v1/decks/validate/", limit + 1, "application/json").status_code == 413


def test_a_chunked_body_without_a_length_is_refused(client):
    response = client.generic(
        "POST", "/api/v1/decks/validate/", b"{}", content_type="application/json", HTTP_TRANSFER_ENCODING="chunked"
    )
    assert response.status_code == 411


def test_a_content_length_that_is_not_a_number_is_a_400(client):
    response = client.generic(
        "POST", "/api/v1/decks/validate/", b"{}", content_type="application/json", CONTENT_LENGTH="\u00b2"
    )
    assert response.status_code == 400


def test_a_card_proposal_takes_a_scan_larger_than_a_form(alice, cv_cards):
    # A 2 MB scan, under the 10 MB the proposal pages document: noise does not compress.
    buffer = io.BytesIO()
    Image.frombytes("RGB", (900, 900), os.urandom(900 * 900 * 3)).save(buffer, format="PNG")
    assert buffer.tell() > 2 * MB
    buffer.seek(0)
    buffer.name = "scan.png"
    client = Client()
    client.force_login(alice)
    url = reverse("proposal-edit-card", args=[cv_cards["pride"].pk])
    response = client.post(url, {**prefilled(client, url), "source": "my copy", "scan": buffer})
    assert response.status_code == 302, response.status_code
    assert CardProposal.objects.get().scan
    # The other routes that take a scan or a bulk file (up to 2 MB) take more than a form too.
    for name in (
        "proposal-new",
        "proposal-revise",
        "api-proposals",
        "api-proposal-scan",
        "proposal-bulk",
        "api-proposal-bulk",
    ):
        assert settings.REQUEST_BODY_LIMITS[name] > 2 * MB, name


# ---------------------------------------------------------------- the docs say the limits the code has
ROOT = Path(__file__).resolve().parents[2]
LIMIT_DOCS = ["docs/configuration.md", "docs/deploy.md", "docs/rulings.md"]


def _doc(name: str) -> str:
    return " ".join((ROOT / name).read_text(encoding="utf-8").split())


@pytest.mark.parametrize("name", LIMIT_DOCS)
def test_the_docs_give_the_import_limits_the_settings_have(name):
    """A collection import: the route takes 21 MB (a 20 MB file and its form), but a body Django reads whole (the
    API's JSON, pasted text) stops at DATA_UPLOAD_MAX_MEMORY_SIZE; each doc that gives the one gives the other."""
    route = settings.REQUEST_BODY_LIMITS["api-collection-import"] // MB
    read_whole = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // MB
    assert settings.REQUEST_BODY_LIMITS["collection-import"] // MB == route
    text = _doc(name)
    assert f"{route} MB" in text
    assert f"{read_whole} MB for pasted text and the API's JSON" in text, f"{name} must say the JSON limit"


def test_the_readme_and_docs_name_no_import_limit_the_settings_do_not_have():
    route = settings.REQUEST_BODY_LIMITS["api-collection-import"] // MB
    read_whole = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // MB
    for name in ["README.md", *LIMIT_DOCS, "docs/collections.md", "docs/api.md"]:
        pattern = r"collection imports?,? (\d+) MB|(\d+) MB for collection imports"
        for pair in re.findall(pattern, _doc(name)):
            found = int("".join(pair))
            assert found in (route, read_whole), f"{name}: a collection import limit of {found} MB"


def test_the_api_import_stops_where_the_docs_say(client, alice, small_catalogs):
    client.force_login(alice)
    read_whole = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    body = b'{"game": "chapter-and-verse", "text": "' + b"x" * (read_whole + 1) + b'"}'
    assert len(body) < settings.REQUEST_BODY_LIMITS["api-collection-import"]  # past the route's check
    response = client.post("/api/v1/collection/imports/", body, content_type="application/json")
    assert response.status_code == 413
    assert f"larger than {read_whole // MB} MB" in response.json()["detail"]

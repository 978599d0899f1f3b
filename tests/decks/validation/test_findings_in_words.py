"""Pages show a deck check's findings and formats in plain words, not the site's codes (#36: players saw
`deck-too-small`, `too-many-copies` and `advanced` in code type); the codes stay in `data-code` and the API."""

import pytest

from decks.validation.labels import FINDING_LABELS
from decks.validation.labels import finding_label
from tests.decks.conftest import legal_cv_text

URL = "/decks/validate/"
HTMX = {"HTTP_HX_REQUEST": "true"}

pytestmark = pytest.mark.django_db


def test_every_finding_code_of_the_contract_has_words():
    from pathlib import Path

    from rules.formats import BASE_FORMATS

    format_slugs = {f.slug for game_formats in BASE_FORMATS.values() for f in game_formats}
    contract = Path(__file__).resolve().parents[3] / "docs" / "contracts" / "validation.md"
    codes = {
        line.split("`")[1]
        for line in contract.read_text().splitlines()
        if line.startswith("| `") and "-" in line.split("`")[1]
    }
    codes -= format_slugs  # the table of formats, above the codes'
    assert codes <= set(FINDING_LABELS), codes - set(FINDING_LABELS)
    assert finding_label("some-new-code") == "Some new code"


def test_the_checker_names_findings_and_the_format_in_words(client, cv_catalog):
    text = "4 By Small Means\nnonsense\n" + legal_cv_text(20)
    html = client.post(
        URL,
        {"game": "chapter-and-verse", "format": "advanced", "formats_for": "chapter-and-verse", "decklist": text},
        **HTMX,
    ).content.decode()
    verdict = html.split('class="verdict')[1].split("</p>")[0]
    assert "· Advanced" in verdict and "· advanced" not in verdict
    line_1 = html.split('data-line="1"')[1].split("</li>")[0]
    assert 'data-code="too-many-copies"' in line_1 and ">Too many copies<" in line_1
    findings = html.split('class="findings"')[1]
    assert '<strong class="finding-label">Too few cards:</strong> The deck has' in findings
    assert '<strong class="finding-label">Not a deck line:</strong>' in findings
    for code in ("deck-too-small", "too-many-copies", "unparseable-line"):
        assert f"<code>{code}</code>" not in html and f">{code}<" not in html


def test_the_api_keeps_the_codes(client, cv_catalog):
    body = client.post(
        "/api/v1/decks/validate/",
        {"game": "chapter-and-verse", "format": "advanced", "decklist": "4 By Small Means"},
        content_type="application/json",
    ).json()
    assert {f["code"] for f in body["errors"]} >= {"deck-too-small", "too-many-copies"}

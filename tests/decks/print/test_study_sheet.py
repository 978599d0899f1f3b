"""A deck's verses as a study sheet: GET /api/v1/decks/{id}/study-sheet.pdf and /decks/<id>/study-sheet/, measured
with pypdf (each verse's reference and text in the deck's order, page sizes in points), who may download it (as
who may read the deck), strict options naming their field, and the compute rate limit."""

import io

import pytest
from pypdf import PdfReader
from rest_framework.test import APIClient

from cardcollections.models import Card
from cardcollections.printing.study import StudyVerse
from cardcollections.printing.study import study_pdf
from tests.decks.conftest import verse_title
from tests.decks.print.conftest import deck_of

pytestmark = pytest.mark.django_db

PAGE_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def _verse(i: int) -> tuple[str, str]:
    return f"Alma {i}:{i + 1}", f"Verse number {i} says zebra{i:03d} and quail{i:03d}."


@pytest.fixture
def verses(cv_catalog):
    """Every test verse a reference and text of its own (the test catalog's are all the same)."""
    for i in range(1, 61):
        reference, text = _verse(i)
        Card.objects.filter(title=verse_title(i)).update(reference=reference, scripture=text)


@pytest.fixture
def studied(verses, alice):
    """alice's private deck: Verses 003, 001, 002 (listed by title), two copies of one, three of another."""
    return deck_of(alice, {3: 1, 1: 2, 2: 3}, name="Class verses")


def _pdf(response) -> PdfReader:
    return PdfReader(io.BytesIO(response.content))


def _text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def _url(deck) -> str:
    return f"/api/v1/decks/{deck.pk}/study-sheet.pdf"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_it_prints_each_verse_once_with_its_reference_in_the_decks_order(studied, token_alice, paper):
    response = token_alice.get(_url(studied), {"paper": paper, "lines": "1"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="class-verses-study-sheet.pdf"'
    reader = _pdf(response)
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(PAGE_POINTS[paper], abs=0.01)
    text = _text(reader)
    places = []
    for i in (1, 2, 3):  # the deck's order: by title
        reference, verse = _verse(i)
        assert text.count(reference) == 1  # once, however many copies
        assert verse in text.replace("\n", " ")
        places += [text.index(reference), text.index(f"zebra{i:03d}")]
    assert places == sorted(places)  # each reference before its text, and verse 1 before 2 before 3
    assert "Class verses: study sheet" in text


def test_a_long_deck_runs_onto_more_pages_and_never_splits_a_verse(verses, alice, token_alice):
    deck = deck_of(alice, {i: 1 for i in range(1, 41)})
    reader = _pdf(token_alice.get(_url(deck), {"lines": "4"}))
    assert len(reader.pages) > 3
    for page in reader.pages:
        text = page.extract_text()
        for i in range(1, 41):
            reference, _verse_text = _verse(i)
            # A verse's reference and both its marker words sit on one page, or none of them does.
            marks = [f"{reference}\n" in text + "\n", f"zebra{i:03d}" in text, f"quail{i:03d}" in text]
            assert all(marks) or not any(marks), (i, marks)


def test_more_lines_take_more_room(studied, token_alice):
    deck_rules = {n: _pdf(token_alice.get(_url(studied), {"lines": str(n)})) for n in (1, 4)}
    drawn = {n: reader.pages[0].get_contents().get_data().count(b" l") for n, reader in deck_rules.items()}
    assert drawn[4] - drawn[1] == 3 * 3  # three verses, three more ruled lines each


def test_a_private_deck_is_a_404_to_a_stranger_and_to_a_visitor(studied, charlie, api_as, client):
    for caller in (api_as(charlie), APIClient()):
        response = caller.get(_url(studied))
        assert response.status_code == 404
        assert response.json() == {"detail": "No such deck."}
    client.force_login(charlie)
    assert client.get(f"/decks/{studied.pk}/study-sheet/").status_code == 404
    assert client.get(f"/decks/{studied.pk}/study-sheet.pdf").status_code == 404


@pytest.mark.parametrize("visibility", ["public", "unlisted"])
def test_a_public_or_unlisted_deck_is_studied_by_anyone_with_its_link(verses, alice, bob, api_as, visibility):
    deck = deck_of(alice, {7: 1}, visibility=visibility)
    for caller in (api_as(bob), APIClient()):
        response = caller.get(_url(deck))
        assert response.status_code == 200
        assert _verse(7)[0] in _text(_pdf(response))


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"paper": "a3"}, "paper"),
        ({"lines": "0"}, "lines"),
        ({"lines": "5"}, "lines"),
        ({"lines": "1.5"}, "lines"),
        ({"lines": "two"}, "lines"),
        ({"surely_unknown": "1"}, "surely_unknown"),
    ],
)
def test_bad_options_are_a_400_naming_the_field(studied, token_alice, query, field):
    response = token_alice.get(_url(studied), query)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert response.json()["message"]


def test_a_deck_without_verses_is_a_400_on_deck(verses, alice, token_alice, client):
    deck = deck_of(alice, {1: 2})
    Card.objects.filter(title=verse_title(1)).update(scripture="")
    response = token_alice.get(_url(deck))
    assert response.status_code == 400
    assert response.json() == {
        "field": "deck",
        "message": "This deck has no verses to study: none of its cards carries scripture.",
    }
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/study-sheet.pdf")
    assert page.status_code == 400
    assert b"no verses to study" in page.content


def test_the_page_offers_the_options_and_downloads_the_pdf(studied, alice, client):
    client.force_login(alice)
    page = client.get(f"/decks/{studied.pk}/study-sheet/")
    assert page.status_code == 200
    assert f'action="/decks/{studied.pk}/study-sheet.pdf"'.encode() in page.content
    assert b"Alma 2:3" in page.content
    pdf = client.get(f"/decks/{studied.pk}/study-sheet.pdf", {"paper": "letter", "lines": "2"})
    assert pdf.status_code == 200
    assert float(_pdf(pdf).pages[0].mediabox.width) == pytest.approx(612.0)
    refused = client.get(f"/decks/{studied.pk}/study-sheet.pdf", {"paper": "a3", "lines": "2"})
    assert refused.status_code == 400
    assert b"a3 is not one of the available choices" in refused.content


def test_the_deck_page_and_the_print_and_play_page_link_to_it(studied, alice, client):
    client.force_login(alice)
    link = f'href="/decks/{studied.pk}/study-sheet/"'.encode()
    assert link in client.get(f"/decks/{studied.pk}/").content
    assert link in client.get(f"/decks/{studied.pk}/print-and-play/").content


def test_study_sheets_count_against_the_compute_limit(verses, alice, settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "compute_anon": "2/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    deck = deck_of(alice, {5: 1}, visibility="public")
    visitor = APIClient()
    assert [visitor.get(_url(deck)).status_code for _ in range(3)] == [200, 200, 429]
    assert visitor.get(f"/decks/{deck.pk}/study-sheet.pdf").status_code == 429


def test_a_verse_longer_than_a_page_runs_on(db):
    long = StudyVerse(reference="Psalm 119:1-176", text=" ".join(["blessed"] * 3000))
    reader = PdfReader(io.BytesIO(study_pdf([long], paper="a4", lines=1)))
    assert len(reader.pages) >= 2
    assert reader.pages[0].extract_text().count("Psalm 119:1-176") == 1


def test_the_schema_documents_the_study_sheet(client):
    schema = client.get("/api/v1/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/decks/{deck_id}/study-sheet.pdf"]["get"]
    assert operation["operationId"] == "decks_study_sheet"
    assert {p["name"] for p in operation["parameters"]} == {"deck_id", "paper", "lines"}
    assert "application/pdf" in operation["responses"]["200"]["content"]
    assert {"400", "404"} <= set(operation["responses"])

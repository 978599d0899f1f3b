"""GET /api/v1/sets/{id}/print.pdf: a catalog set's cards, one of each, as a print-and-play sheet, open to anyone."""

import io

import pytest
from pypdf import PdfReader
from rest_framework.test import APIClient

from cardcollections.models import CardSet
from cardcollections.printing.layout import sheet_layout
from tests.decks.print.measure import measure

pytestmark = pytest.mark.django_db
HUGE = str(10**30)


def _pdf(response) -> bytes:
    return b"".join(response.streaming_content)


def test_a_set_prints_one_of_each_card_for_anyone(cv_catalog):
    second = CardSet.objects.get(code="CV2")  # two cards
    response = APIClient().get(f"/api/v1/sets/{second.pk}/print.pdf", {"paper": "letter", "backs": "true"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert 'filename="chapter-and-verse-cv2-print-and-play.pdf"' in response["Content-Disposition"]
    fronts, backs = measure(_pdf(response))
    sheet = sheet_layout(paper="letter", bleed=0)
    for measured, slot in zip(fronts.images, sheet.fronts, strict=False):
        assert all(abs(a - b) <= 0.5 for a, b in zip(measured, (slot.trim.x, slot.trim.y, 63, 88), strict=True))
    assert len(fronts.images) == len(backs.images) == 2
    assert fronts.text.count("not an original card") == 2


def test_a_set_over_what_is_drawn_in_a_request_is_refused_naming_set(cv_catalog_400):
    first = CardSet.objects.get(code="CV1")  # 402 cards
    response = APIClient().get(f"/api/v1/sets/{first.pk}/print.pdf")
    assert response.status_code == 400
    assert response.json()["field"] == "set"
    assert response.json()["message"].startswith("402 cards are more than are printed while you wait")


def test_a_set_of_sixty_two_cards_is_seven_pages(cv_catalog):
    first = CardSet.objects.get(code="CV1")
    response = APIClient().get(f"/api/v1/sets/{first.pk}/print.pdf")
    assert response.status_code == 200
    assert len(PdfReader(io.BytesIO(_pdf(response))).pages) == 7


def test_unknown_sets_and_bad_options(cv_catalog):
    client = APIClient()
    for pk in ("999999", HUGE):
        response = client.get(f"/api/v1/sets/{pk}/print.pdf")
        assert response.status_code == 404 and response.json() == {"detail": "No such set."}
    first = CardSet.objects.get(code="CV1")
    response = client.get(f"/api/v1/sets/{first.pk}/print.pdf", {"bleed": "3"})
    assert response.status_code == 400 and response.json()["field"] == "bleed"
    response = client.get(f"/api/v1/sets/{first.pk}/print.pdf", {"surely_unknown": "1"})
    assert response.status_code == 400 and response.json()["field"] == "surely_unknown"

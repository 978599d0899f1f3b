"""A 100-megapixel PNG of a few KiB sent to each upload endpoint, of the API and of the pages: a 400 naming the
dimensions, nothing stored (docs/reliability.md, Uploads: "such a file gets a 400"; the services' own tests call the
checks directly). And the ceiling itself, lowered for issue #34: a 17-megapixel scan is refused from its header."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from rest_framework.test import APIClient

from cardcollections.models import Card
from cardcollections.models import CardProposal
from tests.cardcollections.conftest import bomb_png
from tests.cardcollections.proposals.test_pages import form_data
from tests.cardcollections.proposals.test_services import NEW_CARD

pytestmark = pytest.mark.django_db

MESSAGE = "the image is 10000x10000 = 100 megapixels; at most 16 are allowed"


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def bomb() -> SimpleUploadedFile:
    data = bomb_png(10_000, 10_000)
    assert len(data) < 100_000
    return SimpleUploadedFile("scan.png", data, content_type="image/png")


def media_files(root) -> list:
    return [p for p in root.rglob("*") if p.is_file()]


def test_the_card_scan_api_refuses_a_100_megapixel_png_with_a_400(admin_user, cv_cards, media_root):
    card = Card.objects.order_by("pk").first()
    response = client_for(admin_user).post(f"/api/v1/cards/{card.pk}/scan/", {"scan": bomb()}, format="multipart")
    assert response.status_code == 400, response.content
    assert MESSAGE in response.content.decode()
    card.refresh_from_db()
    assert not card.scan and not card.thumbnail
    assert media_files(media_root) == []


def test_the_proposal_scan_api_refuses_a_100_megapixel_png_with_a_400(alice, cv_cards, media_root):
    client = client_for(alice)
    created = client.post(
        "/api/v1/proposals/",
        {"game": "chapter-and-verse", "fields": NEW_CARD, "source": "https://example.org/line"},
        format="json",
    )
    assert created.status_code == 201, created.content
    proposal_id = created.json()["id"]
    response = client.post(f"/api/v1/proposals/{proposal_id}/scan/", {"scan": bomb()}, format="multipart")
    assert response.status_code == 400, response.content
    assert MESSAGE in response.content.decode()
    assert not CardProposal.objects.get(pk=proposal_id).scan
    assert media_files(media_root) == []


def page_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_staff_scan_page_refuses_a_100_megapixel_png_with_a_400(admin_user, cv_cards, media_root):
    card = Card.objects.order_by("pk").first()
    response = page_client(admin_user).post(f"/cards/{card.pk}/scan/", {"scan": bomb()})
    assert response.status_code == 400
    assert MESSAGE.capitalize() in response.content.decode()  # the page writes it as a sentence
    card.refresh_from_db()
    assert not card.scan and not card.thumbnail
    assert media_files(media_root) == []


def test_the_proposal_page_refuses_a_100_megapixel_png_with_a_400(alice, cv_cards, media_root):
    response = page_client(alice).post("/proposals/new/chapter-and-verse/", {**form_data(), "scan": bomb()})
    assert response.status_code == 400
    assert MESSAGE in response.content.decode()
    assert not CardProposal.objects.exists()
    assert media_files(media_root) == []


def test_the_ceiling_refuses_a_scan_past_16_megapixels_from_its_header(admin_user, cv_cards, media_root, settings):
    """A solid 40-megapixel PNG of 123 KB took 3.3 s of a web worker to check in full; the default ceiling is 16
    (a 1200 dpi card scan is 12.6), and a scan just over it is refused before a pixel is decoded."""
    assert settings.CARD_SCAN_MAX_PIXELS == 16_000_000  # the default: no test run sets CARD_SCAN_MAX_PIXELS
    card = Card.objects.order_by("pk").first()
    over = SimpleUploadedFile("scan.png", bomb_png(4001, 4000), content_type="image/png")
    response = client_for(admin_user).post(f"/api/v1/cards/{card.pk}/scan/", {"scan": over}, format="multipart")
    assert response.status_code == 400, response.content
    assert "the image is 4001x4000 = 16 megapixels; at most 16 are allowed" in response.content.decode()
    card.refresh_from_db()
    assert not card.scan and media_files(media_root) == []

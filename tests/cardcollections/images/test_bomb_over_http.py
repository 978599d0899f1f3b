"""A 100-megapixel PNG of a few KiB sent to each upload endpoint of the API: a 400 naming the dimensions, nothing
stored (docs/reliability.md, Uploads: "such a file gets a 400"; the services' own tests call the checks directly)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from cardcollections.models import Card
from cardcollections.models import CardProposal
from tests.cardcollections.conftest import bomb_png
from tests.cardcollections.proposals.test_services import NEW_CARD

pytestmark = pytest.mark.django_db

MESSAGE = "the image is 10000x10000 = 100 megapixels; at most 40 are allowed"


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

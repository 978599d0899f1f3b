"""The card proposal API: propose, follow, review, bulk files, a card's history."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from cardcollections.models import Card
from cardcollections.models import CardProposal
from tests.cardcollections.conftest import png_upload
from tests.cardcollections.proposals.test_services import NEW_CARD

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def proposal_id(alice, cv_cards) -> int:
    response = client_for(alice).post(
        "/api/v1/proposals/",
        {"game": "chapter-and-verse", "fields": NEW_CARD, "source": "https://example.org/line"},
        format="json",
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_a_player_proposes_a_card_and_sees_it_waiting_with_what_it_adds(alice, proposal_id):
    body = client_for(alice).get(f"/api/v1/proposals/{proposal_id}/").json()
    assert (body["status"], body["kind"], body["title"], body["proposer"]) == (
        "pending",
        "new",
        "Line upon Line",
        "alice",
    )
    (card,) = body["cards"]
    assert card["is_new"] and card["card"] is None
    assert {"field": "sacrifice", "before": None, "after": 2} in card["changes"]
    listed = client_for(alice).get("/api/v1/proposals/").json()
    assert [p["id"] for p in listed] == [proposal_id]


@pytest.mark.parametrize(
    "fields, path",
    [
        ({**NEW_CARD, "sacrifice": 21}, "sacrifice"),
        ({**NEW_CARD, "title": "Line\u0000upon"}, "fields.title"),
        ({**NEW_CARD, "icons": {"faith": 10**30}}, "icons.faith"),
        ({**NEW_CARD, "set": "NOPE"}, "set"),
        ({**NEW_CARD, "image": "x.png"}, "image"),
    ],
)
def test_a_card_that_fails_the_catalog_checks_is_a_400_naming_the_field(alice, cv_cards, fields, path):
    response = client_for(alice).post(
        "/api/v1/proposals/", {"game": "chapter-and-verse", "fields": fields, "source": "n"}, format="json"
    )
    assert response.status_code == 400, response.content
    body = response.json()
    paths = [p["path"] for p in body.get("problems", [])] + [body.get("field")]
    assert path in paths
    assert CardProposal.objects.count() == 0


def test_a_scan_is_checked_and_attached_to_the_open_proposal(alice, proposal_id):
    client = client_for(alice)
    junk = SimpleUploadedFile("scan.png", b"not an image", content_type="image/png")
    refused = client.post(f"/api/v1/proposals/{proposal_id}/scan/", {"scan": junk}, format="multipart")
    assert refused.status_code == 400
    assert refused.json()["problems"][0]["path"] == "scan"
    ok = client.post(f"/api/v1/proposals/{proposal_id}/scan/", {"scan": png_upload()}, format="multipart")
    assert ok.status_code == 200, ok.content
    assert ok.json()["scan"].endswith(".png")


def test_only_moderators_see_the_queue_and_review(alice, moderator, proposal_id):
    assert client_for(alice).get("/api/v1/proposals/review/").status_code == 403
    assert client_for(alice).post(f"/api/v1/proposals/{proposal_id}/approve/").status_code == 403
    queue = client_for(moderator).get("/api/v1/proposals/review/?game=chapter-and-verse").json()
    assert [p["id"] for p in queue] == [proposal_id]
    asked = client_for(moderator).post(
        f"/api/v1/proposals/{proposal_id}/ask-changes/", {"note": "Which printing?"}, format="json"
    )
    assert (asked.status_code, asked.json()["status"], asked.json()["review_note"]) == (
        200,
        "changes",
        "Which printing?",
    )
    assert client_for(moderator).get("/api/v1/proposals/review/").json() == []
    revised = client_for(alice).put(
        f"/api/v1/proposals/{proposal_id}/", {"fields": NEW_CARD, "source": "first printing"}, format="json"
    )
    assert revised.json()["status"] == "pending"
    approved = client_for(moderator).post(f"/api/v1/proposals/{proposal_id}/approve/")
    assert approved.status_code == 200 and approved.json()["status"] == "approved"
    again = client_for(moderator).post(f"/api/v1/proposals/{proposal_id}/reject/", {"reason": "x"}, format="json")
    assert again.status_code == 409
    card = Card.objects.get(title="Line upon Line")
    history = APIClient().get(f"/api/v1/cards/{card.pk}/history/").json()
    assert [(h["proposed_by"], h["approved_by"], h["created_card"]) for h in history] == [("alice", "dana", True)]


def test_a_moderator_approving_their_own_proposal_is_a_403_saying_why(moderator, second_moderator, cv_cards):
    created = client_for(moderator).post(
        "/api/v1/proposals/", {"game": "chapter-and-verse", "fields": NEW_CARD, "source": "n"}, format="json"
    )
    proposal_id = created.json()["id"]
    refused = client_for(moderator).post(f"/api/v1/proposals/{proposal_id}/approve/")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "You proposed this: another moderator approves it."
    assert CardProposal.objects.get(pk=proposal_id).status == CardProposal.Status.PENDING
    approved = client_for(second_moderator).post(f"/api/v1/proposals/{proposal_id}/approve/")
    assert approved.status_code == 200 and approved.json()["status"] == "approved"


def test_a_moderator_uploads_a_csv_as_one_proposal_and_problems_name_the_line(moderator, alice, cv_cards):
    csv_text = (
        "set,number,title,sacrifice,scripture,reference,standard_work\nCV2,10,Precept,x,p,Isaiah 28:10,old-testament\n"
    )
    upload = SimpleUploadedFile("cards.csv", csv_text.encode(), content_type="text/csv")
    data = {"game": "chapter-and-verse", "source": "box", "file": upload}
    refused = client_for(moderator).post("/api/v1/proposals/bulk/", data, format="multipart")
    assert refused.status_code == 400
    assert refused.json()["problems"][0]["path"] == "line 2: sacrifice"
    upload = SimpleUploadedFile("cards.csv", csv_text.replace(",x,", ",1,").encode(), content_type="text/csv")
    created = client_for(moderator).post("/api/v1/proposals/bulk/", {**data, "file": upload}, format="multipart")
    assert created.status_code == 201, created.content
    assert (created.json()["kind"], created.json()["title"]) == ("bulk", "1 card")
    assert not Card.objects.filter(title="Precept").exists()
    upload = SimpleUploadedFile("cards.csv", csv_text.encode(), content_type="text/csv")
    assert (
        client_for(alice).post("/api/v1/proposals/bulk/", {**data, "file": upload}, format="multipart").status_code
        == 403
    )


def test_the_lists_read_a_bounded_number_of_queries(alice, moderator, cv_cards, django_assert_max_num_queries):
    for number in range(10, 16):
        client_for(alice).post(
            "/api/v1/proposals/",
            {"game": "chapter-and-verse", "fields": {**NEW_CARD, "number": str(number)}, "source": "n"},
            format="json",
        )
    with django_assert_max_num_queries(4):
        assert len(client_for(alice).get("/api/v1/proposals/").json()) == 6
    with django_assert_max_num_queries(6):
        assert len(client_for(moderator).get("/api/v1/proposals/review/").json()) == 6

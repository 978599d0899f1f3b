"""The admin of card proposals and revisions: staff look them up; nothing is added, changed or deleted there."""

import pytest

from cardcollections.models import CardProposal
from cardcollections.models import CardRevision
from cardcollections.proposals.services import proposal_approve
from cardcollections.proposals.services import proposal_create

pytestmark = pytest.mark.django_db

# admin_client is pytest-django's: a client signed in as a superuser.


@pytest.fixture
def approved(alice, moderator, cv_cards):
    card = cv_cards["pride"]
    proposal = proposal_create(proposer=alice, game=card.game, card=card, fields={"sacrifice": 5}, source="my copy")
    return proposal_approve(proposal=proposal, moderator=moderator)


def _rows(approved) -> list[tuple[str, object]]:
    return [("cardproposal", approved), ("cardrevision", CardRevision.objects.get(proposal=approved))]


def test_staff_find_a_proposal_and_its_revision_in_the_admin(admin_client, approved):
    listing = admin_client.get("/admin/collections/cardproposal/", {"q": "alice"}).content.decode()
    assert "Pride Cycle" in listing and "approved" in listing and "dana" in listing
    assert "Pride Cycle" in admin_client.get("/admin/collections/cardrevision/").content.decode()
    for model, row in _rows(approved):
        response = admin_client.get(f"/admin/collections/{model}/{row.pk}/change/")
        assert response.status_code == 200, model
        assert list(response.context["adminform"].form.fields) == [], model


def test_nothing_is_added_changed_or_deleted_in_the_admin(admin_client, approved):
    for model, row in _rows(approved):
        assert admin_client.get(f"/admin/collections/{model}/add/").status_code == 403, model
        before = {f.name: getattr(row, f.attname) for f in type(row)._meta.fields}
        admin_client.post(f"/admin/collections/{model}/{row.pk}/change/", {"status": "rejected", "changes": "[]"})
        assert admin_client.post(f"/admin/collections/{model}/{row.pk}/delete/", {"post": "yes"}).status_code == 403
        row.refresh_from_db()
        assert {f.name: getattr(row, f.attname) for f in type(row)._meta.fields} == before, model
    assert CardProposal.objects.count() == 1 and CardRevision.objects.count() == 1


def test_a_moderator_who_is_not_staff_does_not_get_into_the_admin(client, moderator, approved):
    client.force_login(moderator)
    response = client.get("/admin/collections/cardproposal/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]

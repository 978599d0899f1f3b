"""Card proposals through their services: propose, check, review, apply, history."""

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import DatabaseError

from cardcollections.models import Card
from cardcollections.models import CardProposal
from cardcollections.models import CardRevision
from cardcollections.notifications.models import Notification
from cardcollections.proposals import services
from cardcollections.proposals.selectors import card_history
from cardcollections.proposals.selectors import proposal_changes
from cardcollections.proposals.services import ProposalClosed
from cardcollections.proposals.services import ProposalError
from cardcollections.proposals.services import ProposalNotAllowed
from cardcollections.proposals.services import proposal_approve
from cardcollections.proposals.services import proposal_ask_changes
from cardcollections.proposals.services import proposal_bulk_create
from cardcollections.proposals.services import proposal_create
from cardcollections.proposals.services import proposal_reject
from cardcollections.proposals.services import proposal_revise
from tests.cardcollections.conftest import png_upload

pytestmark = pytest.mark.django_db

NEW_CARD = {
    "set": "CV2",
    "number": "9",
    "title": "Line upon Line",
    "sacrifice": 2,
    "icons": {"wisdom": 2},
    "scripture": "line upon line, precept upon precept",
    "reference": "2 Nephi 28:30",
    "standard_work": "book-of-mormon",
}


def csv_file(text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile("cards.csv", text.encode(), content_type="text/csv")


def json_file(document: dict) -> SimpleUploadedFile:
    return SimpleUploadedFile("cards.json", json.dumps(document).encode(), content_type="application/json")


@pytest.fixture
def game(cv_cards):
    return cv_cards["means"].game


def test_it_applies_an_approved_new_card_as_a_community_card_with_its_scan_and_history(alice, moderator, game):
    proposal = proposal_create(
        proposer=alice, game=game, fields=NEW_CARD, source="https://example.org/line", scan=png_upload()
    )
    assert proposal.status == CardProposal.Status.PENDING
    assert not Card.objects.filter(title="Line upon Line").exists()  # nothing applied before review

    proposal_approve(proposal=proposal, moderator=moderator)

    card = Card.objects.get(title="Line upon Line")
    assert (card.card_set.code, card.number, card.sacrifice, card.icon_wisdom) == ("CV2", "9", 2, 2)
    assert card.provenance == "community"
    assert card.source == "https://example.org/line"
    assert card.scan and card.thumbnail
    (revision,) = card_history(card=card)
    assert revision.created_card
    assert (revision.proposed_by, revision.approved_by) == (alice, moderator)
    fields = {c["field"] for c in revision.changes}
    assert {"title", "sacrifice", "scan"} <= fields
    proposal.refresh_from_db()
    assert (proposal.status, proposal.card) == (CardProposal.Status.APPROVED, card)


def test_an_approved_edit_keeps_the_cards_id_and_provenance_and_records_what_changed(alice, moderator, cv_cards):
    card = cv_cards["pride"]
    proposal = proposal_create(
        proposer=alice,
        game=card.game,
        card=card,
        fields={"sacrifice": 5},
        source="printed card, 2009 reprint",
    )
    (shown,) = proposal_changes(proposal=proposal)
    assert shown["card"] == card
    assert shown["changes"] == [{"field": "sacrifice", "before": 4, "after": 5}]

    proposal_approve(proposal=proposal, moderator=moderator)

    after = Card.objects.get(pk=card.pk)
    assert after.sacrifice == 5
    assert after.provenance == card.provenance
    (revision,) = card_history(card=after)
    assert not revision.created_card
    assert revision.changes == [{"field": "sacrifice", "before": 4, "after": 5}]


def test_it_refuses_a_card_that_fails_the_catalog_checks_naming_each_field(alice, game):
    bad = {**NEW_CARD, "sacrifice": 99, "icons": {"faith": "lots"}, "provenance": "published"}
    with pytest.raises(ProposalError) as exc:
        proposal_create(proposer=alice, game=game, fields=bad, source="a note")
    paths = {p.path for p in exc.value.problems}
    assert {"sacrifice", "icons.faith"} <= paths
    assert CardProposal.objects.count() == 0


def test_it_refuses_a_site_field_and_a_taken_number(alice, game):
    with pytest.raises(ProposalError) as exc:
        proposal_create(proposer=alice, game=game, fields={**NEW_CARD, "source": "https://x.org"}, source="n")
    assert [p.path for p in exc.value.problems] == ["source"]
    with pytest.raises(ProposalError) as exc:
        proposal_create(proposer=alice, game=game, fields={**NEW_CARD, "set": "CV1", "number": "1"}, source="n")
    assert [p.path for p in exc.value.problems] == ["number"]


def test_it_refuses_a_damaged_scan_and_stores_nothing(alice, game):
    junk = SimpleUploadedFile("scan.png", b"\x89PNG\r\n\x1a\nnot really", content_type="image/png")
    with pytest.raises(ProposalError) as exc:
        proposal_create(proposer=alice, game=game, fields=NEW_CARD, source="n", scan=junk)
    assert exc.value.problems[0].path == "scan"
    assert CardProposal.objects.count() == 0


def _stored_files(settings) -> list[str]:
    return sorted(p.name for p in Path(settings.MEDIA_ROOT).rglob("*") if p.is_file())


def test_a_proposal_whose_save_fails_leaves_no_scan_file_behind(alice, game, settings, monkeypatch):
    def failing_save(self, *args, **kwargs):
        raise DatabaseError("the database went away")

    monkeypatch.setattr(CardProposal, "save", failing_save)
    with pytest.raises(DatabaseError):
        proposal_create(proposer=alice, game=game, fields=NEW_CARD, source="n", scan=png_upload())
    assert _stored_files(settings) == []


def test_an_approval_that_fails_after_storing_the_scan_leaves_no_card_files_behind(
    alice, moderator, game, settings, monkeypatch
):
    proposal = proposal_create(proposer=alice, game=game, fields=NEW_CARD, source="n", scan=png_upload())
    before = _stored_files(settings)
    real_save = Card.save

    def failing_save(self, *args, **kwargs):  # the card's row, once its scan and thumbnail files are written
        if kwargs.get("update_fields") == ["scan", "thumbnail"]:
            raise DatabaseError("canceling statement due to lock timeout")
        return real_save(self, *args, **kwargs)

    monkeypatch.setattr(Card, "save", failing_save)
    with pytest.raises(DatabaseError):
        proposal_approve(proposal=proposal, moderator=moderator)
    assert _stored_files(settings) == before  # the proposal's own scan only: no card scan, no thumbnail
    assert not Card.objects.filter(title="Line upon Line").exists()


def test_a_player_has_at_most_max_open_proposals_and_a_review_frees_a_place(alice, bob, moderator, game, monkeypatch):
    monkeypatch.setattr(services, "MAX_OPEN_PER_PLAYER", 2)
    first = proposal_create(proposer=alice, game=game, fields=NEW_CARD, source="n")
    proposal_create(proposer=alice, game=game, fields={**NEW_CARD, "number": "10"}, source="n")
    with pytest.raises(ProposalError) as exc:
        proposal_create(proposer=alice, game=game, fields={**NEW_CARD, "number": "11"}, source="n")
    assert "2 proposals waiting for review" in str(exc.value)
    assert CardProposal.objects.filter(proposer=alice).count() == 2
    proposal_create(proposer=bob, game=game, fields={**NEW_CARD, "number": "11"}, source="n")  # bob's own count

    proposal_reject(proposal=first, moderator=moderator, reason="no source")
    proposal_create(proposer=alice, game=game, fields={**NEW_CARD, "number": "12"}, source="n")
    assert CardProposal.objects.filter(proposer=alice).count() == 3


def test_only_moderators_review_and_a_closed_proposal_stays_closed(alice, bob, moderator, game):
    proposal = proposal_create(proposer=alice, game=game, fields=NEW_CARD, source="n")
    with pytest.raises(ProposalNotAllowed):
        proposal_approve(proposal=proposal, moderator=bob)
    with pytest.raises(ProposalNotAllowed):
        proposal_reject(proposal=proposal, moderator=alice, reason="mine")
    proposal_reject(proposal=proposal, moderator=moderator, reason="No such card was printed.")
    proposal.refresh_from_db()
    assert (proposal.status, proposal.review_note) == ("rejected", "No such card was printed.")
    with pytest.raises(ProposalClosed):
        proposal_approve(proposal=proposal, moderator=moderator)
    assert not Card.objects.filter(title="Line upon Line").exists()


def test_a_rejection_needs_a_reason(alice, moderator, game):
    proposal = proposal_create(proposer=alice, game=game, fields=NEW_CARD, source="n")
    with pytest.raises(ProposalError) as exc:
        proposal_reject(proposal=proposal, moderator=moderator, reason="  ")
    assert exc.value.problems[0].path == "reason"


def test_asked_changes_go_back_to_the_proposer_who_revises_it_for_review(alice, bob, moderator, game):
    proposal = proposal_create(proposer=alice, game=game, fields=NEW_CARD, source="n")
    proposal_ask_changes(proposal=proposal, moderator=moderator, note="The reference is 2 Nephi 28:30, check it.")
    proposal.refresh_from_db()
    assert proposal.status == CardProposal.Status.CHANGES
    with pytest.raises(ProposalNotAllowed):
        proposal_revise(proposal=proposal, user=bob, fields=NEW_CARD, source="n")
    revised = proposal_revise(proposal=proposal, user=alice, fields={**NEW_CARD, "sacrifice": 3}, source="n")
    assert revised.status == CardProposal.Status.PENDING
    assert revised.cards[0]["sacrifice"] == 3


def test_a_moderators_csv_is_checked_line_by_line_and_applied_only_when_approved(
    moderator, second_moderator, game, cv_cards
):
    csv_text = (
        "set,number,title,sacrifice,icons,scripture,reference,standard_work\n"
        'CV2,10,Precept,1,"{""faith"": 1}",precept upon precept,Isaiah 28:10,old-testament\n'
        'CV1,1,By Small Means,2,"{""wisdom"": 2, ""histories"": 1}",'
        "by small and simple things are great things brought to pass,Alma 37:6,book-of-mormon\n"
    )
    bad = csv_text.replace("Isaiah 28:10,old-testament", "Isaiah 28:10,apocrypha")
    with pytest.raises(ProposalError) as exc:
        proposal_bulk_create(moderator=moderator, game=game, upload=csv_file(bad), source="n")
    assert [p.path for p in exc.value.problems] == ["line 2: standard_work"]

    proposal = proposal_bulk_create(moderator=moderator, game=game, upload=csv_file(csv_text), source="box insert")
    assert not Card.objects.filter(title="Precept").exists()
    proposal_approve(proposal=proposal, moderator=second_moderator)
    assert Card.objects.get(title="Precept").provenance == "community"
    means = Card.objects.get(pk=cv_cards["means"].pk)
    assert means.sacrifice == 2
    assert means.effects == [{"kind": "prayer", "n": 3}]  # a cell left out keeps the card's value
    (revision,) = CardRevision.objects.filter(card=means)
    assert revision.changes == [{"field": "sacrifice", "before": 1, "after": 2}]


def test_the_proposer_is_told_of_each_review_in_the_site(alice, moderator, game):
    proposal = proposal_create(proposer=alice, game=game, fields=NEW_CARD, source="n")
    proposal_ask_changes(proposal=proposal, moderator=moderator, note="Which printing?")
    proposal_revise(proposal=proposal, user=alice, fields=NEW_CARD, source="first printing")
    proposal_approve(proposal=proposal, moderator=moderator)
    told = list(Notification.objects.filter(user=alice).order_by("pk").values_list("kind", "message", "url"))
    url = f"/proposals/{proposal.pk}/"
    assert told == [
        ("proposal-reviewed", f"Your card proposal #{proposal.pk} needs changes: Which printing?", url),
        ("proposal-reviewed", f"Your card proposal #{proposal.pk} was approved.", url),
    ]


def test_a_catalog_file_is_checked_with_json_paths_and_may_add_a_set(moderator, second_moderator, game):
    document = {
        "game": "chapter-and-verse",
        "sets": [{"code": "CV3", "name": "Third Set"}],
        "cards": [
            {**NEW_CARD, "set": "CV3", "number": "1"},
            {**NEW_CARD, "set": "CV3", "number": "2", "sacrifice": -1},
        ],
    }
    with pytest.raises(ProposalError) as exc:
        proposal_bulk_create(moderator=moderator, game=game, upload=json_file(document), source="n")
    assert [p.path for p in exc.value.problems] == ["cards[1].sacrifice"]
    document["cards"][1]["sacrifice"] = 1
    proposal = proposal_bulk_create(moderator=moderator, game=game, upload=json_file(document), source="n")
    proposal_approve(proposal=proposal, moderator=second_moderator)
    assert Card.objects.filter(card_set__code="CV3", provenance="community").count() == 2


def test_a_moderator_never_approves_their_own_proposal_and_another_moderator_may(moderator, second_moderator, game):
    proposal = proposal_create(proposer=moderator, game=game, fields=NEW_CARD, source="n")
    with pytest.raises(ProposalNotAllowed) as exc:
        proposal_approve(proposal=proposal, moderator=moderator)
    assert exc.value.kind == "not_allowed"
    assert str(exc.value) == "You proposed this: another moderator approves it."
    assert CardProposal.objects.get(pk=proposal.pk).status == CardProposal.Status.PENDING
    assert not Card.objects.filter(title=NEW_CARD["title"]).exists()
    assert proposal_approve(proposal=proposal, moderator=second_moderator).status == CardProposal.Status.APPROVED


def test_a_moderators_own_bulk_file_waits_for_another_moderator(moderator, second_moderator, game):
    upload = csv_file(
        "set,number,title,sacrifice,icons,scripture,reference,standard_work\n"
        'CV2,10,Precept,1,"{""faith"": 1}",precept upon precept,Isaiah 28:10,old-testament\n'
    )
    proposal = proposal_bulk_create(moderator=moderator, game=game, upload=upload, source="box insert")
    with pytest.raises(ProposalNotAllowed):
        proposal_approve(proposal=proposal, moderator=moderator)
    assert not Card.objects.filter(title="Precept").exists()


def test_a_moderator_may_still_withdraw_their_own_proposal_by_rejecting_it(moderator, game):
    proposal = proposal_create(proposer=moderator, game=game, fields=NEW_CARD, source="n")
    assert proposal_reject(proposal=proposal, moderator=moderator, reason="Proposed twice.").status == "rejected"


def test_only_moderators_upload_bulk_files(alice, game):
    with pytest.raises(ProposalNotAllowed):
        proposal_bulk_create(moderator=alice, game=game, upload=csv_file("set,number,title\n"), source="n")


def test_a_bulk_csv_with_a_cell_over_the_csv_field_limit_is_a_problem_on_its_line(moderator, game):
    header = "set,number,title,sacrifice,scripture,reference,standard_work\n"
    text = header + "CV2,10,Precept,1," + "p" * 200_000 + ",Isaiah 28:10,old-testament\n"
    with pytest.raises(ProposalError) as exc:
        proposal_bulk_create(moderator=moderator, game=game, upload=csv_file(text), source="box")
    assert [p.path for p in exc.value.problems] == ["line 2"]
    assert "not valid CSV" in exc.value.problems[0].message
    assert CardProposal.objects.count() == 0


def test_a_bulk_csv_cell_nested_too_deep_is_a_problem_not_a_crash(moderator, game):
    text = "set,number,title,icons\nCV2,9,Deep,wisdom: " + "[" * 5000 + "\n"
    with pytest.raises(ProposalError) as caught:
        proposal_bulk_create(moderator=moderator, game=game, upload=csv_file(text), source="n")
    assert "line 2: icons" in [p.path for p in caught.value.problems]

"""Proposal pages: propose a new card or an edit, my proposals, a proposal beside the catalog (with the
moderator's review), the review queue, a moderator's bulk file, and a card's history."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.http import require_http_methods
from django.views.decorators.http import require_POST

from cardcollections.lookups import card_or_404
from cardcollections.lookups import game_or_404
from cardcollections.lookups import proposal_or_404
from cardcollections.models import CardProposal
from cardcollections.proposals import documents
from cardcollections.proposals.documents import value_text
from cardcollections.proposals.forms import BulkForm
from cardcollections.proposals.forms import ProposalForm
from cardcollections.proposals.forms import ReviewForm
from cardcollections.proposals.permissions import OWN_PROPOSAL
from cardcollections.proposals.permissions import can_approve
from cardcollections.proposals.permissions import can_review
from cardcollections.proposals.selectors import REVIEW_QUEUE_MAX
from cardcollections.proposals.selectors import card_history
from cardcollections.proposals.selectors import proposal_changes
from cardcollections.proposals.selectors import proposal_games
from cardcollections.proposals.selectors import proposals_of
from cardcollections.proposals.selectors import review_queue
from cardcollections.proposals.services import ProposalError
from cardcollections.proposals.services import proposal_approve
from cardcollections.proposals.services import proposal_ask_changes
from cardcollections.proposals.services import proposal_bulk_create
from cardcollections.proposals.services import proposal_create
from cardcollections.proposals.services import proposal_reject
from cardcollections.proposals.services import proposal_revise
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import counted_posts


def _shown(changes: list[dict]) -> list[dict]:
    """Changes with their values as the form writes them (JSON for lists and objects)."""
    return [{**ch, "before": _text(ch["before"]), "after": _text(ch["after"])} for ch in changes]


def _text(value):
    return None if value is None else value_text(value)


@login_required
@require_GET
def proposal_list(request: HttpRequest) -> HttpResponse:
    proposals = list(proposals_of(user=request.user)[:REVIEW_QUEUE_MAX])
    context = {"proposals": proposals, "is_moderator": can_review(request.user), "games": proposal_games()}
    return render(request, "cardcollections/proposals/list.html", context)


def _propose(request: HttpRequest, *, game, card=None, proposal: CardProposal | None = None) -> HttpResponse:
    """The proposal form: GET shows it (prefilled for an edit or a revision), POST proposes or revises."""
    values = None
    if proposal is not None:
        values = dict(documents.proposed_document(proposal)["cards"][0])
    if request.method == "POST":
        form = ProposalForm(request.POST, request.FILES, game=game, card=card, values=values)
        if form.is_valid():
            try:
                common = {"fields": form.card_fields(), "source": form.cleaned_data["source"]}
                scan = form.cleaned_data.get("scan")
                if proposal is None:
                    proposal = proposal_create(proposer=request.user, game=game, card=card, scan=scan, **common)
                    messages.success(request, "Proposed: a moderator will review it.")
                else:
                    proposal = proposal_revise(proposal=proposal, user=request.user, scan=scan, **common)
                    messages.success(request, "Changed: it waits for review again.")
            except ProposalError as exc:
                form.add_problems(exc.problems)
            else:
                return redirect("proposal-detail", pk=proposal.pk)
        status = 400
    else:
        form = ProposalForm(game=game, card=card, values=values)
        if proposal is not None:
            form.initial["source"] = proposal.source
        status = 200
    context = {"form": form, "game": game, "card": card, "proposal": proposal}
    if card is None and proposal is None:
        # A new card's page offers the card picker first (issue #36): a card already in the catalog is edited,
        # not proposed twice. The picker goes to the picked card's "propose an edit" (CARD_ID stands for its id).
        context["edit_url"] = reverse("proposal-edit-card", args=[0]).replace("/0/", "/CARD_ID/")
    return render(request, "cardcollections/proposals/propose.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def proposal_new(request: HttpRequest, slug: str) -> HttpResponse:
    return _propose(request, game=game_or_404(slug))


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def proposal_edit_card(request: HttpRequest, pk: int) -> HttpResponse:
    card = card_or_404(pk)
    return _propose(request, game=card.game, card=card)


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def proposal_revise_page(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    proposal = proposal_or_404(user=request.user, pk=pk)
    if proposal.proposer_id != request.user.pk or not proposal.is_open or proposal.kind == CardProposal.Kind.BULK:
        raise PermissionDenied("Only the proposer changes an open proposal.")
    return _propose(request, game=proposal.game, card=proposal.card, proposal=proposal)


@login_required
@require_GET
def proposal_detail(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    proposal = proposal_or_404(user=request.user, pk=pk)
    return _detail(request, proposal, ReviewForm())


def _detail(request: HttpRequest, proposal: CardProposal, review_form: ReviewForm, status: int = 200) -> HttpResponse:
    approvable = can_approve(request.user, proposal)
    context = {
        "proposal": proposal,
        "cards": [{**c, "changes": _shown(c["changes"])} for c in proposal_changes(proposal=proposal)],
        "is_moderator": can_review(request.user),
        "is_proposer": proposal.proposer_id == request.user.pk,
        "can_approve": approvable,
        "own_proposal_note": OWN_PROPOSAL,
        "review_form": review_form if approvable else review_form.without_approve(),
    }
    return render(request, "cardcollections/proposals/detail.html", context, status=status)


_DONE = {
    "approve": "Approved: the catalog has the change.",
    "reject": "Rejected.",
    "changes": "Sent back to the proposer with the changes you ask for.",
}


@login_required
@require_POST
@counted_posts
def proposal_review(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    proposal = proposal_or_404(user=request.user, pk=pk)
    if not can_review(request.user):
        raise PermissionDenied("Only card moderators review proposals.")
    form = ReviewForm(request.POST)
    if not form.is_valid():
        return _detail(request, proposal, form, status=400)
    action, note = form.cleaned_data["action"], form.cleaned_data["note"]
    try:
        if action == "approve":
            proposal_approve(proposal=proposal, moderator=request.user)
        elif action == "reject":
            proposal_reject(proposal=proposal, moderator=request.user, reason=note)
        else:
            proposal_ask_changes(proposal=proposal, moderator=request.user, note=note)
    except ProposalError as exc:
        for p in exc.problems:
            form.add_error("note" if p.path in ("reason", "note") else None, p.message if p.path else str(p))
        return _detail(request, proposal, form, status=exc.status_code)
    messages.success(request, _DONE[action])
    return redirect("proposal-detail", pk=proposal.pk)


@login_required
@require_GET
def proposal_queue(request: HttpRequest) -> HttpResponse:
    if not can_review(request.user):
        raise PermissionDenied("Only card moderators review proposals.")
    proposals = list(review_queue(user=request.user)[:REVIEW_QUEUE_MAX])
    return render(request, "cardcollections/proposals/queue.html", {"proposals": proposals})


@login_required
@require_http_methods(["GET", "POST"])
@counted_posts
def proposal_bulk(request: HttpRequest) -> HttpResponse:
    if not can_review(request.user):
        raise PermissionDenied("Only card moderators upload bulk proposals.")
    status = 200
    problems = []
    if request.method == "POST":
        form = BulkForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                proposal = proposal_bulk_create(
                    moderator=request.user,
                    game=form.cleaned_data["game"],
                    upload=form.cleaned_data["file"],
                    source=form.cleaned_data["source"],
                )
            except ProposalError as exc:
                problems = exc.problems
            else:
                messages.success(request, "Checked: the cards wait for approval.")
                return redirect("proposal-detail", pk=proposal.pk)
        status = 400
    else:
        form = BulkForm()
    context = {"form": form, "problems": problems}
    return render(request, "cardcollections/proposals/bulk.html", context, status=status)


@require_GET
def card_history_page(request: HttpRequest, pk: int) -> HttpResponse:
    card = card_or_404(pk)
    revisions = [(r, _shown(r.changes)) for r in card_history(card=card)[:200]]
    context = {"card": card, "revisions": revisions}
    return render(request, "cardcollections/proposals/history.html", context)

"""Reading proposals: a player sees their own, a moderator every one; and a card's history."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.db.models import QuerySet

from cardcollections.catalog.models import Card
from cardcollections.catalog.models import Game
from cardcollections.proposals import documents
from cardcollections.proposals.models import CardProposal
from cardcollections.proposals.models import CardRevision
from cardcollections.proposals.permissions import can_review
from rules.catalog import CatalogError

REVIEW_QUEUE_MAX = 200


def _proposals() -> QuerySet[CardProposal]:
    return CardProposal.objects.select_related("proposer", "reviewer", "game", "card", "card__card_set")


def proposals_of(*, user) -> QuerySet[CardProposal]:
    """The user's own proposals, newest change first."""
    return _proposals().filter(proposer=user)


def proposal_games() -> list[tuple[str, str]]:
    """(slug, name) of the games a card can be proposed for."""
    return list(Game.objects.order_by("position").values_list("slug", "name"))


def proposal_for(*, user, pk: int) -> CardProposal | None:
    """The proposal if the user may see it (its proposer, or a moderator), else None."""
    if not user.is_authenticated:
        return None
    visible = Q() if can_review(user) else Q(proposer=user)
    return _proposals().filter(visible, pk=pk).first()


def review_queue(*, user, game: str = "") -> QuerySet[CardProposal]:
    """The proposals waiting for a moderator, oldest first (none for anyone else)."""
    if not can_review(user):
        return CardProposal.objects.none()
    qs = _proposals().filter(status=CardProposal.Status.PENDING).order_by("created", "id")
    return qs.filter(game__slug=game) if game else qs


def proposal_changes(*, proposal: CardProposal) -> list[dict[str, Any]]:
    """Each proposed card beside the catalog as it is now: {set, number, title, card, is_new, changes}."""
    document = documents.proposed_document(proposal)
    cards = document["cards"]
    keys = {(d.get("set"), d.get("number")) for d in cards}
    existing = {
        (c.card_set.code, c.number): c
        for c in Card.objects.filter(game=proposal.game, number__in={n for _, n in keys}).select_related(
            "card_set", "game"
        )
    }
    try:
        catalog = documents.check_document(document, known_set_codes={s for s, _ in keys})
        proposed = [{"title": c.title, **c.fields} for c in catalog.cards]
    except CatalogError:
        # A set has been renamed or removed since: show what was proposed as it is.
        proposed = [dict(d) for d in cards]
    out = []
    for doc, after in zip(cards, proposed, strict=True):
        for key in (*documents.PROTECTED, "set", "number"):
            after.pop(key, None)
        card = existing.get((doc.get("set"), doc.get("number")))
        before = documents.card_values(card)
        for key in documents.PROTECTED:
            before.pop(key, None)
        out.append(
            {
                "set": doc.get("set"),
                "number": doc.get("number"),
                "title": doc.get("title"),
                "card": card,
                "is_new": card is None,
                "changes": documents.diff(before, after),
            }
        )
    return out


def card_history(*, card: Card) -> QuerySet[CardRevision]:
    """The card's approved revisions, newest first."""
    return card.revisions.select_related("proposed_by", "approved_by")

"""Who reviews card proposals: a user with the review permission (the "Card moderators" group grants it);
who approves one: a moderator who did not propose it (no one approves their own, a bulk file included)."""

from cardcollections.proposals.models import REVIEW_PERMISSION


def can_review(user) -> bool:
    return bool(user and user.is_authenticated and user.has_perm(REVIEW_PERMISSION))


OWN_PROPOSAL = "You proposed this: another moderator approves it."


def can_approve(user, proposal) -> bool:
    return can_review(user) and proposal.proposer_id != user.pk

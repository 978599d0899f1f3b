"""Who reviews card proposals: a user with the review permission (the "Card moderators" group grants it)."""

from cardcollections.proposals.models import REVIEW_PERMISSION


def can_review(user) -> bool:
    return bool(user and user.is_authenticated and user.has_perm(REVIEW_PERMISSION))

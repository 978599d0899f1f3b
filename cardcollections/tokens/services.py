"""Writing API tokens: make one for a device (its key answered once), revoke one, revoke them all."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from knox.models import AuthToken
from knox.settings import knox_settings

from cardcollections.tokens.selectors import api_tokens_live
from cardsite.api.errors import CONFLICT
from cardsite.api.errors import ServiceError


class TokenLimitReached(ServiceError):
    """The user already holds as many live tokens as a user may."""

    kind = CONFLICT


@dataclass(frozen=True)
class NewToken:
    """A token just made: `key` exists only here, the database keeps its digest."""

    token: AuthToken
    key: str

    @property
    def expiry(self) -> datetime:
        return self.token.expiry


def api_token_create(*, user: User) -> NewToken:
    """A new token for one more device; the others keep working. Refused past TOKEN_LIMIT_PER_USER live tokens."""
    limit = knox_settings.TOKEN_LIMIT_PER_USER
    with transaction.atomic():
        # The user's row is the lock: two requests at once cannot both pass the count.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        AuthToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
        if limit is not None and api_tokens_live(user=user).count() >= limit:
            raise TokenLimitReached(
                f"You already have {limit} API tokens, the most one account may hold: revoke one you no longer use."
            )
        token, key = AuthToken.objects.create(user=user)
    return NewToken(token=token, key=key)


def api_token_revoke(*, token: AuthToken) -> None:
    """This token stops working at once."""
    AuthToken.objects.filter(pk=token.pk).delete()


def api_tokens_revoke_all(*, user: User) -> int:
    """Log out everywhere: every token of the user stops working. How many there were."""
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    return deleted

"""Reading a user's API tokens: never a usable key, only what names a token (a prefix of its digest)."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.db.models import Q
from django.db.models import QuerySet
from django.utils import timezone
from knox.models import AuthToken
from knox.settings import knox_settings

# A token's public id: the start of the SHA-512 digest of its key (the key itself is never stored).
TOKEN_ID_LENGTH = 16
_TOKEN_ID = re.compile(rf"[0-9a-f]{{{TOKEN_ID_LENGTH}}}")


def token_id(token: AuthToken) -> str:
    return token.digest[:TOKEN_ID_LENGTH]


def api_tokens_live(*, user: User) -> QuerySet[AuthToken]:
    """The user's tokens that still work, newest first (an expired one no longer counts, and knox deletes it)."""
    live = Q(expiry__isnull=True) | Q(expiry__gt=timezone.now())  # no expiry: only a token made outside the site
    return AuthToken.objects.filter(live, user=user).order_by("-created", "digest")


def api_token_for(*, user: User, token_id: str) -> AuthToken | None:
    """One of the user's live tokens by its id; another user's, or an id that is not one, is None."""
    if not _TOKEN_ID.fullmatch(token_id):
        return None
    return api_tokens_live(user=user).filter(digest__startswith=token_id).first()


def api_token_policy() -> dict:
    """How long a token lives (days, not extended by use) and how many live tokens one user may hold."""
    return {"ttl_days": knox_settings.TOKEN_TTL.days, "limit": knox_settings.TOKEN_LIMIT_PER_USER}

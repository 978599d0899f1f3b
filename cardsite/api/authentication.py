"""API tokens: knox's token authentication (a digest stored, an expiry), and its place in the schema.

Clients send `Authorization: Token <key>`, as they did with DRF's tokens.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.models import AuthToken
from knox.signals import token_expired
from rest_framework import exceptions
from rest_framework.request import Request


class SignedInRequest(Request):
    """The request of an API method only a signed-in user reaches (IsAuthenticated, or a write under
    IsAuthenticatedOrReadOnly): its user is no AnonymousUser. For the type checker only; DRF makes a Request as ever."""

    user: User


class TokenAuthentication(KnoxTokenAuthentication):
    """knox's, refusing a key that is not UTF-8 with a 401 (knox would decode it and fail with a 500)."""

    def authenticate_credentials(self, token: bytes):
        try:
            token.decode("utf-8")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        return super().authenticate_credentials(token)

    def _cleanup_token(self, auth_token: AuthToken) -> bool:
        """True (and the token deleted) when this token has expired.

        knox's own also reads every other token of the user on each request, to delete the expired
        ones: a query on every call of the API. An expired token is refused when it is used (here),
        and api_token_create deletes the user's expired ones before it counts their tokens.
        """
        if auth_token.expiry is None or auth_token.expiry >= timezone.now():
            return False
        username = auth_token.user.get_username()
        auth_token.delete()
        token_expired.send(sender=self.__class__, username=username, source="auth_token")
        return True


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "cardsite.api.authentication.TokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            **build_bearer_security_scheme_object(header_name="Authorization", token_prefix="Token"),
            "description": (
                "`Authorization: Token <key>`. Make a token on the account page or with POST /api/v1/account/token/ "
                "from a signed-in session; it lives API_TOKEN_TTL_DAYS (30 by default) and a password change revokes it."
            ),
        }

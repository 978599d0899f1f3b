"""Token API: make a token for a device (session only), list yours, revoke one, log out everywhere.

A token lives API_TOKEN_TTL_DAYS (30 by default) from its creation and is not extended by use;
a password change or reset revokes them all. Another user's token is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from knox.models import AuthToken
from rest_framework import permissions
from rest_framework import status
from rest_framework.authentication import SessionAuthentication
from rest_framework.response import Response
from rest_framework.views import APIView

from cardcollections.tokens.api.serializers import ApiTokenCreated
from cardcollections.tokens.api.serializers import ApiTokenOut
from cardcollections.tokens.api.serializers import ApiTokensRevoked
from cardcollections.tokens.selectors import api_token_for
from cardcollections.tokens.selectors import api_tokens_live
from cardcollections.tokens.selectors import token_id
from cardcollections.tokens.services import api_token_create
from cardcollections.tokens.services import api_token_revoke
from cardcollections.tokens.services import api_tokens_revoke_all
from cardsite.api.errors import found_or_404
from cardsite.api.errors import refused
from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_body
from cardsite.api.reading import reads_query


def _out(token: AuthToken) -> dict:
    return {"id": token_id(token), "created": token.created, "expiry": token.expiry}


class _Mine(APIView):
    permission_classes = [permissions.IsAuthenticated]
    # TokenLimitReached is a 409: its kind (ServiceError), answered by cardsite.api's handler.


class ApiTokenList(_Mine):
    @extend_schema(responses={200: ApiTokenOut(many=True)})
    @reads_query(NoFields)
    def get(self, request):
        """Your live API tokens, newest first: ids and dates, never a key."""
        return Response(ApiTokenOut([_out(t) for t in api_tokens_live(user=request.user)], many=True).data)

    @extend_schema(request=None, responses={201: ApiTokenCreated})
    @reads_body(NoFields)
    def post(self, request):
        """Make a token for one more device; the others keep working.

        The key is in this answer only (the site keeps a digest of it). It works until `expiry`
        (API_TOKEN_TTL_DAYS, 30 by default, from now; use does not extend it) or until revoked,
        and a password change revokes it. Only a signed-in session may make one (403 with a token:
        a token cannot renew itself past its expiry); past the per-user limit, 409.
        """
        if not isinstance(request.successful_authenticator, SessionAuthentication):
            raise refused(
                status.HTTP_403_FORBIDDEN,
                "Make API tokens from a signed-in session (the account page), not with a token.",
            )
        made = api_token_create(user=request.user)
        return Response(ApiTokenCreated({**_out(made.token), "token": made.key}).data, status=status.HTTP_201_CREATED)


class ApiTokenDetail(_Mine):
    @extend_schema(request=None, responses={204: None})
    def delete(self, request, token_id: str):
        """Revoke one of your tokens: it stops working at once."""
        api_token_revoke(token=found_or_404(api_token_for(user=request.user, token_id=token_id), "No such token."))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ApiTokenLogoutAll(_Mine):
    @extend_schema(request=None, responses={200: ApiTokensRevoked})
    @reads_body(NoFields)
    def post(self, request):
        """Log out everywhere: every one of your tokens stops working (this one too, if you sent a token)."""
        return Response({"revoked": api_tokens_revoke_all(user=request.user)})

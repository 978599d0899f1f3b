"""A guest's seat token in a signed cookie, one per table (docs/tables.md, "Guests")."""

from __future__ import annotations

from collections.abc import Mapping
from uuid import UUID

from django.core import signing
from django.http import HttpResponse

MAX_AGE = 60 * 60 * 24 * 30


def cookie_name(table_id: UUID) -> str:
    return f"table_guest_{table_id.hex}"


def _salt(table_id: UUID) -> str:
    return f"tables.guest.{table_id.hex}"


def guest_token_from(cookies: Mapping[str, str], table_id: UUID) -> str:
    """The token a guest's cookie carries for this table, or "" (none, or not signed by us for this table)."""
    raw = cookies.get(cookie_name(table_id), "")
    if not raw or len(raw) > 200:
        return ""
    try:
        token = signing.loads(raw, salt=_salt(table_id), max_age=MAX_AGE)
    except signing.BadSignature:
        return ""
    return token if isinstance(token, str) else ""


def set_guest_cookie(response: HttpResponse, table_id: UUID, token: str, *, secure: bool) -> None:
    response.set_cookie(
        cookie_name(table_id),
        signing.dumps(token, salt=_salt(table_id)),
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=secure,
        path="/",
    )

"""Guests and the codes people type (docs/learning.md "Classes", docs/decks.md "Guest players"): one way to make an
account for someone with a first name only, and one kind of code to read aloud and copy by hand.

A guest account has a username made from the name with "guest" in it (`ruth-guest-3fa2`), the name as its first
name, no email and no password: nobody signs in to it with a form. A class's guest is signed in on the browser that
joined (its session is their key); an event's guest is never signed in (the organiser reports for them).
"""

from __future__ import annotations

import secrets

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction
from django.utils.text import slugify

# Letters and digits that cannot be misread or misheard: none of 0, O, 1, I, L, U, V or 8 (28 of them).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ2345679"


def readable_code(length: int) -> str:
    """A random code of `length` characters from CODE_ALPHABET (28^length of them)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normal_code(text: str) -> str:
    """A typed code as stored: upper case, spaces and dashes dropped (codes are read aloud and copied by hand)."""
    return "".join(ch for ch in text.upper() if ch not in " -")[:20]


def shown_code(code: str) -> str:
    """A code in groups of four for people to read: ABCD-EFGH-JKMN."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def guest_account_create(*, name: str) -> User:
    """An account for a guest called `name` (already checked by the caller), with no email and no password."""
    base = slugify(name)[:20] or "player"
    for _ in range(8):  # 65,536 usernames a name: a clash is drawn again
        user = User(username=f"{base}-guest-{secrets.token_hex(2)}", first_name=name)
        user.set_unusable_password()
        try:
            with transaction.atomic():
                user.save()
        except IntegrityError:
            continue
        return user
    raise RuntimeError(f"No free guest username for {base!r} in 8 draws.")  # pragma: no cover

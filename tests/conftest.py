"""Shared test fixtures: personas and small catalogs loaded through the real loader."""

import copy

import pytest
from django.contrib.auth import get_user_model

from cardcollections.adapters import forget_card_pools
from cardcollections.services.catalog import catalog_load

CV_SMALL = {
    "game": "chapter-and-verse",
    "sets": [
        {"code": "CV1", "name": "Starter Set", "released": "2008-03-27"},
        {"code": "CV2", "name": "Second Set"},
    ],
    "cards": [
        {
            "set": "CV1",
            "number": "1",
            "title": "By Small Means",
            "sacrifice": 1,
            "icons": {"wisdom": 2, "histories": 1},
            "markers": ["Prophet"],
            "scripture": "by small and simple things are great things brought to pass",
            "reference": "Alma 37:6",
            "standard_work": "book-of-mormon",
            "effects": [{"kind": "prayer", "n": 3}],
        },
        {
            "set": "CV1",
            "number": "2",
            "title": "Faith Without Works",
            "sacrifice": 2,
            "icons": {"faith": 3},
            "markers": ["Faith Verse"],
            "scripture": "Even so faith, if it hath not works, is dead, being alone.",
            "reference": "James 2:17",
            "standard_work": "new-testament",
            "effects": [{"kind": "keyword", "words": ["faith", "works"]}],
        },
        {
            "set": "CV1",
            "number": "17",
            "title": "Pride Cycle",
            "text": "Unique.",
            "sacrifice": 4,
            "icons": {"trials": 2, "histories": 2},
            "markers": [],
            "scripture": "Yea, and we may see at the very time when he doth prosper his people",
            "reference": "Helaman 12:2",
            "standard_work": "book-of-mormon",
            "advanced": True,
            "effects": [{"kind": "unique"}],
        },
        {
            "set": "CV2",
            "number": "1",
            "title": "By Small  means",
            "sacrifice": 1,
            "icons": {"wisdom": 2},
            "markers": [],
            "scripture": "by small and simple things are great things brought to pass",
            "reference": "Alma 37:6",
            "standard_work": "book-of-mormon",
            "effects": [],
            "extra": {"artist": "A. Painter", "foil": True},
        },
    ],
}

BB_SMALL = {
    "game": "bible-battles",
    "sets": [{"code": "BB1", "name": "Genesis"}],
    "cards": [
        {
            "set": "BB1",
            "number": "1",
            "title": "Shepherd",
            "type": "follower",
            "effort": 0,
            "offense": 0,
            "defense": 1,
            "wisdom": 1,
            "abilities": "Inspire: +1 wisdom.",
        },
        {
            "set": "BB1",
            "number": "2",
            "title": "Goat",
            "type": "animal",
            "effort": 1,
            "offense": 0,
            "defense": 1,
            "food": 1,
        },
        {
            "set": "BB1",
            "number": "3",
            "title": "Moses",
            "type": "unique-person",
            "effort": 5,
            "offense": 2,
            "defense": 4,
            "wisdom": 3,
        },
        {
            "set": "BB1",
            "number": "4",
            "title": "Chariots",
            "type": "army",
            "effort": 4,
            "offense": 4,
            "defense": 3,
            "mounted": True,
        },
    ],
}


@pytest.fixture
def cv_document() -> dict:
    return copy.deepcopy(CV_SMALL)


@pytest.fixture
def bb_document() -> dict:
    return copy.deepcopy(BB_SMALL)


@pytest.fixture
def small_catalogs(db):
    catalog_load(document=copy.deepcopy(CV_SMALL))
    catalog_load(document=copy.deepcopy(BB_SMALL))


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password="alice-password-1")


@pytest.fixture
def bob(db):
    return get_user_model().objects.create_user("bob", password="bob-password-1")


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user("sam", password="sam-password-1", is_staff=True)


@pytest.fixture(autouse=True)
def _media_in_a_temporary_folder(settings, tmp_path_factory):
    """Scans and faces written by a test go to its own folder, not var/media."""
    settings.MEDIA_ROOT = tmp_path_factory.mktemp("media")


@pytest.fixture(autouse=True)
def _no_card_pool_from_another_test():
    """Card pools are cached per process; each test starts with none."""
    forget_card_pools()


# ---------------------------------------------------------------- collections and trades (issue #4)
@pytest.fixture
def charlie(db):
    """The stranger: owns nothing of alice's or bob's and may see nothing private."""
    return get_user_model().objects.create_user("charlie", password="charlie-password-1")


@pytest.fixture
def cv_cards(small_catalogs) -> dict:
    """The small Chapter and Verse catalog's cards by a short name."""
    from cardcollections.models import Card

    cards = {(c.card_set.code, c.number): c for c in Card.objects.select_related("card_set", "game")}
    return {
        "means": cards[("CV1", "1")],
        "faith": cards[("CV1", "2")],
        "pride": cards[("CV1", "17")],
        "means2": cards[("CV2", "1")],
    }


def _token_client(user):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    client = APIClient()
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def _session_client(user, *, csrf: bool = True):
    from django.middleware.csrf import _get_new_csrf_string
    from rest_framework.test import APIClient

    # CSRF checks on, as in production; a browser sends the cookie's token back in a header.
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(user)
    if csrf:
        secret = _get_new_csrf_string()
        client.cookies["csrftoken"] = secret
        client.credentials(HTTP_X_CSRFTOKEN=secret)
    return client


@pytest.fixture
def api_as():
    """api_as(user, "token"|"session") -> an APIClient signed in that way (session clients send the CSRF token)."""

    def make(user, auth: str = "token", *, csrf: bool = True):
        if auth == "token":
            return _token_client(user)
        return _session_client(user, csrf=csrf)

    return make

"""A public copy of an unlisted deck must not hand out the unlisted deck's link (its id) to everyone."""

import pytest
from django.test import Client

from cardcollections.models import Game
from decks.lists.services import deck_clone
from decks.lists.services import deck_create
from decks.lists.services import deck_update
from tests.decks.conftest import legal_cv_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(cv_catalog, alice, bob):
    cv = Game.objects.get(slug="chapter-and-verse")
    original = deck_create(owner=alice, game=cv, name="By link", decklist=legal_cv_text(), visibility="unlisted")
    copy = deck_update(deck=deck_clone(deck=original, owner=bob), visibility="public")
    return original, copy


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_a_stranger_reading_the_public_copy_is_not_given_the_unlisted_decks_id(decks, charlie):
    original, copy = decks
    for client in (_client(charlie), _client()):
        body = client.get(f"/api/v1/decks/{copy.pk}/").json()
        assert body["cloned_from"] is None
        page = client.get(f"/decks/{copy.pk}/").content.decode()
        assert str(original.pk) not in page


def test_the_copys_owner_and_the_originals_owner_see_where_it_came_from(decks, alice, bob):
    original, copy = decks
    for user in (alice, bob):
        client = _client(user)
        assert client.get(f"/api/v1/decks/{copy.pk}/").json()["cloned_from"] == str(original.pk)
        assert f"/decks/{original.pk}/" in client.get(f"/decks/{copy.pk}/").content.decode()


def test_a_copy_of_a_public_deck_links_to_it_for_everyone(decks, charlie):
    original, copy = decks
    deck_update(deck=original, visibility="public")
    assert _client(charlie).get(f"/api/v1/decks/{copy.pk}/").json()["cloned_from"] == str(original.pk)
    assert f"/decks/{original.pk}/" in _client().get(f"/decks/{copy.pk}/").content.decode()

"""The grid's plus and minus without JavaScript redirect to `next` only when it stays on this site."""

import pytest

from cardcollections.models import CollectionEntry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "target",
    ["https://evil.example/phish", "//evil.example/phish", "/\\evil.example", "javascript:alert(1)", "foo", "./foo"],
)
def test_it_never_redirects_off_the_site(client, alice, cv_cards, target):
    client.force_login(alice)
    url = f"/collection/chapter-and-verse/cards/{cv_cards['pride'].pk}/adjust/"
    response = client.post(url, {"delta": "1", "next": target})
    assert response.status_code == 302
    assert response["Location"] == "/collection/chapter-and-verse/"
    assert CollectionEntry.objects.get(owner=alice).quantity == 1


def test_it_redirects_to_a_page_of_this_site(client, alice, cv_cards):
    client.force_login(alice)
    url = f"/collection/chapter-and-verse/cards/{cv_cards['pride'].pk}/adjust/"
    response = client.post(url, {"delta": "1", "next": "/collection/chapter-and-verse/?page=2"})
    assert response["Location"] == "/collection/chapter-and-verse/?page=2"

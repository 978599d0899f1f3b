"""Every collection and trade page post that writes is counted by the caller's write limit, with the API's
writes: past it, a 429 that changes nothing."""

import pytest
from django.apps import apps
from django.test import Client

from cardcollections.collection.services import collection_change
from cardcollections.models import TradeLine
from cardcollections.trades.services import LineSpec
from cardcollections.trades.services import trade_propose

pytestmark = pytest.mark.django_db


def state() -> dict:
    """Every row of every table of the collections app."""
    models = apps.get_app_config("collections").get_models()
    return {m.__name__: sorted(map(str, m.objects.values_list())) for m in models}


@pytest.fixture
def world(alice, bob, cv_cards) -> dict:
    """alice owns Pride Cycle and offers one to bob for By Small Means."""
    collection_change(owner=alice, card=cv_cards["pride"], delta=2)
    collection_change(owner=bob, card=cv_cards["means"], delta=2)
    lines = [
        LineSpec(TradeLine.Side.PROPOSER, cv_cards["pride"].pk, 1),
        LineSpec(TradeLine.Side.RECIPIENT, cv_cards["means"].pk, 1),
    ]
    trade = trade_propose(proposer=alice, recipient=bob, lines=lines)
    return {"card": cv_cards["pride"].pk, "means": cv_cards["means"].pk, "trade": trade.pk}


# (who posts, where, what): each a write a player makes from a page.
POSTS = [
    ("alice", "/collection/chapter-and-verse/cards/{card}/adjust/", {"delta": "1"}),
    ("alice", "/collection/chapter-and-verse/cards/{card}/adjust/", {"delta": "1", "target": "trade"}),
    ("alice", "/collection/chapter-and-verse/import/", {"text": "1 Pride Cycle", "format": "decklist", "mode": "add"}),
    ("alice", "/collection/chapter-and-verse/wishlist/", {"title": "By Small Means", "wanted": "2"}),
    ("alice", "/collection/chapter-and-verse/cards/{card}/wish/", {"wanted": "2"}),
    ("alice", "/collection/settings/", {"action": "notification-email"}),
    ("alice", "/trades/new/", {"recipient": "bob", "give-{card}": "1", "get-{means}": "1"}),
    ("bob", "/trades/{trade}/decline/", {}),
    ("alice", "/trades/{trade}/withdraw/", {}),
    ("staff", "/cards/{card}/scan/", {}),
]


@pytest.mark.parametrize(("who", "path", "data"), POSTS, ids=[f"{w} {p}" for w, p, _ in POSTS])
def test_a_page_post_past_the_write_limit_is_a_429_and_changes_nothing(
    world, alice, bob, staff, one_write_a_minute, who, path, data
):
    client = Client()
    client.force_login({"alice": alice, "bob": bob, "staff": staff}[who])
    address = path.format(**world)
    form = {k.format(**world): v for k, v in data.items()}
    client.post(address, form)  # the one write the limit allows, whatever it answers
    before = state()
    response = client.post(address, form)
    assert response.status_code == 429, response.content[:300]
    assert state() == before


def test_every_collection_page_that_takes_a_post_is_in_a_table(world, alice):
    """The table above, the proposal pages' (proposals/test_pages.py), the notifications', the play pages'
    (tests/play/games/test_play_pages.py), the learning pages' (tests/learning/test_pages.py) and the tables' pages'
    (tests/tables/test_pages.py) cover them all."""
    import re

    from django.urls import resolve

    from tests.project.routes import route_paths
    from tests.project.routes import url_routes

    client = Client()
    client.force_login(alice)
    listed = {resolve(path.format(**world)).route for _, path, _ in POSTS}
    values = {
        "int": [str(world["card"])],
        "str": ["bob"],
        "slug": ["chapter-and-verse"],
        "uuid": ["00000000-0000-4000-8000-000000000000"],
    }
    elsewhere = re.compile(r"^(proposals/|cards/<int:pk>/propose/|notifications/|tables/)")
    unlisted = []
    for route in url_routes(re.compile(r"^(api/|admin/|decks/|events/|players/|accounts/|media/|play/|learn/)")):
        if route in listed or elsewhere.match(route):
            continue
        if any(client.post(path).status_code != 405 for path in route_paths(route, values)):
            unlisted.append(route)
    assert unlisted == [], "\n".join(unlisted)

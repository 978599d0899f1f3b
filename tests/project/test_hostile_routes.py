"""Every route of the URL conf, walked with hostile values, answers below 500 (anonymous and signed in).

The routes are read from the URL conf itself, so a new route is walked without anyone
listing it. Values: NUL bytes, broken UTF-8, lone surrogate escapes (in values and keys), Unicode digits, decimals,
numbers far past any column, deep nesting, empty and oversized bodies.
"""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.test import Client
from django.utils.http import url_has_allowed_host_and_scheme

from tests.project.routes import route_paths
from tests.project.routes import url_routes

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

HUGE = "9" * 30
OVERSIZED = 50 * 1024 * 1024
PATH_VALUES = {
    "int": ["1", HUGE],
    "uuid": [str(uuid.uuid4())],
    "slug": ["chapter-and-verse", "x" * 300],
    "str": ["alice", "%00", "%ED%A0%80", "%C2%B2", "csv"],
    "path": ["x"],
}
QUERIES = [
    "",
    f"?game=%00&page={HUGE}&q=%ED%A0%80",
    f"?card={HUGE}&game=chapter-and-verse&id=-1&count=1e400",
    "?to=alice&game=chapter-and-verse&counter=%C2%B2&card=%C2%B2&v=%C2%B2&page=1.5",
]
JSON_BODIES = [
    b"",
    b'{"name": "\\ud800", "game": "\\ud800", "decklist": "1 \\u0000", "condition": "\\ud800"}',
    b"[" * 100_000 + b"]" * 100_000,
    json.dumps({"card": 10**30, "count": 10**30, "quantity": -(10**30), "game": "chapter-and-verse"}).encode(),
    json.dumps({"card": 175.9, "count": 1e308, "visibility": "\ud800"}).encode(),
    # Hostile keys: the error names the key's path, which must still encode.
    b'{"\\ud800": 1, "cards": [{"\\udc00\\u0000": 2}], "a": {"\\ud800": {}}}',
]
FORM_BODIES = [
    {"name": "\x00", "title": "a\x00b", "next": "foo", "count": HUGE, "game": "chapter-and-verse"},
    {"remove": "abc", "wanted": "\u00b2", "give-1": "\u00b2", "get-1": "1.5", "delta": "\u00b2", "to": "alice"},
]
HOSTILE_NEXT = ["foo", "//evil.example", "https://evil.example/", "/\\evil", "\x00", "javascript:alert(1)"]
SKIP = re.compile(r"^(admin/|media/|api/v1/(schema|docs|redoc)/)")
ROUTES = url_routes(SKIP)


def test_it_walks_the_routes_of_both_apps():
    assert len(ROUTES) > 80
    assert {"api/v1/collection/adjust/", "trades/new/", "decks/validate/"} <= set(ROUTES)


def _walk(client: Client, route: str) -> list[str]:
    failures = []
    for path in route_paths(route, PATH_VALUES):
        for query in QUERIES:
            response = client.get(path + query)
            if response.status_code >= 500:
                failures.append(f"GET {path}{query} -> {response.status_code}")
        for body in JSON_BODIES:
            for method in ("post", "patch"):
                response = getattr(client, method)(path, body, content_type="application/json")
                if response.status_code >= 500:
                    failures.append(f"{method.upper()} {path} {body[:60]!r} -> {response.status_code}")
        # A body far over any route's limit, declared in the header (refused before it is read).
        response = client.generic("POST", path, b"x", content_type="application/json", CONTENT_LENGTH=str(OVERSIZED))
        if response.status_code >= 500:
            failures.append(f"POST {path} declaring {OVERSIZED} bytes -> {response.status_code}")
        for form in FORM_BODIES:
            response = client.post(path, form)
            if response.status_code >= 500:
                failures.append(f"POST form {path} -> {response.status_code}")
    return failures


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "alice"])
def test_no_route_answers_a_server_error_to_hostile_values(small_catalogs, alice, signed_in):
    client = Client(raise_request_exception=False)
    if signed_in:
        client.force_login(alice)
    failures = [failure for route in ROUTES for failure in _walk(client, route)]
    assert not failures, "\n".join(failures[:40])


@pytest.mark.parametrize("url", ["/api/v1/decks/validate/", "/api/v1/collection/adjust/", "/api/v1/goldfish/"])
def test_json_nested_just_under_the_decoders_limit_is_no_server_error(client, alice, url):
    # Deep enough to decode: the check for unstorable text after the decoder must not recurse past the limit.
    client.force_login(alice)
    body = b'{"a": ' * 960 + b'"\\u0000"' + b"}" * 960
    response = client.post(url, body, content_type="application/json")
    assert response.status_code < 500, response.content[:200]


# Posts that would end the walk early: signing out, and deleting the deck the other routes use.
NEXT_SKIP = re.compile(r"^(accounts/logout/|decks/<uuid:deck_id>/delete/)")


def _local_path(location: str) -> bool:
    return (
        location.startswith("/")
        and not location.startswith(("//", "/\\"))
        and url_has_allowed_host_and_scheme(location, allowed_hosts={"testserver"})
    )


@pytest.mark.parametrize("target", HOSTILE_NEXT)
def test_no_form_post_follows_a_hostile_next_off_the_site_or_fails_on_it(demo_site, target):
    """Every page route, with ids of things that exist (alice's built deck, a card she owns, her event and trade),
    posted a form whose `next` is hostile: a redirect to a path on this site or a 4xx, never a 500."""
    client = Client(raise_request_exception=False)
    client.force_login(demo_site.alice)
    values = {
        "int": sorted({str(demo_site.card.pk), str(demo_site.event.pk), str(demo_site.trade.pk)}),
        "uuid": [str(demo_site.deck.pk)],
        "slug": [demo_site.card.game.slug],
        "str": ["bob"],
    }
    form = {"next": target, "built": "off", "delta": "1", "action": "unfollow", "open": "1"}
    failures = []
    for route in url_routes(SKIP):
        if NEXT_SKIP.match(route):
            continue
        for path in route_paths(route, values):
            response = client.post(path, form)
            location = response.get("Location", "")
            if response.status_code >= 500 or (location and not _local_path(location)):
                failures.append(f"POST {path} next={target!r} -> {response.status_code} {location}")
    assert not failures, "\n".join(failures[:40])


@pytest.mark.django_db
def test_an_api_address_no_route_matches_answers_json_and_a_page_the_404_page(client):
    for path in ("/api/v1/tables/null,null/", "/api/v1/decks/not-a-uuid/export/", "/api/v1/nothing-here/"):
        response = client.get(path)
        assert response.status_code == 404 and response["Content-Type"] == "application/json"
        assert response.json() == {"detail": "Not found."}
    page = client.get("/decks/not-a-uuid/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")

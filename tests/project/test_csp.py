"""The Content-Security-Policy: every HTML page carries it, and no page needs what it refuses.

Every route of the URL conf is walked (anonymous and signed in, with the ids of a site in use), so a new page is
checked without anyone listing it. Each HTML answer must carry the policy (scripts and styles only from the site,
nothing inline, no eval), and its HTML must hold nothing the policy would block: no inline <script> or <style>,
no style or on… attributes, no javascript: links, and no htmx attribute that needs eval. The browser test
(tests/browser/test_csp_browser.py) loads the main pages in Chromium and listens for violations.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from cardcollections.collection.models import CollectionSettings
from cardsite.api_docs import REDOC_LOAD_STYLE_HASHES
from tests.project.routes import route_paths
from tests.project.routes import url_routes

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

HEADER = "Content-Security-Policy"
POLICY = {
    "default-src": {"'self'"},
    # the tables' sockets: the page's own origin, and TABLES_WS_URL's when set (docs/tables.md)
    "connect-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "img-src": {"'self'", "data:"},
    "object-src": {"'none'"},
    "base-uri": {"'self'"},
    "form-action": {"'self'"},
    "frame-ancestors": {"'none'"},
}
# ReDoc writes its styles at run time and searches in a blob: worker: its page adds a nonce (and the hashes of
# the two stylesheets its bundle writes as it loads) and blob: workers (cardsite/api_docs.py).
REDOC = "/api/v1/redoc/"
SKIP = re.compile(r"^media/")


def parse_policy(header: str) -> dict[str, set[str]]:
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: set(sources) for name, *sources in directives}


def policy_problems(path: str, header: str | None) -> list[str]:
    if header is None:
        return [f"{path}: no {HEADER} header"]
    policy = parse_policy(header)
    if path == REDOC:
        nonces = {s for s in policy.get("style-src", ()) if s.startswith("'nonce-")}
        styles = {"'self'", *nonces, *REDOC_LOAD_STYLE_HASHES}
        expected = {**POLICY, "style-src": styles, "worker-src": {"'self'", "blob:"}}
        if len(nonces) != 1:
            return [f"{path}: style-src {policy.get('style-src')} has no nonce"]
    else:
        expected = POLICY
    return [f"{path}: {policy} is not {expected}"] if policy != expected else []


class InlineFinder(HTMLParser):
    """What in a page the policy would block (or, for htmx, what needs eval)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        # A JSON data block (Django's json_script) is never run, so the policy does not apply to it.
        if tag == "script" and not values.get("src") and values.get("type") != "application/json":
            self.found.append("an inline <script>")
        if tag == "style":
            self.found.append("a <style> element")
        for name, value in attrs:
            value = value or ""
            if name == "style":
                self.found.append(f'<{tag} style="{value}">')
            elif name.startswith(("on", "hx-on", "data-hx-on")) or name in ("hx-vars", "data-hx-vars"):
                self.found.append(f"<{tag} {name}> (an inline script)")
            elif name in ("href", "src", "action", "formaction") and value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}>")
            elif name in ("hx-vals", "data-hx-vals") and value.strip().startswith("js:"):
                self.found.append(f"<{tag} {name}={value!r}> (htmx eval)")
            elif name in ("hx-trigger", "data-hx-trigger") and "[" in value:
                self.found.append(f"<{tag} {name}={value!r}> (an htmx event filter is eval)")


def inline_problems(path: str, html: str) -> list[str]:
    finder = InlineFinder()
    finder.feed(html)
    return [f"{path}: {what}" for what in finder.found]


@pytest.fixture
def path_values(demo_site) -> dict[str, list[str]]:
    site = demo_site
    # alice's collection is public, so its public and shared pages have something to show.
    sharing, _ = CollectionSettings.objects.update_or_create(owner=site.alice, defaults={"visibility": "public"})
    return {
        "int": [str(site.card.pk), str(site.event.pk), str(site.trade.pk)],
        "uuid": [str(site.deck.pk)],
        "slug": ["chapter-and-verse"],
        "str": ["alice", sharing.share_token],
        "path": ["x"],
    }


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "alice"])
def test_every_html_page_carries_the_policy_and_needs_nothing_inline(demo_site, path_values, signed_in):
    client = Client(raise_request_exception=False)
    if signed_in:
        client.force_login(demo_site.alice)
    problems, pages = [], 0
    for route in url_routes(SKIP):
        for path in route_paths(route, path_values):
            response = client.get(path)
            if not response.get("Content-Type", "").startswith("text/html"):
                continue
            problems += policy_problems(path, response.get(HEADER))
            if response.status_code == 200:
                pages += 1
                problems += inline_problems(path, response.content.decode())
    assert not problems, "\n".join(problems[:40])
    # Enough real pages were read, not only redirects and refusals.
    assert pages > (40 if signed_in else 20), pages


def test_the_finder_sees_what_the_policy_refuses():
    html = (
        '<script>alert(1)</script><style>p{}</style><p style="color:red" onclick="x()"><a href="javascript:x()">'
        '<div hx-on:click="x()" hx-vals=\'js:{a: 1}\' hx-trigger="keyup[ctrlKey]"></div><script src="/s.js"></script>'
    )
    assert len(inline_problems("/", html)) == 8


def test_error_pages_carry_the_policy_too(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404 and not policy_problems("/no/such/page/", response.get(HEADER))

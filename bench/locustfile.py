"""The load benchmark's users: one class per endpoint, each sending its one request with no pause.

bench/load.py runs them one at a time (`locust -f bench/locustfile.py --headless ... <Class>`), after it
has seeded the database and written what the requests need (card ids, a token, offers, a session) to the
JSON file named by LOAD_SEED. A 429 is reported as the failure "429 throttled", any other unexpected status
as a failure with its status and the start of its body, so load.py can count the two apart.
"""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path
from urllib.parse import urlencode

from locust import FastHttpUser
from locust import constant
from locust import task
from locust.exception import StopUser

SEED = json.loads(Path(os.environ["LOAD_SEED"]).read_text()) if os.environ.get("LOAD_SEED") else {}
TOKEN = {"Authorization": f"Token {SEED.get('token', '')}"}


class Endpoint(FastHttpUser):
    abstract = True
    wait_time = constant(0)
    expect = 200

    def call(self, method: str, path: str, name: str, **kwargs) -> None:
        with self.client.request(method, path, name=name, catch_response=True, **kwargs) as response:
            if response.status_code == 429:
                response.failure("429 throttled")
            elif response.status_code != self.expect:
                response.failure(f"{response.status_code} {(response.text or '')[:200]!r}")
            else:
                response.success()


class Health(Endpoint):
    """The trivial DRF view: the baseline of the validation ratio."""

    @task
    def health(self) -> None:
        self.call("GET", "/api/v1/health/", "health")


class CatalogList(Endpoint):
    @task
    def catalog_list(self) -> None:
        self.call("GET", "/api/v1/cards/?game=chapter-and-verse", "catalog list")


SEARCH_WORDS = ["faith", "prayer", "light", "king", "repent", "temple"]


class Search(Endpoint):
    words = itertools.cycle(SEARCH_WORDS)

    @task
    def search(self) -> None:
        self.call("GET", f"/api/v1/cards/?q={next(self.words)}", "search")


class CatalogPage(Endpoint):
    """The catalog page a visitor opens first: the whole HTML page, first 60 cards and the filters."""

    @task
    def catalog_page(self) -> None:
        self.call("GET", "/catalog/chapter-and-verse/", "catalog page")


class CatalogSearchPage(Endpoint):
    """The catalog page's search, as htmx asks for it (the results only) after each key."""

    words = itertools.cycle(SEARCH_WORDS)

    @task
    def catalog_search_page(self) -> None:
        path = f"/catalog/chapter-and-verse/?{urlencode({'q': next(self.words)})}"
        self.call("GET", path, "catalog search page", headers={"HX-Request": "true"})


class CardPage(Endpoint):
    cards = itertools.cycle(SEED.get("cards", [0]))

    @task
    def card_page(self) -> None:
        self.call("GET", f"/cards/{next(self.cards)}/", "card page")


class Validation(Endpoint):
    @task
    def validate(self) -> None:
        body = {"game": "chapter-and-verse", "decklist": SEED.get("decklist", "")}
        self.call("POST", "/api/v1/decks/validate/", "validation", json=body)


class TradeAccept(Endpoint):
    """Each request accepts the next of the offers load.py made to this token's account."""

    trades = iter(SEED.get("trades", []))

    @task
    def accept(self) -> None:
        trade = next(self.trades, None)
        if trade is None:
            raise StopUser()
        self.call("POST", f"/api/v1/trades/{trade}/accept/", "trade accept", headers=TOKEN)


class GoldfishSubmit(Endpoint):
    """A play-out job small enough for a worker (10,000 games of 5 turns) and large enough to be queued."""

    expect = 202

    @task
    def submit(self) -> None:
        body = {"game": "chapter-and-verse", "decklist": SEED.get("decklist", ""), "mode": "play"}
        body |= {"turns": 5, "trials": 10_000, "seed": 1}
        self.call("POST", "/api/v1/goldfish/", "goldfish submit", json=body, headers=TOKEN)


class BuilderClick(Endpoint):
    """What a click in the builder posts (htmx, session and CSRF token): the working list, for the deck panel."""

    @task
    def click(self) -> None:
        session = SEED.get("session", {})
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"sessionid={session.get('id')}; csrftoken={session.get('csrf')}",
            "X-CSRFToken": session.get("csrf", ""),
            "HX-Request": "true",
        }
        self.call(
            "POST", "/decks/builder/panel/", "builder click", data=urlencode(session.get("panel", {})), headers=headers
        )

"""The shared test helpers report what the tests built on them check: a helper that never reports a change,
a wrong status or a hung thread would let every test that uses it pass whatever the site does."""

import threading
from types import SimpleNamespace

import pytest

from tests.decklists import copies_per_title
from tests.ownership import fill
from tests.ownership import unexpected_statuses
from tests.ownership import walk
from tests.threads import run_threads


class FakeClient:
    """Answers each request with the status its path names (/201/...), and counts the writes in `rows`."""

    def __init__(self) -> None:
        self.rows = 0
        self.sent: list[tuple] = []

    def _answer(self, method: str, path: str, *body, **options):
        self.sent.append((method, path, *body, *options.values()))
        if method != "get":
            self.rows += 1
        return SimpleNamespace(status_code=int(path.split("/")[1]), content=path.encode())

    def get(self, path, *body, **options):
        return self._answer("get", path, *body, **options)

    def post(self, path, *body, **options):
        return self._answer("post", path, *body, **options)


def test_fill_puts_the_ids_in_and_keeps_a_lone_placeholders_type():
    ids = {"card": 7, "deck": "12"}
    assert fill("/200/decks/{deck}/cards/{card}/", ids) == "/200/decks/12/cards/7/"
    assert fill({"give": [{"card": "{card}", "n": 1}], "note": "card {card}"}, ids) == {
        "give": [{"card": 7, "n": 1}],
        "note": "card 7",
    }
    with pytest.raises(KeyError):
        fill("/200/{missing}/", ids)


def test_walk_says_which_call_changed_the_state():
    client = FakeClient()
    routes = [("get", "/200/{deck}/", None), ("post", "/201/{deck}/", {"card": "{card}"}), ("get", "/200/", None)]
    walked = [
        (method, changed)
        for method, _, _, changed in walk(client, routes, {"deck": 1, "card": 2}, state=lambda: client.rows)
    ]
    assert walked == [("get", False), ("post", True), ("get", False)]
    assert client.sent[1] == ("post", "/201/1/", {"card": 2}, "json")
    # Without a state, nothing is said to change.
    assert not any(changed for *_, changed in walk(FakeClient(), routes, {"deck": 1, "card": 2}))


def test_unexpected_statuses_lists_every_route_answered_otherwise():
    routes = [("get", "/200/", None), ("get", "/404/{deck}/", None), ("post", "/500/", {})]
    found = unexpected_statuses(FakeClient(), routes, {"deck": 3}, (200,), label="token")
    assert found == [("token GET /404/{deck}/", 404, b"/404/3/"), ("token POST /500/", 500, b"/500/")]
    assert unexpected_statuses(FakeClient(), routes, {"deck": 3}, (200, 404, 500)) == []


def test_run_threads_runs_every_target_and_fails_on_a_hung_one():
    done: list[int] = []
    run_threads([lambda n=n: done.append(n) for n in range(5)], timeout=10)
    assert sorted(done) == [0, 1, 2, 3, 4]
    release = threading.Event()
    try:
        with pytest.raises(AssertionError, match="hung"):
            run_threads([lambda: release.wait(10)], timeout=0.05)
    finally:
        release.set()


def test_copies_per_title_spreads_the_cards_and_leaves_the_rest_to_the_last():
    assert copies_per_title(7, 3) == [3, 3, 1]
    assert copies_per_title(6, 3) == [3, 3]
    assert copies_per_title(0, 2) == []

"""The table-driven ownership tests' tools: a route table's (method, path, body) rows, sent and named."""

import re
from collections.abc import Callable
from collections.abc import Iterator


def fill(value, ids: dict):
    """A route's path or body with `ids` in its "{placeholders}"; a string that is one placeholder alone becomes
    that id itself, so that a number stays a number in a JSON body."""
    if isinstance(value, str):
        alone = re.fullmatch(r"\{(\w+)\}", value)
        return ids[alone[1]] if alone else value.format(**ids)
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, ids) for v in value]
    return value


def call(client, method: str, path: str, body):
    """Send one route: `body`, when there is one, as JSON."""
    if body is None:
        return getattr(client, method)(path)
    return getattr(client, method)(path, body, format="json")


def cell(method: str, path: str, auth: str = "") -> str:
    """A route's name in a test's list of failures."""
    return f"{auth} {method.upper()} {path}".strip()


def walk(client, routes, ids: dict, *, state: Callable[[], object] | None = None) -> Iterator[tuple]:
    """Send each (method, path, body) of `routes` with `ids` filled in; yields (method, path, response, changed),
    `changed` saying whether `state()` differs after the call from before it (never, without `state`)."""
    before = state() if state else None
    for method, path, body in routes:
        response = call(client, method, fill(path, ids), fill(body, ids))
        after = state() if state else None
        yield method, path, response, after != before
        before = after


def unexpected_statuses(client, routes, ids: dict, allowed, *, label: str = "") -> list[tuple]:
    """Each route whose answer's status is not one of `allowed`: (its cell, the status, the answer's start)."""
    return [
        (cell(method, path, label), response.status_code, response.content[:200])
        for method, path, response, _ in walk(client, routes, ids)
        if response.status_code not in allowed
    ]

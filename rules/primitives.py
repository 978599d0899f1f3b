"""JSON in and out: the primitives every `to_dict` returns, and the error naming a bad field of a request."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def primitive(value: Any) -> Any:
    """`value` as JSON primitives: a result by its own `to_dict()`, tuples and lists as lists, all the way down."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [primitive(v) for v in value]
    return value


def fields_dict(obj: Any, names: Iterable[str]) -> dict[str, Any]:
    """{name: primitive(obj.name)} for each of `names`, in that order."""
    return {name: primitive(getattr(obj, name)) for name in names}


class JsonPathError(ValueError):
    """A request that is not the shape its spec describes: `path` names the bad field (`cards[3].count`)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message

"""Catalog card fields (docs/contracts/catalog-format.md): what a field is, and the checkers that read its JSON value.

A game's own fields are in its package (rules/games/<game>/catalog.py); a
checker raises `Invalid` with a message and the path below the field
(`.faith`, `[2].words`), and returns the value normalised.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from collections.abc import Collection
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from rules.text import UNSTORABLE


class Invalid(Exception):
    """A value's problems: `message` at `subpath` (the first), and in `problems` every one found."""

    def __init__(self, message: str, subpath: str = "", *, problems: Iterable[tuple[str, str]] = ()):
        super().__init__(message)
        self.message = message
        self.subpath = subpath
        self.problems: tuple[tuple[str, str], ...] = tuple(problems) or ((message, subpath),)

    @classmethod
    def every(cls, problems: list[tuple[str, str]]) -> Invalid:
        """One Invalid naming every (message, subpath) in `problems` (not empty)."""
        message, subpath = problems[0]
        return cls(message, subpath, problems=problems)

    def under(self, prefix: str) -> Invalid:
        """The same problems, each path below `prefix` (`[2]`, `.words`)."""
        return Invalid.every([(message, prefix + subpath) for message, subpath in self.problems])


class Problems:
    """Every problem of a value, not only its first: a checker goes on past a bad item, then raises them all.

    found = Problems()
    for i, item in enumerate(value):
        with found.at(f"[{i}]"):
            ...  # raise Invalid: recorded, and the loop goes on
    found.raise_any()
    """

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    @contextmanager
    def at(self, prefix: str = "") -> Iterator[None]:
        try:
            yield
        except Invalid as exc:
            self.found.extend(exc.under(prefix).problems)

    def add(self, message: str, subpath: str = "") -> None:
        self.found.append((message, subpath))

    def raise_any(self) -> None:
        if self.found:
            raise Invalid.every(self.found)


# ---------------------------------------------------------------- checkers
Checker = Callable[[Any], Any]


def string(
    *, min_len: int = 0, max_len: int | None = None, choices: Collection[str] | None = None
) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str):
            raise Invalid("must be a string")
        value = value.strip()
        if choices is not None and value not in choices:
            raise Invalid("must be one of " + ", ".join(choices))
        if len(value) < min_len:
            raise Invalid("must not be empty" if min_len == 1 else f"must have at least {min_len} characters")
        if max_len is not None and len(value) > max_len:
            raise Invalid(f"must have at most {max_len} characters")
        _check_storable(value)
        return value

    # What a form offers to pick from (the proposal form's select), beside what the check refuses.
    check.choices = tuple(choices) if choices is not None else None  # type: ignore[attr-defined]
    return check


# The largest size a card's number may have: the smallest number column one lands in (a small integer).
# Without it 2**63 passed the checks and broke the write (a 500, a traceback from loadcatalog).
MAX_CARD_NUMBER = 32_767


def integer(lo: int | None = 0, hi: int | None = None) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(_range_text(lo, hi))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise Invalid(_range_text(lo, hi))
        if abs(value) > MAX_CARD_NUMBER:
            raise Invalid(f"must be at most {MAX_CARD_NUMBER:,} in size")
        return value

    return check


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"must be an integer from {lo} to {hi}"
    if lo is not None:
        return f"must be an integer >= {lo}"
    return "must be an integer"


def boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise Invalid("must be true or false")
    return value


def string_list(value: object) -> list[str]:
    if not isinstance(value, list):
        raise Invalid("must be a list of strings")
    out = []
    found = Problems()
    for i, item in enumerate(value):
        with found.at(f"[{i}]"):
            if not isinstance(item, str) or not item.strip():
                raise Invalid("must be a non-empty string")
            _check_storable(item)
            out.append(item.strip())
    found.raise_any()
    return out


def _check_storable(text: str) -> None:
    found = UNSTORABLE.search(text)
    if found is not None:
        raise Invalid(
            "must not contain NUL characters" if found.group() == "\x00" else "must not contain lone surrogates"
        )


def url(value: object) -> str:
    """An absolute http(s) URL (empty: none)."""
    text = string(max_len=500)(value)
    if text:
        try:
            parts = urlsplit(text)
        except ValueError:  # "https://[blog": an unclosed IPv6 bracket
            raise Invalid("must be an http or https URL") from None
        if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in text):
            raise Invalid("must be an http or https URL")
    return text


def json_object(value: object) -> dict[str, object]:
    """A free JSON object (`extra`), kept as is, but with nothing a column or a response cannot hold: a NUL
    or a lone surrogate in a key or a value, or a NaN or an infinity, at any depth, is refused with its path."""
    if not isinstance(value, dict):
        raise Invalid("must be an object")
    # A loop, not recursion: the object may be nested as deep as the JSON decoder allows.
    found = Problems()
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            with found.at(path):
                _check_storable(item)
        elif isinstance(item, float) and not math.isfinite(item):
            # Python's JSON reader takes NaN and Infinity; no JSON writer, PostgreSQL's jsonb included, does.
            found.add("must be a finite number (JSON has no NaN or Infinity)", path)
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{i}]") for i, child in reversed(list(enumerate(item))))
        elif isinstance(item, dict):
            children = []
            for key, child in item.items():
                key_path = f"{path}.{_path_key(key)}"
                with found.at(key_path):
                    _check_storable(key)
                children.append((child, key_path))
            stack.extend(reversed(children))
    found.raise_any()
    return value


def _path_key(key: str) -> str:
    # A path is printed and shown: a character no text can hold is written as its JSON escape (\\u0000).
    return UNSTORABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", key)


def objects(value: object, shape: str, item_shape: str, check: Callable[[dict[str, Any]], Any]) -> list[Any]:
    """A list of objects, each checked by `check`; a problem's path starts at its `[index]`."""
    if not isinstance(value, list):
        raise Invalid(shape)
    out = []
    found = Problems()
    for i, item in enumerate(value):
        with found.at(f"[{i}]"):
            if not isinstance(item, dict):
                raise Invalid(item_shape)
            out.append(check(item))
    found.raise_any()
    return out


def object_key(item: Mapping[str, object], key: str, check: Checker) -> Any:
    """`check` of the object's `key` (None when absent); a problem's path is `.key`."""
    try:
        return check(item.get(key))
    except Invalid as exc:
        raise exc.under(f".{key}") from None


# ---------------------------------------------------------------- fields
REQUIRED = object()


@dataclass(frozen=True)
class Field:
    """One field of a card: its checker, its default (REQUIRED: none) and where it applies.

    Mutable defaults are given as `fresh` (made anew per card, the default
    itself None). `always`: written back even at its default; `write`: how it
    is written back (always).
    """

    name: str
    check: Checker
    default: Any = REQUIRED
    # For games with card kinds: the kinds this field belongs to (None: all).
    kinds: tuple[str, ...] | None = None
    fresh: Callable[[], Any] | None = None
    always: bool = False
    write: Callable[[Any], Any] | None = None

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def default_value(self) -> Any:
        return self.fresh() if self.fresh is not None else self.default


def empty_list() -> list[object]:
    return []


# Where a card's facts come from (docs/contracts/catalog-format.md): a public source, this site's samples, or a player.
PROVENANCES = ("published", "sample", "community")
DEFAULT_PROVENANCE = "sample"


def _ruling(item: Mapping[str, object]) -> dict[str, str]:
    found = Problems()
    for key in item:
        if key not in ("text", "source"):
            found.add("unknown key for a ruling (a ruling has text and source)", f".{key}")
    ruling = {}
    with found.at():
        ruling["text"] = object_key(item, "text", string(min_len=1, max_len=2000))
    if item.get("source") is not None:
        with found.at():
            ruling["source"] = object_key(item, "source", url)
    found.raise_any()
    return ruling


def rulings(value: object) -> list[dict[str, str]]:
    """Errata and rulings: [{text, source}], `source` the URL they come from (optional)."""
    return objects(value, "must be a list of rulings", "must be an object with text and source", _ruling)


COMMON_FIELDS: tuple[Field, ...] = (
    Field("text", string(), ""),
    Field("copies", integer(1), 1),
    Field("image", string(), ""),
    Field("extra", json_object, None, fresh=dict),
    # Written back always: a dumped card says where it comes from.
    Field("provenance", string(choices=PROVENANCES), DEFAULT_PROVENANCE, always=True),
    Field("source", url, ""),
    Field("rulings", rulings, None, fresh=empty_list),
)

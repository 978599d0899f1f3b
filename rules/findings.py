"""Findings: one reason a deck is not legal (or a warning to show), with a stable code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Finding:
    """One reason a deck is not legal (or a warning): a stable code and a readable message.

    `details` holds the code's extra fields (count, limit, suggestions, ...) in
    the order `to_dict` writes them.
    """

    code: str
    message: str
    title: str | None = None
    line: int | None = None
    details: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.details).get(key, default)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code}
        if self.title is not None:
            out["title"] = self.title
        if self.line is not None:
            out["line"] = self.line
        for key, value in self.details:
            out[key] = list(value) if isinstance(value, tuple) else value
        out["message"] = self.message
        return out


def finding(code: str, message: str, *, title: str | None = None, line: int | None = None, **details: Any) -> Finding:
    """A Finding whose extra fields are given as keywords (None values are left out)."""
    items = tuple(
        (key, tuple(value) if isinstance(value, list) else value) for key, value in details.items() if value is not None
    )
    return Finding(code=code, message=message, title=title, line=line, details=items)

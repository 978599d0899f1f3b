"""A game's view drawn as a board (docs/contracts/play.md): each zone as face-up cards or a count of face-down
ones, and every card title a view shows. Shared by the play pages and the tables' pages."""

from __future__ import annotations

from typing import Any


def view_titles(value: Any) -> set[str]:
    """Every card title inside a view's value (cards are {"id", "title"}; piles are lists)."""
    if isinstance(value, dict):
        found = {value["title"]} if isinstance(value.get("title"), str) else set()
        for item in value.values():
            found |= view_titles(item)
        return found
    if isinstance(value, list):
        return set().union(*(view_titles(item) for item in value)) if value else set()
    return set()


def _card(item: Any) -> dict[str, Any]:
    """A card in a pile as drawn: face up (its title), or its back for one the viewer may not see (the games
    mark it `{"facedown": true}` or `{"hidden": true}`, a clue's card with its `description`)."""
    if isinstance(item, dict) and isinstance(item.get("title"), str):
        return item
    description = item.get("description") if isinstance(item, dict) else None
    return {"facedown": True, "description": description if isinstance(description, str) else ""}


def board_zones(zones: Any) -> list[dict[str, Any]]:
    """A view's zones as rows to draw (templates/play/_zone.html): face-up cards, or a count of face-down ones."""
    rows = []
    for name, value in (zones or {}).items():
        row: dict[str, Any] = {"name": name.replace("_", " ").replace("-", " ")}
        if isinstance(value, list):
            items = [card for item in value for card in (item if isinstance(item, list) else [item])]
            row["cards"] = [_card(item) for item in items]
        elif isinstance(value, dict) and "count" in value:
            row["hidden"] = value["count"]
        elif isinstance(value, int):
            row["hidden"] = value
        else:
            row["text"] = str(value)
        rows.append(row)
    return rows

"""Bible Battles' replay records: one game's events and state, as plain JSON (rules/goldfish/replay.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.games.bible_battles.state import BBState
from rules.games.bible_battles.state import BBTables


def event_record(event: tuple[Any, ...], titles: Sequence[str], tables: BBTables) -> dict[str, Any]:
    """One logged event as `{"event", "cards", "text"}`."""
    name = event[0]
    out: dict[str, Any] = {"event": name, "cards": []}
    if name == "draw":
        out["cards"] = [event[1]]
        out["text"] = f"Drew {titles[event[1]]}."
    elif name == "follower":
        out["cards"] = [event[1]]
        out["text"] = f"Played the follower {titles[event[1]]} ({tables.wisdom[event[1]]} wisdom)."
    elif name == "build":
        k, effort = event[1], event[2]
        out["cards"] = [k]
        food = f", {tables.food[k]} food" if tables.food[k] else ""
        out["text"] = f"Brought in {titles[k]} for {effort} effort ({tables.wisdom[k]} wisdom{food})."
    elif name == "inspire":
        gained, total, spent = event[1], event[2], event[3]
        out["wisdom"] = total
        gave = f"; followers gave {spent} effort" if spent else ""
        out["text"] = f"Inspired for {gained} wisdom: {total} in all{gave}."
    elif name == "discard":
        out["cards"] = list(event[1])
        out["text"] = "Over 7 cards: discarded " + ", ".join(titles[k] for k in event[1]) + "."
    elif name == "each-turn":
        out["wisdom"] = event[2]
        out["text"] = f"Abilities in play give {event[1]} wisdom at the beginning of the turn: {event[2]} in all."
    elif name == "lost":
        out["text"] = "The deck is empty at the draw: the game is lost."
    else:  # pragma: no cover - every event the player logs is named above
        raise ValueError(f"unknown Bible Battles event {name!r}")
    return out


def snapshot(state: BBState) -> dict[str, Any]:
    """The state at the end of a turn: hand, cards in play, wisdom, food and the deck's size."""
    return {
        "hand": list(state.hand),
        "in_play": list(state.in_play),
        "wisdom": state.wisdom,
        "food": state.food,
        "deck": len(state.deck),
    }

"""Chapter and Verse's replay records: one game's events and state, as plain JSON (rules/goldfish/replay.py).

The player (play.py) appends small tuples to `CVState.log` only during a replay;
`event_record` turns each into `{"event", "cards", "text"}` (cards are the plan's
kind indices, which the replay's `cards` list names) and `snapshot` describes the
state at the end of a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.games.chapter_and_verse import CV_THEMES
from rules.games.chapter_and_verse.state import CVState
from rules.games.chapter_and_verse.state import CVTables

# What each structured action does, for the log (effects.py compiles the grammar's names to these).
_ACTIONS = {
    "draw": "draw {n} verse{s}",
    "blessing": "draw {n} blessing{s}",
    "set": "set up to {n} verse{s} from the hand into its chapter",
    "return": "return up to {n} verse{s} from the discard pile to the hand",
    "arrange": "arrange the top {n} verse{s} of the deck",
    "bottom": "put {n} verse{s} from the hand on the bottom of the deck",
}


def _names(cards: Sequence[int], titles: Sequence[str]) -> str:
    return ", ".join(titles[k] for k in cards) or "nothing"


def event_record(event: tuple[Any, ...], titles: Sequence[str], tables: CVTables) -> dict[str, Any]:
    """One logged event as `{"event", "cards", "text"}` (plus `chapter`, 1-based, where it has one)."""
    name = event[0]
    out: dict[str, Any] = {"event": name, "cards": []}
    if name in ("draw", "drew", "returned"):
        out["cards"] = [event[1]]
        verb = {"draw": "Drew", "drew": "  drew", "returned": "  returned to the hand:"}[name]
        out["text"] = f"{verb} {titles[event[1]]}."
    elif name == "blessing":
        out["cards"] = [event[1]]
        left = event[2]
        ending = "the last one: the game is won" if not left else f"{left} left"
        out["text"] = f"Drew a blessing, {titles[event[1]]} ({ending})."
    elif name == "hand-over":
        out["cards"] = list(event[1])
        out["text"] = f"More than 8 cards at the start: {_names(event[1], titles)} under the blessings."
    elif name == "freeplay":
        out["cards"] = [event[1]]
        out["text"] = f"Freeplayed {titles[event[1]]}."
    elif name == "play":
        k, paid = event[1], list(event[2])
        out["cards"] = [k, *paid]
        if paid:
            out["text"] = f"Played {titles[k]}, sacrificing {_names(paid, titles)}."
        elif tables.quote[k] and tables.cost_printed[k]:
            out["text"] = f"Played {titles[k]}, quoted: no sacrifice."
        else:
            out["text"] = f"Played {titles[k]} (no sacrifice)."
    elif name == "quote":
        out["cards"] = [event[1]]
        out["text"] = (
            f"Quoted {titles[event[1]]} correctly: it is free."
            if event[2]
            else f"Misquoted {titles[event[1]]}: the sacrifice is due."
        )
    elif name == "quote-dropped":
        out["cards"] = [event[1]]
        out["text"] = f"  not worth its sacrifice: {titles[event[1]]} is discarded."
    elif name == "chapter":
        k, c, new = event[1], event[2], event[3]
        out["cards"], out["chapter"] = [k], c + 1
        out["text"] = f"  {titles[k]} {'starts' if new else 'goes into'} chapter {c + 1}."
    elif name == "prayer":
        k, took, rest = event[1], event[2], list(event[3])
        out["cards"] = [k, took, *rest]
        under = f"; {_names(rest, titles)} under the deck, the first lowest" if rest else ""
        out["text"] = f"  Prayer of {titles[k]}: took {titles[took]}{under}."
    elif name == "keyword":
        k, found = event[1], event[2]
        out["cards"] = [k] + ([found] if found >= 0 else [])
        what = titles[found] if found >= 0 else "nothing"
        out["text"] = f"  Keyword of {titles[k]}: found {what}; the deck is shuffled."
    elif name == "cross-reference":
        k, card, c = event[1], event[2], event[3]
        out["cards"], out["chapter"] = [k, card], c + 1
        out["text"] = f"  Cross Reference of {titles[k]}: set {titles[card]} into chapter {c + 1}."
    elif name == "action":
        k, action, n = event[1], event[2], event[3]
        out["cards"], out["action"] = [k], action
        out["text"] = f"  Effect of {titles[k]}: " + _ACTIONS[action].format(n=n, s="" if n == 1 else "s") + "."
    elif name == "set":
        out["cards"], out["chapter"] = [event[1]], event[2] + 1
        out["text"] = f"  set {titles[event[1]]} into chapter {event[2] + 1}."
    elif name in ("arranged", "bottomed"):
        out["cards"] = list(event[1])
        where = "on top, in this order:" if name == "arranged" else "to the bottom of the deck:"
        out["text"] = f"  {where} {_names(event[1], titles)}."
    elif name == "trigger":
        out["cards"], out["chapter"] = [event[1]], event[2] + 1
        out["text"] = f"{titles[event[1]]}, in play in chapter {event[2] + 1}, acts."
    elif name == "discarded-for-effect":
        out["cards"] = [event[1]]
        out["text"] = f"Discarded {titles[event[1]]} for its effect."
    elif name == "book":
        c, members, theme = event[1], list(event[2]), event[3]
        out["cards"], out["chapter"] = members, c + 1
        out["text"] = f"Closed chapter {c + 1} as a book of {theme}: {_names(members, titles)}."
    else:  # pragma: no cover - every event the player logs is named above
        raise ValueError(f"unknown Chapter and Verse event {name!r}")
    return out


def snapshot(state: CVState) -> dict[str, Any]:
    """The state at the end of a turn: hand, chapters (verses and icon counts), books and pile sizes."""
    return {
        "hand": list(state.hand),
        "chapters": [
            {"cards": list(members), "icons": {t: n for t, n in zip(CV_THEMES, icons) if n}}
            for members, icons in zip(state.members, state.chapters)
        ],
        "books": state.books,
        "blessings": len(state.blessings),
        "deck": len(state.deck),
        "discard": len(state.discard),
    }

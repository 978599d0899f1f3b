"""Chapter and Verse card effects as data: the grammar of docs/card-effects.md.

A `discard`, `quick-play` or `text` effect may carry, beside its printed
`text`, what the engine runs:
- `timing` (`text` effects only; `discard` and `quick-play` are their own):
  `play` (default), `start-of-turn`, `end-of-turn`;
- `moment` (`quick-play` effects only): when the Quick Play is offered, `line`
  (default: in the Line, and discarded in its player's play phase),
  `start-of-turn` (as any player's turn starts) or `quote-it` (when an opponent
  challenges its player's verse);
- `only`: conditions on the chapter a verse may be played into;
- `if`: conditions under which the actions happen;
- `do`: the actions, in order.
An effect with `only` or `do` is *modelled*; one with neither is free text,
which the play-out skips and reports (`unmodelled`).

`check_structure` validates those keys for the catalog loader (errors carry a
path below the effect, `.do[1].n`); `compile_effect` turns one checked effect
into the plan's JSON primitives, resolving names (themes, markers, the verses
a marker picks) into indices once, so the play loop only compares integers.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from rules.catalog_fields import Checker
from rules.catalog_fields import Invalid
from rules.catalog_fields import Problems
from rules.catalog_fields import boolean
from rules.catalog_fields import integer
from rules.catalog_fields import object_key
from rules.catalog_fields import objects
from rules.catalog_fields import string
from rules.games.chapter_and_verse import CV_THEMES

TIMINGS: tuple[str, ...] = ("play", "start-of-turn", "end-of-turn")
# When a Quick Play is offered (the whole game; docs/card-effects.md): in the Line (the default), as any player's
# turn starts (A Time to Every Purpose), or when an opponent challenges its player's verse (Samuel on the Wall).
MOMENTS: tuple[str, ...] = ("line", "start-of-turn", "quote-it")
# Effect kinds that may carry a structure, and the timing each implies.
STRUCTURED_KINDS: dict[str, str | None] = {"discard": "discard", "quick-play": "quick-play", "text": None}


def _theme(value: object) -> str:
    return string(choices=CV_THEMES)(value)


def _marker(value: object) -> str:
    return string(min_len=1)(value)


# kind -> its keys (all required unless the checker is in _OPTIONAL).
CONDITIONS: dict[str, dict[str, Checker]] = {
    # The chapter already has at least one icon of `theme`.
    "chapter-has-icon": {"theme": _theme},
    # The chapter already holds at most `n` verses (a new chapter holds 0).
    "chapter-verses-at-most": {"n": integer(0)},
    # The chapter already holds at least `n` verses with an icon of `theme` / the `marker`.
    "chapter-verses-with": {"n": integer(1), "theme": _theme, "marker": _marker},
}
ACTIONS: dict[str, dict[str, Checker]] = {
    # Draw `n` verses from the deck; with `per` (a theme or marker), one per other verse
    # of the chapter that has it, up to n.
    "draw-verses": {"n": integer(1), "per-theme": _theme, "per-marker": _marker},
    # Draw `n` blessings (drawing the last one wins); with `each-player`, every player draws them, in turn
    # order from the verse's player (two drawing their last at once: the rules' simultaneous blessings).
    "draw-blessing": {"n": integer(1), "each-player": boolean},
    # Set up to `n` verses from the hand into this chapter (with `marker`: only such verses).
    "set-from-hand": {"n": integer(1), "marker": _marker},
    # Return up to `n` verses from the discard pile to the hand.
    "return-from-discard": {"n": integer(1)},
    # Look at the top `n` verses of the deck and put them back in any order.
    "arrange-top": {"n": integer(1)},
    # Put `n` verses from the hand on the bottom of the deck; with `if-drew` true, only if an
    # earlier action of the same effect drew a verse ("you may draw a verse; if you do, ...").
    "hand-to-deck-bottom": {"n": integer(1), "if-drew": boolean},
    # Acts on opponents in a way the whole game cannot follow yet: nothing happens in a solo game, and the whole
    # game lists it (docs/games/chapter-and-verse.md). The actions below it act on opponents and the whole game
    # follows them; alone, they too do nothing.
    "opponents": {},
    # Each opponent, in turn order, puts `n` verses of their choice from their hand `to` their discard pile or the
    # bottom of their deck (The Natural Man, The Sword of the Lord and of Gideon).
    "opponents-from-hand": {"n": integer(1), "to": string(choices=("discard", "deck-bottom"))},
    # Verses leave an opponent's chapter for its owner's discard pile: `target` `each-opponent` (each opponent with
    # such a chapter; the owner picks one when several qualify) or `chosen-chapter` (the player picks one opponent's
    # chapter); the chapter holds at least `min-verses` verses and no verse with `without-marker`; `which` verses:
    # its `last` n, or n of the owner's choice (`owner-chooses`).
    "opponent-chapter-to-discard": {
        "n": integer(1),
        "target": string(choices=("each-opponent", "chosen-chapter")),
        "which": string(choices=("last", "owner-chooses")),
        "min-verses": integer(1),
        "without-marker": _marker,
    },
    # The player picks an opponent (with a verse in hand) and takes a random verse of their hand into their own.
    "take-random-from-opponent-hand": {},
    # The player picks an opponent and looks at their hand.
    "look-at-opponent-hand": {},
    # The player picks an opponent: no Quote It challenge from them until the end of the player's next turn.
    "opponent-no-quote-it": {},
    # No opponent may close a book during their next turn.
    "opponents-no-book": {},
    # While the verse is in play (not set), another player's verse effects cannot move or discard this chapter's
    # verses (Rock of Our Redeemer); it does nothing when it resolves.
    "protects-chapter": {},
    # A Quick Play kept in the hand: when an opponent's verse effect would put a verse of its holder's into a
    # discard pile, the holder may discard it to prevent that (Shut the Lions' Mouths); in the Line, nothing.
    "prevent-discard": {},
    # Cancel the effect this verse answers in the Line (the one set in the Line just before it): a Quick Play's
    # "Cancel the effect of a verse an opponent has just played". Nothing to cancel in a solo game.
    "cancel-effect": {},
    # A Quick Play answering in the Line a Discard or Quick Play effect that would take a verse out of one of its
    # player's chapters: cancels it (The Whole Armour); offered only against such an effect.
    "cancel-taking-effect": {},
    # A Quick Play of the moment `start-of-turn`: the player whose turn is starting skips their Freeplay phase this
    # turn (A Time to Every Purpose).
    "skip-freeplay": {},
    # A Quick Play of the moment `quote-it`: the Quote It challenge it answers fails; the verse stays in play
    # (Samuel on the Wall).
    "challenge-fails": {},
    # The player moves a verse of their choice from one of their chapters into another of their chapters (Mustard
    # Seed); set verses stay set. Followed by the whole game only (`WHOLE_GAME_ONLY`).
    "move-own-verse": {},
    # The player returns every verse of one of their other chapters (of their choice) to their hand (Let This Cup
    # Pass). Followed by the whole game only.
    "return-own-chapter": {},
    # While the verse is in play (not set), each other verse of its chapter with `per-marker` counts one extra icon
    # of `theme` (Title of Liberty); nothing happens when it resolves. Whole game only.
    "chapter-icon-bonus": {"theme": _theme, "per-marker": _marker},
    # The player chooses another theme; until the end of the turn, the icons of `theme` in the verse's chapter also
    # count as icons of the chosen theme (Opposition in All Things). Whole game only.
    "count-as-chosen-theme": {"theme": _theme},
}
# Actions on the player's own tabletop that the whole game follows and the goldfish play-out does not: an effect
# with one of them stays unmodelled for the play-out (listed in its `unmodelled`, no plan entry), as free text was.
WHOLE_GAME_ONLY = frozenset({"move-own-verse", "return-own-chapter", "chapter-icon-bonus", "count-as-chosen-theme"})
# Keys that may be left out, per kind (every other key is required).
_OPTIONAL: dict[str, frozenset[str]] = {
    "chapter-verses-with": frozenset({"theme", "marker"}),
    "draw-verses": frozenset({"per-theme", "per-marker"}),
    "draw-blessing": frozenset({"each-player"}),
    "set-from-hand": frozenset({"marker"}),
    "hand-to-deck-bottom": frozenset({"if-drew"}),
    "opponent-chapter-to-discard": frozenset({"min-verses", "without-marker"}),
}
# Exactly one of these keys.
_ONE_OF: dict[str, tuple[str, ...]] = {"chapter-verses-with": ("theme", "marker")}
_AT_MOST_ONE: dict[str, tuple[str, ...]] = {"draw-verses": ("per-theme", "per-marker")}


def _item(table: dict[str, dict[str, Checker]], tag: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def check(item: dict[str, Any]) -> dict[str, Any]:
        kind = item.get(tag)
        if kind not in table:
            raise Invalid("must be one of " + ", ".join(table), f".{tag}")
        keys = table[kind]
        out: dict[str, Any] = {tag: kind}
        found = Problems()
        for key in item:
            if key != tag and key not in keys:
                found.add(f"unknown key for {kind}", f".{key}")
        optional = _OPTIONAL.get(kind, frozenset())
        for key, checker in keys.items():
            if key in item:
                with found.at():
                    out[key] = object_key(item, key, checker)
            elif key not in optional:
                found.add("is required", f".{key}")
        found.raise_any()
        given = [k for k in _ONE_OF.get(kind, ()) if k in out]
        if kind in _ONE_OF and len(given) != 1:
            raise Invalid(f"needs exactly one of {' or '.join(_ONE_OF[kind])}")
        if len([k for k in _AT_MOST_ONE.get(kind, ()) if k in out]) > 1:
            raise Invalid(f"takes at most one of {' or '.join(_AT_MOST_ONE[kind])}")
        return out

    return check


def _conditions(value: object) -> list[dict[str, Any]]:
    return objects(
        value, "must be a list of conditions", "must be an object with a condition", _item(CONDITIONS, "condition")
    )


def _actions(value: object) -> list[dict[str, Any]]:
    return objects(value, "must be a list of actions", "must be an object with an action", _item(ACTIONS, "action"))


STRUCTURE_KEYS: dict[str, Checker] = {
    "timing": string(choices=TIMINGS),
    "moment": string(choices=MOMENTS),
    "only": _conditions,
    "if": _conditions,
    "do": _actions,
}


def check_structure(kind: str, effect: Mapping[str, Any], out: dict[str, Any]) -> None:
    """Check the structured keys of one effect into `out`; Invalid with a path below the effect."""
    found = Problems()
    for key, checker in STRUCTURE_KEYS.items():
        if key in effect:
            with found.at():
                out[key] = object_key(dict(effect), key, checker)
    found.raise_any()
    if "timing" in out and kind != "text":
        raise Invalid(f"a {kind} effect has its own timing", ".timing")
    if "moment" in out and kind != "quick-play":
        raise Invalid("only a quick-play effect has a moment", ".moment")
    if "only" in out and (kind != "text" or out.get("timing", "play") != "play"):
        raise Invalid("only a text effect with timing play restricts where a verse is played", ".only")
    if ("if" in out or "timing" in out or "moment" in out) and "do" not in out:
        raise Invalid("needs the actions (do) it conditions", ".do")


def is_modelled(effect: Mapping[str, Any]) -> bool:
    """Whether the play-out runs this effect (a standard effect, or one with `only` or `do`)."""
    kind = effect.get("kind")
    if kind in STRUCTURED_KINDS:
        return "do" in effect or "only" in effect
    return True


def is_modelled_alone(effect: Mapping[str, Any]) -> bool:
    """Whether the goldfish play-out runs this effect: modelled, and no action of the whole game only."""
    return is_modelled(effect) and not any(a.get("action") in WHOLE_GAME_ONLY for a in effect.get("do") or ())


def timing_of(effect: Mapping[str, Any]) -> str:
    implied = STRUCTURED_KINDS.get(str(effect.get("kind")))
    return implied or str(effect.get("timing", "play"))


# ---------------------------------------------------------------- compiling for the plan
# Conditions: ("icon", theme index) | ("at-most", n) | ("with", n, (kinds that count)).
# Actions: ("draw", n, (kinds that count) or None) | ("blessing", n) | ("set", n, (kinds allowed) or None)
#          | ("return", n) | ("arrange", n) | ("bottom", n, only if the effect drew); the actions on opponents and
#          those answering other players (`cancel-effect` to `challenge-fails`) compile to nothing.
def _picks(cards: Sequence[Any], theme: str | None, marker: str | None) -> tuple[int, ...]:
    """The kinds with an icon of `theme` or the `marker` (markers compared case-insensitively)."""
    if theme is not None:
        return tuple(j for j, c in enumerate(cards) if c.icons.get(theme, 0))
    wanted = str(marker).casefold()
    return tuple(j for j, c in enumerate(cards) if any(m.casefold() == wanted for m in c.markers))


def compile_condition(cond: Mapping[str, Any], cards: Sequence[Any]) -> tuple[Any, ...]:
    name = cond["condition"]
    if name == "chapter-has-icon":
        return ("icon", CV_THEMES.index(cond["theme"]))
    if name == "chapter-verses-at-most":
        return ("at-most", int(cond["n"]))
    return ("with", int(cond["n"]), _picks(cards, cond.get("theme"), cond.get("marker")))


def compile_action(action: Mapping[str, Any], cards: Sequence[Any]) -> tuple[Any, ...] | None:
    name = action["action"]
    n = int(action.get("n", 0))
    if name == "draw-verses":
        per = None
        if "per-theme" in action or "per-marker" in action:
            per = _picks(cards, action.get("per-theme"), action.get("per-marker"))
        return ("draw", n, per)
    if name == "set-from-hand":
        return ("set", n, _picks(cards, None, action["marker"]) if "marker" in action else None)
    short = {"draw-blessing": "blessing", "return-from-discard": "return", "arrange-top": "arrange"}
    if name in short:
        return (short[name], n)
    if name == "hand-to-deck-bottom":
        return ("bottom", n, bool(action.get("if-drew", False)))
    return None  # the actions on opponents and those answering other players: nothing to do alone


def compile_effect(
    effect: Mapping[str, Any], cards: Sequence[Any]
) -> tuple[str, tuple[tuple[Any, ...], ...], tuple[tuple[Any, ...], ...], tuple[tuple[Any, ...], ...]]:
    """(timing, only, if, do) of one modelled effect, as the plan stores it."""
    only = tuple(compile_condition(c, cards) for c in effect.get("only") or ())
    when = tuple(compile_condition(c, cards) for c in effect.get("if") or ())
    do = tuple(a for a in (compile_action(a, cards) for a in effect.get("do") or ()) if a is not None)
    return (timing_of(effect), only, when, do)

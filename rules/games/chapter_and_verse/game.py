"""Chapter and Verse, played whole by 2 to 6 players (docs/games/chapter-and-verse.md): `ENGINE`.

The game is a loop over `state.todo`, a list of steps done front first; a step that needs a player's choice
sets `state.prompt` and waits, and the chosen action resumes it. The turn's phases, the Quote It challenge,
the Line (Quick Play responses, resolved last in, first out), books and blessings are here; the state and the
views are in `table.py`, the computer in `computer.py`, and every ruling on an unclear line in docs/rulings.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rules.cards import CardData
from rules.games.chapter_and_verse import CV_THEMES
from rules.games.chapter_and_verse import computer
from rules.games.chapter_and_verse import table as tb
from rules.games.chapter_and_verse.effects import is_modelled
from rules.games.chapter_and_verse.solo import keyword_matches
from rules.games.chapter_and_verse.table import DOC
from rules.games.chapter_and_verse.table import RULINGS
from rules.games.chapter_and_verse.table import State
from rules.play.interface import Action
from rules.play.interface import Card
from rules.play.interface import Event
from rules.play.interface import Refusal
from rules.play.interface import Result
from rules.play.interface import Setup
from rules.play.interface import SetupError
from rules.play.interface import refuse_unless_legal
from rules.quoting import MAX_TYPED_CHARS
from rules.quoting import compare_quote
from rules.quoting import compare_reference
from rules.text import title_key

R_SETUP = f"{DOC}: Setting Up"
R_START_CHALLENGE = f"{DOC}: Beginning the Game (the Start Challenge)"
R_START = f"{DOC}: The Turn, Start"
R_DRAW = f"{DOC}: The Turn, Draw"
R_FREEPLAY = f"{DOC}: The Turn, Freeplay"
R_PLAY = f"{DOC}: The Turn, Play"
R_END = f"{DOC}: The Turn, End"
R_EFFECTS = f"{DOC}: Effects"
R_QUOTE = f"{DOC}: Effects, Quote"
R_PRAYER = f"{DOC}: Effects, Prayer (n)"
R_KEYWORD = f"{DOC}: Effects, Keyword"
R_SET = f"{DOC}: Effects, set"
R_XREF = f"{DOC}: Advanced Game Effects, Cross Reference"
R_UNIQUE = f"{DOC}: Advanced Game Effects, Unique"
R_QUICK = f"{DOC}: Advanced Game Effects, Quick Play"
R_LINE = f"{DOC}: The Line"
R_BOOK = f"{DOC}: Making Books"
R_QUOTE_IT = f"{DOC}: Quote It"
R_BLESSINGS = f"{DOC}: Blessings"
R_BIG = f"{DOC}: The Big Rule"


# ---------------------------------------------------------------- cards
def effects_of(card: Card, kind: str) -> tuple[Mapping[str, Any], ...]:
    return _by_kind(card.data).get(kind, ())


@lru_cache(maxsize=4096)
def _by_kind(data: CardData) -> dict[str, tuple[Mapping[str, Any], ...]]:
    """A printing's effects by kind, read once (the legal actions ask of every verse in hand at every step)."""
    out: dict[str, list[Mapping[str, Any]]] = {}
    for e in data.effects:
        out.setdefault(str(e.get("kind")), []).append(e)
    return {k: tuple(v) for k, v in out.items()}


def timing(effect: Mapping[str, Any]) -> str:
    return str(effect.get("timing", "play"))


def is_quick(card: Card) -> bool:
    return bool(effects_of(card, "quick-play"))


def moment(card: Card) -> str:
    """When a Quick Play is offered (docs/card-effects.md, `moment`): `line` unless its text names a moment."""
    return _moment(card.data)


@lru_cache(maxsize=4096)
def _moment(data: CardData) -> str:
    return next((str(e["moment"]) for e in data.effects if e.get("kind") == "quick-play" and "moment" in e), "line")


def in_line(card: Card) -> bool:
    """A Quick Play offered in the Line and as a discard in its player's play phase (not one bound to a moment)."""
    return is_quick(card) and moment(card) == "line"


def can_discard(card: Card) -> bool:
    return bool(effects_of(card, "discard")) or in_line(card)


def _actions_of_kind(data: CardData, kind: str, name: str) -> list[Mapping[str, Any]]:
    return [a for e in data.effects if e.get("kind") == kind for a in e.get("do") or () if a.get("action") == name]


def _quick_actions(card: Card) -> tuple[str, ...]:
    return _actions_of(card.data, "quick-play")


@lru_cache(maxsize=4096)
def _actions_of(data: CardData, kind: str) -> tuple[str, ...]:
    return tuple(str(x.get("action")) for e in data.effects if e.get("kind") == kind for x in e.get("do") or ())


def cost(card: Card) -> int:
    return max(0, card.data.sacrifice or 0)


def unfollowed(data: CardData) -> list[str]:
    """The printed effects of a verse the engine cannot follow (free text, or acting on opponents)."""
    out = []
    for e in data.effects:
        if not is_modelled(e) or any(a.get("action") == "opponents" for a in e.get("do") or ()):
            out.append(str(e.get("text", "")))
    return out


def _holds(cond: Mapping[str, Any], chapter: list[Card]) -> bool:
    """A condition on a chapter as it stands (an empty list: a new chapter)."""
    name = cond["condition"]
    if name == "chapter-has-icon":
        return any(c.data.icons.get(cond["theme"], 0) for c in chapter)
    if name == "chapter-verses-at-most":
        return len(chapter) <= int(cond["n"])
    return sum(1 for c in chapter if _has(c, cond.get("theme"), cond.get("marker"))) >= int(cond["n"])


def _has(card: Card, theme: str | None, marker: str | None) -> bool:
    if theme is not None:
        return bool(card.data.icons.get(theme, 0))
    wanted = str(marker).casefold()
    return any(m.casefold() == wanted for m in card.data.markers)


def chapter_allows(card: Card, chapter: list[Card]) -> bool:
    return all(_holds(c, chapter) for c in _only(card.data))


@lru_cache(maxsize=4096)
def _only(data: CardData) -> tuple[Mapping[str, Any], ...]:
    """The conditions on where a printing may be played (most verses have none), read once."""
    return tuple(
        c for e in data.effects if e.get("kind") == "text" and timing(e) == "play" for c in e.get("only") or ()
    )


def playable(state: State, card: Card) -> bool:
    return card.data.title_key not in state.blocked


def chapter_choices(state: State, seat: int, card: Card) -> list[int]:
    """The chapters (their numbers; 0 a new one) the verse may be played into."""
    chapters = state.seats[seat].chapters
    return [n for n in [*chapters, 0] if chapter_allows(card, chapters.get(n, []))]


# ---------------------------------------------------------------- moving cards
def _ev(
    state: State, events: list[Event], kind: str, seat: int | None, cards: tuple[str, ...], rule: str, text: str
) -> None:
    events.append(Event(kind, seat, cards, rule, text))


def _not_followed(events: list[Event], seat: int, card: Card, what: str) -> None:
    """An effect the engine cannot follow, shown when it comes up (the Big Rule: its player resolves it)."""
    events.append(Event("not-followed", seat, (card.title,), R_BIG, f"The engine cannot follow {what}"))


def _name(state: State, seat: int) -> str:
    return state.seats[seat].name


def _remove(state: State, card_id: str) -> tuple[int | None, str, Card]:
    found = state.card(card_id)
    assert found is not None, card_id
    owner, zone, card = found
    if owner is None:
        state.playing.remove(card)
    else:
        seat = state.seats[owner]
        pile = seat.zones()[zone]
        pile.remove(card)
        if zone.startswith("chapter-"):
            state.tabletop += 1
            if not pile:
                del seat.chapters[int(zone.split("-")[1])]
    state.set_ids.discard(card_id)
    return owner, zone, card


def draw_verse(state: State, seat: int) -> bool:
    s = state.seats[seat]
    if not s.deck:
        return False
    s.hand.append(s.deck.pop(0))
    return True


def draw_blessing(state: State, seat: int, events: list[Event], rule: str) -> None:
    s = state.seats[seat]
    if not s.blessings:
        return
    s.hand.append(s.blessings.pop(0))
    left = len(s.blessings)
    _ev(state, events, "blessing", seat, (), rule, f"{s.name} draws a blessing ({left} left).")
    if left == 0 and seat not in state.emptied:
        state.emptied.append(seat)


def _into_chapter(state: State, seat: int, card: Card, chapter: int) -> int:
    s = state.seats[seat]
    if chapter == 0 or chapter not in s.chapters:
        chapter = s.next_chapter
        s.next_chapter += 1
        s.chapters[chapter] = []
    s.chapters[chapter].append(card)
    state.tabletop += 1
    return chapter


def _check_blessings(state: State, events: list[Event]) -> None:
    """Drawing the last blessing wins at once; two or more at once: the one whose turn would end next."""
    if not state.emptied or state.result is not None:
        return
    n = len(state.seats)
    order = [(state.active + k) % n for k in range(n)]
    winner = next(s for s in order if s in state.emptied)
    rule = R_BLESSINGS
    if len(state.emptied) > 1:
        rule = f"{DOC}: Blessings (two or more players draw their last blessing simultaneously)"
    state.result = Result((winner,), rule)
    state.phase = "over"
    state.prompt = None
    _ev(state, events, "win", winner, (), rule, f"{_name(state, winner)} drew the last blessing and wins.")


# ---------------------------------------------------------------- setup
def _cards_for(seat: int, datas: list[CardData]) -> list[Card]:
    seen: dict[str, int] = {}
    out = []
    for data in datas:
        key = (data.title_key or title_key(data.title)).replace(" ", "-")
        seen[key] = seen.get(key, 0) + 1
        out.append(Card(f"s{seat}-{key}-{seen[key]}", data))
    return out


def _stack(options: Mapping[str, Any], decks: list[list[Card]]) -> None:
    """`options.deal`: for each seat, titles moved to the top of its deck in order (top first)."""
    deal = options.get("deal")
    if deal is None:
        return
    if not isinstance(deal, list) or len(deal) != len(decks):
        raise SetupError("options.deal", "bad-deal", f"The deal must be a list of {len(decks)} lists, one a seat.")
    for s, titles in enumerate(deal):
        if not isinstance(titles, list):
            raise SetupError(f"options.deal[{s}]", "bad-deal", "Each seat's deal is a list of card titles.")
        rest = list(decks[s])
        top: list[Card] = []
        for i, title in enumerate(titles):
            if not isinstance(title, str):
                raise SetupError(f"options.deal[{s}][{i}]", "bad-deal", "A card is named by its title.")
            pick = next((c for c in rest if c.data.title_key == title_key(title)), None)
            if pick is None:
                raise SetupError(f"options.deal[{s}][{i}]", "unknown-card", f"Seat {s}'s deck has no (more) {title!r}.")
            rest.remove(pick)
            top.append(pick)
        decks[s][:] = top + rest


def new_game(setup: Setup) -> tuple[State, list[Event]]:
    options = tb.read_options(setup.options, len(setup.seats))
    rng = random.Random(setup.seed)
    events: list[Event] = []
    decks: list[list[CardData]] = [list(s.deck) for s in setup.seats]
    without = [i for i, s in enumerate(setup.seats) if not s.deck]
    if without:
        # "take the starter set, shuffle them up a bit, and split them in half" (one share a seat without a deck).
        box = [c for c in setup.box for _ in range(max(1, c.copies))]
        if not box:
            raise SetupError(f"seats[{without[0]}].deck", "no-deck", "Each seat needs a deck list.")
        rng.shuffle(box)
        for k, i in enumerate(without):
            decks[i] = box[k :: len(without)]
    state = State([tb.Seat(s.name) for s in setup.seats], options, rng)
    for i, datas in enumerate(decks):
        if options.variant == "basic":
            pulled = [d for d in datas if d.advanced]
            if pulled:
                datas = [d for d in datas if not d.advanced]
                _ev(
                    state,
                    events,
                    "pulled",
                    i,
                    (),
                    R_SETUP,
                    f"{setup.seats[i].name}'s {len(pulled)} Advanced Game verses are pulled out for the basic game.",
                )
        if not datas:
            raise SetupError(f"seats[{i}].deck", "empty-deck", "The deck has no verse to play with.")
        cards = _cards_for(i, datas)
        state.by_id.update((c.id, c) for c in cards)
        for c in cards:
            if is_quick(c) and moment(c) != "line":
                state.bound[c.id] = moment(c)
            for a in _actions_of_kind(c.data, "text", "chapter-icon-bonus"):
                state.auras[c.id] = ("bonus", CV_THEMES.index(a["theme"]), str(a["per-marker"]).casefold())
        rng.shuffle(cards)
        state.seats[i].deck = cards
    _stack(setup.options, [s.deck for s in state.seats])
    for i, s in enumerate(state.seats):
        own = options.seat_blessings[i] if options.seat_blessings else None
        n = options.blessings if own is None else own
        s.blessings = s.deck[:n]
        del s.deck[:n]
        _ev(state, events, "blessings", i, (), R_SETUP, f"{s.name} sets aside {len(s.blessings)} blessings face down.")
    first = _start_challenge(state, events)
    for i, s in enumerate(state.seats):
        while len(s.hand) < tb.HAND and s.deck:
            s.hand.append(s.deck.pop(0))
        _ev(state, events, "hand", i, (), R_START_CHALLENGE, f"{s.name} has {len(s.hand)} verses in hand.")
    for i, s in enumerate(state.seats):
        # Listed for the seat's own player only (the titles would tell the others what the deck holds).
        listed = [
            {"title": data.title, "text": text}
            for data in dict.fromkeys(c.data for c in s.deck + s.blessings + s.hand)
            for text in unfollowed(data)
        ]
        state.not_followed.append(listed)
        if listed:
            _ev(
                state,
                events,
                "not-followed",
                i,
                (),
                R_BIG,
                f"{len(listed)} printed effect(s) in {s.name}'s deck cannot be followed by the site; they are listed "
                "for its player and shown when they come up.",
            )
    state.active = state.first = first
    _advance(state, events)
    return state, events


def _start_challenge(state: State, events: list[Event]) -> int:
    """Each player reveals the top verse; the first title in alphabetical order starts; ties draw again."""
    n = len(state.seats)
    tied = list(range(n))
    while True:
        shown: dict[int, Card] = {}
        for i in tied:
            if draw_verse(state, i):
                shown[i] = state.seats[i].hand[-1]
        if not shown:
            winner = tied[0]  # nobody can draw: the first seat of the tie (docs/rulings.md)
            break
        for i, card in shown.items():
            _ev(
                state, events, "reveal", i, (card.title,), R_START_CHALLENGE, f"{_name(state, i)} reveals {card.title}."
            )
        best = min(title_key(c.title) for c in shown.values())
        tied = [i for i, c in shown.items() if title_key(c.title) == best]
        if len(tied) == 1:
            winner = tied[0]
            break
    _ev(
        state,
        events,
        "first",
        winner,
        (),
        R_START_CHALLENGE,
        f"{_name(state, winner)} wins the Start Challenge and plays first.",
    )
    return winner


# ---------------------------------------------------------------- the loop
def _advance(state: State, events: list[Event]) -> None:
    guard = 0
    while state.result is None and state.prompt is None:
        guard += 1
        assert guard < 100_000, "the game loop does not move on"
        if state.todo:
            step = state.todo.pop(0)
            STEPS[step["step"]](state, step, None, events)
            _check_blessings(state, events)
            continue
        _phase(state, events)
        _check_blessings(state, events)


def _ask(state: State, seat: int, kind: str, step: dict[str, Any] | None, says: str, **more: Any) -> None:
    state.prompt = {"seat": seat, "kind": kind, "step": step, "says": says, **more}


def _phase(state: State, events: list[Event]) -> None:
    seat = state.active
    s = state.seats[seat]
    if state.phase == "start":
        if state.opened != state.turn_no:
            state.opened = state.turn_no
            if _open_start(state, seat):
                return
        if len(s.hand) > tb.HAND_LIMIT:
            _ask(state, seat, "hand-limit", None, f"Put {len(s.hand) - tb.HAND_LIMIT} verses under your blessings.")
            return
        state.todo += _triggers(state, seat, "start-of-turn")
        state.phase = "draw"
    elif state.phase == "draw":
        if draw_verse(state, seat):
            _ev(state, events, "draw", seat, (), R_DRAW, f"{s.name} draws a verse.")
        else:
            _ev(state, events, "no-draw", seat, (), R_DRAW, f"{s.name}'s deck is empty: no draw.")
        state.phase = "freeplay"
    elif state.phase == "freeplay":
        if state.no_freeplay.get(seat) == state.turn_no:
            _ev(state, events, "no-freeplay", seat, (), R_BIG, f"{s.name} skips the Freeplay phase this turn.")
            state.phase = "play"
        elif any(playable(state, c) and chapter_choices(state, seat, c) for c in s.hand):
            _ask(state, seat, "freeplay", None, "Play a verse free, or pass.")
        else:
            state.phase = "play"
    elif state.phase == "play":
        _ask(state, seat, "play", None, "Play, quote, discard for an effect, close a book, or end your turn.")
    elif state.phase == "end":
        state.todo += _triggers(state, seat, "end-of-turn")
        state.phase = "next"
    elif state.phase == "next":
        _ev(state, events, "end", seat, (), R_END, f"{s.name}'s turn is over.")
        if any(a[0] == "count-as" for a in state.auras.values()):
            # "Until the end of your turn": the icons counted as another theme count no more.
            state.auras = {k: a for k, a in state.auras.items() if a[0] != "count-as"}
            state.tabletop += 1
        state.active = (seat + 1) % len(state.seats)
        state.turn_no += 1
        state.turn_actions = 0
        if state.active == state.first:
            state.round += 1
            if state.round > state.options.rounds:
                _time_up(state, events)
                return
        state.phase = "start"
        _ev(state, events, "turn", state.active, (), R_START, f"{_name(state, state.active)} starts a turn.")


def _time_up(state: State, events: list[Event]) -> None:
    left = [len(s.blessings) for s in state.seats]
    fewest = min(left)
    winners = tuple(i for i, n in enumerate(left) if n == fewest)
    reason = f"{RULINGS}: the round limit ({state.options.rounds}); fewest blessings left wins"
    state.result = Result(winners if len(winners) == 1 else (), reason)
    state.phase = "over"
    _ev(state, events, "time", None, (), RULINGS, f"The round limit is reached: {reason}.")


def _triggers(state: State, seat: int, when: str) -> list[dict[str, Any]]:
    out = []
    for n, cards in state.seats[seat].chapters.items():
        for c in cards:
            if c.id in state.set_ids:
                continue
            for e in effects_of(c, "text"):
                if timing(e) == when and "do" in e:
                    out.append(_do_step(seat, c, n, e, cards))
    return out


def _do_step(
    seat: int, card: Card, chapter: int | None, effect: Mapping[str, Any], before: list[Card]
) -> dict[str, Any]:
    return {
        "step": "do",
        "seat": seat,
        "card": card.id,
        "chapter": chapter,
        "if": [dict(c) for c in effect.get("if") or ()],
        "before": [c.id for c in before],
        "actions": [dict(a) for a in effect.get("do") or ()],
        "text": str(effect.get("text", "")),
        "i": 0,
        "drew": 0,
        "left": None,
    }


# ---------------------------------------------------------------- playing a verse
def _play_steps(seat: int, card: Card, chapter: int, pay: int, quoted: bool) -> list[dict[str, Any]]:
    return [{"step": "pay", "seat": seat, "card": card.id, "chapter": chapter, "left": pay, "quoted": quoted}]


def _step_pay(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    seat = step["seat"]
    if choice is not None:
        _, _, c = _remove(state, choice["ids"][0])
        state.seats[seat].discard.append(c)
        _ev(state, events, "sacrifice", seat, (c.title,), R_PLAY, f"{_name(state, seat)} sacrifices {c.title}.")
        step["left"] -= 1
    if step["left"] > 0:
        _ask(state, seat, "sacrifice", step, f"Sacrifice {step['left']} more verse(s).")
        return
    _, _, card = _remove(state, step["card"])
    chapter = state.seats[seat].chapters.get(step["chapter"], [])
    before = list(chapter)
    n = _into_chapter(state, seat, card, step["chapter"])
    rule = R_QUOTE if step["quoted"] else (R_FREEPLAY if state.phase == "freeplay" else R_PLAY)
    _ev(state, events, "play", seat, (card.title,), rule, f"{_name(state, seat)} plays {card.title} into chapter {n}.")
    if card.data.unique:
        state.blocked.add(card.data.title_key)
        _ev(state, events, "unique", seat, (card.title,), R_UNIQUE, f"No more {card.title} may be played this game.")
    state.todo[0:0] = [
        {
            "step": "challenge",
            "seat": seat,
            "card": card.id,
            "chapter": n,
            "before": [c.id for c in before],
            "ask": _challengers(state, seat) if state.options.quote_it else [],
        }
    ]


def _challengers(state: State, seat: int) -> list[int]:
    """The opponents asked in turn whether to say Quote It (not one a Struck Dumb still silences)."""
    return [o for o in _opponents(state, seat) if state.no_quote_it.get(o, -1) < state.turn_no]


def _opponents(state: State, seat: int) -> list[int]:
    n = len(state.seats)
    return [(seat + k) % n for k in range(1, n)]


def _step_challenge(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    """Quote It: each opponent in turn may sacrifice a verse and challenge; the player must say the reference."""
    seat = step["seat"]
    if choice is not None:
        who = state.prompt_seat
        if choice["type"] == "pass":
            step["ask"].remove(who)
        else:
            _, _, c = _remove(state, choice["ids"][0])
            state.seats[who].discard.append(c)
            card = _card_of(state, step["card"])
            _ev(
                state,
                events,
                "quote-it",
                who,
                (c.title, card.title),
                R_QUOTE_IT,
                f"{_name(state, who)} sacrifices {c.title} and says: Quote it! {_name(state, seat)} must say the "
                f"reference of {card.title}.",
            )
            step["ask"] = []
            answer = {
                "step": "answer",
                "seat": seat,
                "card": step["card"],
                "kind": "reference",
                "judge": who,
                "then": step,
            }
            state.todo[0:0] = [*_open_quote_it(state, seat, who, card, answer), answer]
            return
    step["ask"] = [s for s in step["ask"] if state.seats[s].hand]
    if step["ask"]:
        card = _card_of(state, step["card"])
        _ask(
            state,
            step["ask"][0],
            "quote-it",
            step,
            f"Challenge {card.title}: sacrifice a verse and say Quote it, or pass.",
        )
        return
    _effects_of_play(state, step, events)


def _card_of(state: State, card_id: str) -> Card:
    return state.by_id[card_id]


def _step_answer(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    """A typed attempt: the scripture (a Quote) or the reference (a Quote It), judged by rules/quoting.py."""
    seat = step["seat"]
    card = _card_of(state, step["card"])
    if choice is None and step.get("failed"):
        # A Quick Play answered the challenge (Samuel on the Wall): it fails, no reference is asked.
        _ev(
            state,
            events,
            "challenge-fails",
            seat,
            (step["failed"], card.title),
            R_BIG,
            f"{step['failed']}: the Quote It challenge against {card.title} fails.",
        )
        _answered(state, step, True, events)
        return
    if choice is None:
        what = "the reference" if step["kind"] == "reference" else "the scripture"
        _ask(state, seat, "answer", step, f"Type {what} of {card.title}.", quoting=step["card"])
        return
    if choice["type"] in ("accept", "refuse"):
        ok = choice["type"] == "accept"
        _ev(
            state,
            events,
            "judged",
            state.prompt_seat,
            (card.title,),
            f"{DOC}: Replays and Etiquette (friendly play)",
            f"{_name(state, state.prompt_seat)} {'accepts' if ok else 'refuses'} the attempt.",
        )
        _answered(state, step, ok, events)
        return
    text = choice.get("text") or ""
    if step["kind"] == "reference":
        judged = compare_reference(text, card.data.reference)
        ok = judged.matches
        detail = f"typed {text!r}; the card says {card.data.reference}"
        state.last_judgement = {"card": card.id, "typed": text, "matches": ok, "kind": "reference"}
    else:
        q = compare_quote(text, card.data.scripture)
        ok = q.matches
        wrong = [f"{e.kind}: {e.expected or '-'} / {e.typed or '-'}" for e in q.diff if e.kind != "equal"]
        detail = f"{q.wrong} wrong word(s), {q.forgiven} forgiven" + (f" ({'; '.join(wrong[:8])})" if wrong else "")
        state.last_judgement = {
            "card": card.id,
            "typed": text,
            "matches": ok,
            "kind": "scripture",
            "score": q.score,
            "diff": [list(e) for e in q.diff],
        }
        if ok and q.wrong == 0 and q.slips == 0:
            # Kept for a Mastery card's signature: word for word (case and punctuation aside), not merely
            # forgiven a word or a slip as the Quote itself is.
            state.quoted.append((seat, card.id))
    rule = R_QUOTE_IT if step["kind"] == "reference" else R_QUOTE
    _ev(
        state,
        events,
        "attempt",
        seat,
        (card.title,),
        rule,
        f"{_name(state, seat)}'s attempt {'matches' if ok else 'does not match'}: {detail}.",
    )
    if not ok and state.options.friendly:
        _ask(state, step["judge"], "judge", step, "Friendly play: accept the attempt anyway, or refuse it.")
        return
    _answered(state, step, ok, events)


def _answered(state: State, step: dict[str, Any], ok: bool, events: list[Event]) -> None:
    seat = step["seat"]
    card = _card_of(state, step["card"])
    if step["kind"] == "reference":
        then = step["then"]
        if ok:
            _ev(state, events, "challenge-failed", seat, (card.title,), R_QUOTE_IT, "The play stands.")
            _effects_of_play(state, then, events)
        else:
            _remove(state, card.id)
            state.seats[seat].darkness.append(card)
            _ev(
                state,
                events,
                "outer-darkness",
                seat,
                (card.title,),
                R_QUOTE_IT,
                f"{card.title} goes to Outer Darkness; its effect never happens.",
            )
        return
    # A Quote: played free, or paid for, or discarded.
    if ok:
        state.todo.insert(0, _play_steps(seat, card, step["chapter"], 0, True)[0])
    else:
        state.todo.insert(0, {"step": "quote-failed", "seat": seat, "card": card.id, "chapter": step["chapter"]})


def _step_quote_failed(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    seat = step["seat"]
    card = _card_of(state, step["card"])
    if choice is None:
        _ask(state, seat, "quote-failed", step, f"Pay {cost(card)} to play {card.title}, or discard it.")
        return
    if choice["type"] == "pay":
        state.todo.insert(0, _play_steps(seat, card, step["chapter"], cost(card), True)[0])
    else:
        _remove(state, card.id)
        state.seats[seat].discard.append(card)
        _ev(state, events, "discard", seat, (card.title,), R_QUOTE, f"{card.title} is discarded.")


def _effects_of_play(state: State, step: dict[str, Any], events: list[Event]) -> None:
    """The verse is in play: its effect goes into the Line, and the other players may answer it."""
    card = _card_of(state, step["card"])
    _line_push(
        state,
        {
            "seat": step["seat"],
            "card": card.id,
            "title": card.title,
            "source": "play",
            "chapter": step["chapter"],
            "before": step["before"],
        },
        events,
    )


def _line_push(state: State, entry: dict[str, Any], events: list[Event]) -> None:
    entry["below"] = len(state.line) - 1
    if state.line:
        state.line[-1]["answered"] = True
    state.line.append(entry)
    state.todo.insert(0, {"step": "respond", "last": entry["seat"], "passed": []})


def _responders(state: State, step: dict[str, Any]) -> list[int]:
    n = len(state.seats)
    order = [(step["last"] + k) % n for k in range(1, n)]
    return [s for s in order if s not in step["passed"] and any(answers_line(state, s, c) for c in state.seats[s].hand)]


def answers_line(state: State, seat: int, card: Card) -> bool:
    """Whether `seat` may answer the Line's last entry with the Quick Play `card` (one bound to another moment
    never; The Whole Armour only an effect that would take a verse out of one of `seat`'s chapters)."""
    if not in_line(card):
        return False
    if "cancel-taking-effect" in _quick_actions(card):
        return bool(state.line) and _takes_from(state, state.line[-1], seat)
    return True


def _takes_from(state: State, entry: dict[str, Any], seat: int) -> bool:
    """A Discard or Quick Play effect in the Line that would take a verse out of one of `seat`'s chapters (one of
    them its action may hit as the tabletop stands)."""
    if entry["source"] not in ("discard", "quick-play") or entry["seat"] == seat:
        return False
    card = state.by_id[entry["card"]]
    return any(
        a.get("action") == "opponent-chapter-to-discard" and _chapters_hit(state, entry["seat"], seat, a)
        for kind in ("discard", "quick-play")
        for e in effects_of(card, kind)
        for a in e.get("do") or ()
    )


# ---------------------------------------------------------------- Quick Plays bound to a moment
MOMENT_WORDS = {
    "start-of-turn": "at the start of a player's turn",
    "quote-it": "when an opponent makes a Quote It challenge against your verse",
}


def _moment_cards(state: State, seat: int, when: str) -> list[Card]:
    bound = state.bound
    if not bound:
        return []
    return [c for c in state.seats[seat].hand if bound.get(c.id) == when]


def _open_start(state: State, seat: int) -> bool:
    """A turn starts: each player holding a start-of-turn Quick Play (A Time to Every Purpose: "At the start of any
    player's turn") may play it, asked from the player's left, the player last."""
    if not state.bound:
        return False
    n = len(state.seats)
    ask = [(seat + k) % n for k in range(1, n + 1)]
    ask = [o for o in ask if _moment_cards(state, o, "start-of-turn")]
    if not ask:
        return False
    says = f"{_name(state, seat)}'s turn starts: play a Quick Play for this moment, or pass."
    state.todo.append(
        {"step": "moment", "moment": "start-of-turn", "ask": ask, "about": {"player": seat}, "says": says}
    )
    return True


def _open_quote_it(state: State, seat: int, who: int, card: Card, answer: dict[str, Any]) -> list[dict[str, Any]]:
    """An opponent says Quote It: the verse's player may answer with a quote-it Quick Play (Samuel on the Wall)."""
    if not _moment_cards(state, seat, "quote-it"):
        return []
    says = f"{_name(state, who)} challenges {card.title}: play a Quick Play for this moment, or pass."
    return [{"step": "moment", "moment": "quote-it", "ask": [seat], "about": {"answer": answer}, "says": says}]


def _quick_play_into_line(
    state: State,
    who: int,
    choice: Action,
    rule: str,
    words: str,
    events: list[Event],
    extra: dict[str, Any] | None = None,
) -> None:
    """`who` plays the chosen Quick Play from the hand: it goes to the discard pile and its effect into the Line
    (`words`: what they did, `{}` standing for the card's title)."""
    _, _, c = _remove(state, choice["ids"][0])
    state.seats[who].discard.append(c)
    _ev(state, events, "quick-play", who, (c.title,), rule, f"{_name(state, who)} {words.format(c.title)}")
    entry = {"seat": who, "card": c.id, "title": c.title, "source": "quick-play", "chapter": None, "before": []}
    _line_push(state, entry | (extra or {}), events)


def _step_moment(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    """Quick Plays whose text names the moment they answer (docs/card-effects.md, `moment`): each holder in turn
    may play one; the first played goes into the Line, which opens as after any verse (others may answer it)."""
    if choice is not None:
        who = state.prompt_seat
        if choice["type"] == "pass":
            step["ask"].remove(who)
        else:
            words = f"plays {{}} (Quick Play) {MOMENT_WORDS[step['moment']]}: it joins the Line."
            _quick_play_into_line(state, who, choice, R_QUICK, words, events, {"moment": step["about"]})
            return
    step["ask"] = [s for s in step["ask"] if _moment_cards(state, s, step["moment"])]
    if step["ask"]:
        _ask(state, step["ask"][0], "respond", step, step["says"])


def _step_respond(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    """The Line: each player holding a Quick Play may answer the last verse set in it; all pass: it resolves."""
    if choice is not None:
        who = state.prompt_seat
        if choice["type"] == "pass":
            step["passed"].append(who)
        else:
            _quick_play_into_line(
                state, who, choice, R_LINE, "answers with {} (Quick Play): it joins the Line.", events
            )
            return
    waiting = _responders(state, step)
    if waiting:
        top = state.line[-1]["title"]
        _ask(state, waiting[0], "respond", step, f"Answer {top} with a Quick Play, or pass.")
        return
    if state.line and not any(s["step"] == "respond" for s in state.todo):
        state.todo.insert(0, {"step": "resolve"})


def _step_resolve(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    """The Line resolves last in, first out."""
    if not state.line:
        return
    entry = state.line.pop()
    steps: list[dict[str, Any]] = []
    found = state.card(entry["card"]) if entry["card"] in state.by_id else None
    if entry.get("cancelled"):
        _ev(
            state,
            events,
            "cancelled",
            entry["seat"],
            (entry["title"],),
            R_LINE,
            f"{entry['title']}'s effect is cancelled.",
        )
    elif found is None:
        pass
    else:
        card = found[2]
        if entry.get("answered") or entry["below"] >= 0:
            _ev(
                state,
                events,
                "resolve",
                entry["seat"],
                (card.title,),
                R_LINE,
                f"{card.title}'s effect resolves (the Line, last in first out).",
            )
        steps = _entry_steps(state, entry, card, events)
    if state.line:
        steps.append({"step": "resolve"})
    state.todo[0:0] = steps


def _entry_steps(state: State, entry: dict[str, Any], card: Card, events: list[Event]) -> list[dict[str, Any]]:
    seat = entry["seat"]
    steps: list[dict[str, Any]] = []
    if entry["source"] == "play":
        chapter = entry["chapter"]
        if chapter not in state.seats[seat].chapters or card not in state.seats[seat].chapters[chapter]:
            return []  # no longer in play (a book was closed, a verse moved)
        before = [state.by_id[i] for i in entry["before"]]
        for e in effects_of(card, "prayer"):
            steps.append({"step": "prayer", "seat": seat, "card": card.id, "n": int(e["n"]), "taken": False})
        for e in effects_of(card, "keyword"):
            steps.append({"step": "keyword", "seat": seat, "card": card.id, "words": list(e["words"])})
        for e in effects_of(card, "cross-reference"):
            steps.append(
                {"step": "xref", "seat": seat, "card": card.id, "chapter": chapter, "reference": str(e["reference"])}
            )
        for e in effects_of(card, "text"):
            if timing(e) == "play" and "do" in e:
                steps.append(_do_step(seat, card, chapter, e, before))
    else:
        kind = "quick-play" if effects_of(card, "quick-play") else "discard"
        for e in effects_of(card, kind):
            if "do" in e:
                steps.append(
                    _do_step(seat, card, None, e, [])
                    | {"line_index": entry["below"] + 1, "moment": entry.get("moment")}
                )
            else:
                _not_followed(events, seat, card, f"{card.title}'s effect: {e.get('text', '')}")
    for e in card.data.effects:
        if e.get("kind") == "text" and not is_modelled(e) and entry["source"] == "play":
            _not_followed(events, seat, card, f"{card.title}'s effect: {e.get('text', '')}")
    return steps


# ---------------------------------------------------------------- standard and printed effects
def _step_prayer(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    seat = step["seat"]
    s = state.seats[seat]
    look = s.deck[: step["n"]]
    if not look:
        return
    if choice is None:
        _ask(
            state,
            seat,
            "choose",
            step,
            f"Prayer ({step['n']}): take one of the top verses into your hand, or none.",
            options=[c.id for c in look],
            optional=True,
            shows=[c.id for c in look],
        )
        return
    if choice["type"] == "choose":
        if choice.get("ids"):
            _, _, c = _remove(state, choice["ids"][0])
            s.hand.append(c)
            _ev(state, events, "prayer", seat, (), R_PRAYER, f"{s.name} takes one of the top {step['n']} into hand.")
        rest = s.deck[: step["n"] - (1 if choice.get("ids") else 0)]
        if not rest:
            return
        step["rest"] = [c.id for c in rest]
        _ask(
            state,
            seat,
            "place",
            step,
            "Put the other verses back on top of your deck, or at the bottom.",
            shows=step["rest"],
        )
        return
    rest = [c for c in s.deck if c.id in step["rest"]]
    if choice["where"] == "bottom":
        for c in rest:
            s.deck.remove(c)
        s.deck.extend(rest)
    _ev(state, events, "prayer", seat, (), R_PRAYER, f"{s.name} puts {len(rest)} verse(s) on the {choice['where']}.")


def _step_keyword(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    seat = step["seat"]
    s = state.seats[seat]
    if choice is None:
        found = [c for c in s.deck if keyword_matches(step["words"], c.data.scripture)]
        if not found:
            if s.deck:
                _ev(state, events, "keyword", seat, (), R_KEYWORD, f"{s.name} searches the deck: nothing has the word.")
                state.rng.shuffle(s.deck)
            return
        _ask(
            state,
            seat,
            "choose",
            step,
            f"Keyword ({', '.join(step['words'])}): take a verse from your deck, or none.",
            options=[c.id for c in found],
            optional=True,
            shows=[c.id for c in s.deck],
        )
        return
    if choice.get("ids"):
        _, _, c = _remove(state, choice["ids"][0])
        s.hand.append(c)
        _ev(state, events, "keyword", seat, (), R_KEYWORD, f"{s.name} takes a verse from the deck and shuffles it.")
        state.rng.shuffle(s.deck)


def _step_xref(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    seat = step["seat"]
    s = state.seats[seat]
    if step["chapter"] not in s.chapters:
        return
    if choice is None:
        want = title_key(step["reference"])
        found = [c for c in s.hand if title_key(c.data.reference) == want]
        if found:
            _ask(
                state,
                seat,
                "choose",
                step,
                f"Cross Reference ({step['reference']}): set it into the chapter, or not.",
                options=[c.id for c in found],
                optional=True,
            )
        return
    if choice.get("ids"):
        _set(state, seat, choice["ids"][0], step["chapter"], events, R_XREF)


def _set(state: State, seat: int, card_id: str, chapter: int, events: list[Event], rule: str) -> None:
    _, _, c = _remove(state, card_id)
    n = _into_chapter(state, seat, c, chapter)
    state.set_ids.add(c.id)
    _ev(state, events, "set", seat, (c.title,), rule, f"{_name(state, seat)} sets {c.title} into chapter {n}.")


def _step_do(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    """A printed effect's actions in order (docs/card-effects.md); one that needs a choice waits for it."""
    seat = step["seat"]
    s = state.seats[seat]
    card = _card_of(state, step["card"])
    if step["i"] == 0 and choice is None and step["left"] is None:
        before = [state.by_id[i] for i in step["before"]]
        if not all(_holds(c, before) for c in step["if"]):
            _ev(
                state,
                events,
                "no-effect",
                seat,
                (card.title,),
                R_EFFECTS,
                f"{card.title}: the effect's condition does not hold ({step['text']})",
            )
            return
        _ev(state, events, "effect", seat, (card.title,), R_EFFECTS, f"{card.title}: {step['text']}")
    while step["i"] < len(step["actions"]):
        a = step["actions"][step["i"]]
        name = a["action"]
        n = int(a.get("n", 0))
        chapter = s.chapters.get(step["chapter"]) if step["chapter"] is not None else None
        if name == "draw-verses":
            if "per-theme" in a or "per-marker" in a:
                others = [c for c in chapter or [] if c.id != card.id]
                n = min(n, sum(1 for c in others if _has(c, a.get("per-theme"), a.get("per-marker"))))
            got = sum(1 for _ in range(n) if draw_verse(state, seat))
            step["drew"] += got
            _ev(state, events, "draw", seat, (), R_EFFECTS, f"{s.name} draws {got} verse(s).")
        elif name == "draw-blessing":
            count = len(state.seats) if a.get("each-player") else 1
            for who in [(seat + k) % len(state.seats) for k in range(count)]:
                for _ in range(n):
                    draw_blessing(state, who, events, R_EFFECTS)
        elif name == "opponents":
            _not_followed(events, seat, card, f"this part of {card.title}: {step['text']}")
        elif name == "count-as-chosen-theme":
            t = CV_THEMES.index(a["theme"])
            if choice is None:
                themes = [x for x in CV_THEMES if x != a["theme"]]
                _ask(state, seat, "theme", step, f"{card.title}: {step['text']}", themes=themes)
                return
            to = CV_THEMES.index(choice["theme"])
            choice = None
            state.auras[card.id] = ("count-as", t, to, state.turn_no)
            state.tabletop += 1
            _ev(
                state,
                events,
                "count-as",
                seat,
                (card.title,),
                R_EFFECTS,
                f"{card.title}: until the end of {_name(state, seat)}'s turn, {a['theme'].capitalize()} icons in its "
                f"chapter also count as {CV_THEMES[to].capitalize()} icons.",
            )
        elif name in ("protects-chapter", "prevent-discard", "chapter-icon-bonus"):
            pass  # read where a verse would leave a chapter or a hand (_protected, _ask_prevent)
        elif name in FOE_ACTIONS:
            # The action on opponents is a step of its own (it may wait for their choices); the rest follows it.
            step["i"] += 1
            step["left"] = None
            foe = {"step": "foe", "seat": seat, "card": card.id, "action": dict(a), "queue": None, "left": 0}
            state.todo[0:0] = [foe, step]
            return
        elif name == "cancel-effect":
            below = step.get("line_index", 0) - 1
            if 0 <= below < len(state.line):
                state.line[below]["cancelled"] = True
                _ev(
                    state,
                    events,
                    "cancel",
                    seat,
                    (card.title, state.line[below]["title"]),
                    R_LINE,
                    f"{card.title} cancels {state.line[below]['title']}'s effect.",
                )
        elif name == "cancel-taking-effect":
            below = step.get("line_index", 0) - 1
            if 0 <= below < len(state.line) and state.line[below]["source"] in ("discard", "quick-play"):
                state.line[below]["cancelled"] = True
                _ev(
                    state,
                    events,
                    "cancel",
                    seat,
                    (card.title, state.line[below]["title"]),
                    R_BIG,
                    f"{card.title} cancels {state.line[below]['title']}'s effect.",
                )
        elif name == "skip-freeplay":
            about = step.get("moment") or {}
            if "player" in about:
                state.no_freeplay[about["player"]] = state.turn_no
                _ev(
                    state,
                    events,
                    "no-freeplay",
                    about["player"],
                    (card.title,),
                    R_BIG,
                    f"{card.title}: {_name(state, about['player'])} skips the Freeplay phase this turn.",
                )
        elif name == "challenge-fails":
            about = step.get("moment") or {}
            if "answer" in about:
                about["answer"]["failed"] = card.title
        elif name == "return-own-chapter":
            # "Return every verse of one of your other chapters to your hand": the player picks the chapter.
            options = [k for k in s.chapters if k != step["chapter"]]
            if choice is not None:
                options, choice = [choice["chapter"]], None
            if len(options) > 1:
                targets = [{"owner": seat, "chapter": k} for k in options]
                _ask(state, seat, "target", step, f"{card.title}: {step['text']}", targets=targets)
                return
            if options:
                _return_chapter(state, seat, options[0], card, events)
        elif name == "move-own-verse":
            # "Move a verse from one of your chapters into another of your chapters": the verse, then where.
            if step["left"] is None and choice is not None:
                step["left"], choice = choice["ids"][0], None
            if step["left"] is None:
                movable = [c.id for ch in s.chapters.values() for c in ch] if len(s.chapters) > 1 else []
                if movable:
                    _ask(state, seat, "choose", step, f"{card.title}: choose the verse to move.", options=movable)
                    return
            else:
                found = state.card(step["left"])
                assert found is not None
                here = int(found[1].split("-")[1])
                options = [k for k in s.chapters if k != here]
                if choice is not None:
                    options, choice = [choice["chapter"]], None
                if len(options) > 1:
                    targets = [{"owner": seat, "chapter": k} for k in options]
                    _ask(
                        state,
                        seat,
                        "target",
                        step,
                        f"{card.title}: move {found[2].title} into which chapter?",
                        targets=targets,
                    )
                    return
                _move_verse(state, seat, step["left"], here, options[0], card, events)
        elif name == "arrange-top":
            # Which of the top n goes on top (docs/rulings.md: one verse at a time, the first chosen on top).
            if choice is None and step["left"] is None:
                step["left"] = [c.id for c in s.deck[:n]]
                step["placed"] = []
            if choice is not None:
                step["placed"].append(choice["ids"][0])
                step["left"].remove(choice["ids"][0])
                choice = None
            if len(step["left"]) > 1:
                _ask(
                    state,
                    seat,
                    "choose",
                    step,
                    "Arrange the top of your deck: choose the next verse from the top.",
                    options=list(step["left"]),
                    optional=False,
                    shows=list(step["left"]),
                )
                return
            order = step["placed"] + step["left"]
            cards = [_card_of(state, i) for i in order]
            for c in cards:
                s.deck.remove(c)
            s.deck[0:0] = cards
            _ev(state, events, "arrange", seat, (), R_EFFECTS, f"{s.name} arranges the top {len(cards)} verse(s).")
        else:
            # Choices of verses, one at a time: set from the hand, return from the discard, hand to deck bottom.
            if step["left"] is None:
                step["left"] = n
            if choice is not None:
                if choice.get("ids"):
                    picked = choice["ids"][0]
                    if name == "set-from-hand":
                        _set(state, seat, picked, step["chapter"], events, R_SET)
                    elif name == "return-from-discard":
                        _, _, c = _remove(state, picked)
                        s.hand.append(c)
                        _ev(
                            state, events, "return", seat, (c.title,), R_EFFECTS, f"{s.name} returns {c.title} to hand."
                        )
                    else:
                        _, _, c = _remove(state, picked)
                        s.deck.append(c)
                        _ev(state, events, "bottom", seat, (), R_EFFECTS, f"{s.name} puts a verse under the deck.")
                    step["left"] -= 1
                else:
                    step["left"] = 0
                choice = None
            options = _choice_options(state, step, a, card)
            if step["left"] > 0 and options:
                optional = name != "hand-to-deck-bottom"
                _ask(
                    state,
                    seat,
                    "choose",
                    step,
                    f"{card.title}: {step['text']}",
                    options=[c.id for c in options],
                    optional=optional,
                )
                return
            step["left"] = None
        step["i"] += 1
        step["left"] = None


def _return_chapter(state: State, seat: int, chapter: int, card: Card, events: list[Event]) -> None:
    s = state.seats[seat]
    titles = []
    for c in list(s.chapters[chapter]):
        _remove(state, c.id)
        s.hand.append(c)
        titles.append(c.title)
    _ev(
        state,
        events,
        "return-chapter",
        seat,
        tuple(titles),
        R_EFFECTS,
        f"{card.title}: {s.name} returns the {len(titles)} verse(s) of chapter {chapter} to hand.",
    )


def _move_verse(state: State, seat: int, card_id: str, here: int, there: int, card: Card, events: list[Event]) -> None:
    """A verse moved between its player's chapters: not played again, and a set verse stays set."""
    was_set = card_id in state.set_ids
    _, _, c = _remove(state, card_id)
    state.seats[seat].chapters[there].append(c)
    state.tabletop += 1
    if was_set:
        state.set_ids.add(card_id)
    _ev(
        state,
        events,
        "move",
        seat,
        (c.title,),
        R_EFFECTS,
        f"{card.title}: {_name(state, seat)} moves {c.title} from chapter {here} into chapter {there}.",
    )


def _choice_options(state: State, step: dict[str, Any], a: Mapping[str, Any], card: Card) -> list[Card]:
    s = state.seats[step["seat"]]
    name = a["action"]
    if name == "set-from-hand":
        if step["chapter"] not in s.chapters:
            return []
        return [c for c in s.hand if "marker" not in a or _has(c, None, a["marker"])]
    if name == "return-from-discard":
        return [c for c in s.discard if c.id != card.id]
    if name == "hand-to-deck-bottom":
        if a.get("if-drew") and not step["drew"]:
            return []
        return list(s.hand)
    return []


# ---------------------------------------------------------------- printed effects on opponents
FOE_ACTIONS = frozenset(
    {
        "opponents-from-hand",
        "opponent-chapter-to-discard",
        "take-random-from-opponent-hand",
        "look-at-opponent-hand",
        "opponent-no-quote-it",
        "opponents-no-book",
    }
)


def _next_turn_of(state: State, who: int) -> int:
    """The number of `who`'s next turn after this one (its current turn does not count)."""
    n = len(state.seats)
    return state.turn_no + ((who - state.active) % n or n)


def _protected(state: State, owner: int, chapter: list[Card], by: int) -> bool:
    """Rock of Our Redeemer: another player's verse effects cannot move or discard this chapter's verses."""
    return owner != by and any(
        c.id not in state.set_ids
        and any(x.get("action") == "protects-chapter" for e in effects_of(c, "text") for x in e.get("do") or ())
        for c in chapter
    )


def _chapters_hit(state: State, seat: int, owner: int, a: Mapping[str, Any]) -> list[int]:
    """`owner`'s chapters an `opponent-chapter-to-discard` of `seat`'s verse may hit."""
    out = []
    for n, chapter in state.seats[owner].chapters.items():
        if len(chapter) < int(a.get("min-verses", 1)):
            continue
        if "without-marker" in a and any(_has(c, None, a["without-marker"]) for c in chapter):
            continue
        if not _protected(state, owner, chapter, seat):
            out.append(n)
    return out


def _to_owner_discard(state: State, card_id: str, card: Card, events: list[Event]) -> None:
    owner, zone, c = _remove(state, card_id)
    assert owner is not None
    state.seats[owner].discard.append(c)
    _ev(
        state,
        events,
        "foe-discard",
        owner,
        (c.title,),
        R_EFFECTS,
        f"{card.title}: {_name(state, owner)} puts {c.title} from {zone.replace('-', ' ')} into the discard pile.",
    )


def _preventers(state: State, who: int) -> list[Card]:
    return [
        c
        for c in state.seats[who].hand
        if any(x.get("action") == "prevent-discard" for e in effects_of(c, "quick-play") for x in e.get("do") or ())
    ]


def _ask_prevent(state: State, step: dict[str, Any], who: int, card: Card) -> bool:
    """Shut the Lions' Mouths: before an opponent's effect puts `who`'s verses into a discard pile, `who` may
    discard a preventing Quick Play from the hand (asked once an effect)."""
    if who in step["asked"]:
        return False
    step["asked"].append(who)
    found = _preventers(state, who)
    if not found:
        return False
    step["asking"] = who
    says = f"{card.title} would put your verses into your discard pile: prevent it with a Quick Play, or pass."
    _ask(state, who, "prevent", step, says, options=[c.id for c in found])
    return True


def _step_foe(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    """A printed action on opponents (docs/card-effects.md); the opponents choose what leaves their hand or
    chapter, the player chooses the opponent or the chapter a verse names ("Choose an opponent's chapter")."""
    seat = step["seat"]
    a = step["action"]
    name = a["action"]
    card = _card_of(state, step["card"])
    n = int(a.get("n", 1))
    step.setdefault("asked", [])
    step.setdefault("spared", [])
    if choice is not None and choice["type"] in ("prevent", "pass"):
        who = step.pop("asking")
        if choice["type"] == "prevent":
            _, _, c = _remove(state, choice["ids"][0])
            state.seats[who].discard.append(c)
            step["spared"].append(who)
            _ev(
                state,
                events,
                "prevent",
                who,
                (c.title, card.title),
                R_QUICK,
                f"{_name(state, who)} discards {c.title} (Quick Play): {card.title} puts none of their verses into "
                "the discard pile.",
            )
        choice = None
    if name == "opponents-no-book":
        for o in _opponents(state, seat):
            state.no_book[o] = _next_turn_of(state, o)
        _ev(
            state,
            events,
            "no-book",
            seat,
            (card.title,),
            R_EFFECTS,
            f"{card.title}: no opponent may close a book during their next turn.",
        )
        return
    if name == "opponents-from-hand":
        if step["queue"] is None:
            step["queue"], step["left"] = _opponents(state, seat), n
        to_discard = a["to"] == "discard"
        if choice is not None:
            who = step["queue"][0]
            _, _, c = _remove(state, choice["ids"][0])
            if to_discard:
                state.seats[who].discard.append(c)
                text = f"{card.title}: {_name(state, who)} discards {c.title} from hand."
            else:
                state.seats[who].deck.append(c)
                text = f"{card.title}: {_name(state, who)} puts a verse from hand on the bottom of the deck."
            _ev(state, events, "foe-hand", who, (c.title,) if to_discard else (), R_EFFECTS, text)
            step["left"] -= 1
        while step["queue"]:
            who = step["queue"][0]
            hand = state.seats[who].hand
            if to_discard and hand and step["left"] == n and _ask_prevent(state, step, who, card):
                return
            if step["left"] > 0 and hand and who not in step["spared"]:
                where = "into your discard pile" if to_discard else "on the bottom of your deck"
                says = f"{card.title}: put a verse from your hand {where}."
                _ask(state, who, "choose", step, says, options=[c.id for c in hand], optional=False)
                return
            step["queue"].pop(0)
            step["left"] = n
        return
    if name == "opponent-chapter-to-discard":
        if step["queue"] is None:
            # each-opponent: one chapter of each (its owner picks); chosen-chapter: one chapter the player picks.
            step["queue"] = _opponents(state, seat) if a["target"] == "each-opponent" else [None]
            step["hit"], step["left"] = None, n
        if choice is not None:
            if choice["type"] == "target":
                step["hit"] = [choice["owner"], choice["chapter"]]
            else:
                _to_owner_discard(state, choice["ids"][0], card, events)
                step["left"] -= 1
        while step["queue"]:
            who = step["queue"][0]
            if step["hit"] is None:
                owners = _opponents(state, seat) if who is None else [who]
                targets = [{"owner": o, "chapter": k} for o in owners for k in _chapters_hit(state, seat, o, a)]
                if len(targets) > 1:
                    chooser = seat if who is None else who
                    says = f"{card.title}: choose the chapter it acts on ({step.get('text', card.data.text)})."
                    _ask(state, chooser, "target", step, says, targets=targets)
                    return
                if not targets:
                    if who is None:
                        _ev(
                            state,
                            events,
                            "no-target",
                            seat,
                            (card.title,),
                            R_EFFECTS,
                            f"{card.title}: no opponent's chapter can be chosen.",
                        )
                    step["queue"].pop(0)
                    continue
                step["hit"] = [targets[0]["owner"], targets[0]["chapter"]]
            owner, k = step["hit"]
            chapter = state.seats[owner].chapters.get(k, [])
            if chapter and _ask_prevent(state, step, owner, card):
                return
            if owner in step["spared"]:
                pass
            elif a["which"] == "last":
                for c in list(chapter[-n:]):
                    _to_owner_discard(state, c.id, card, events)
            elif step["left"] > 0 and chapter:
                says = f"{card.title}: put a verse of your chapter {k} into your discard pile."
                _ask(state, owner, "choose", step, says, options=[c.id for c in chapter], optional=False)
                return
            step["queue"].pop(0)
            step["hit"], step["left"] = None, n
        return
    # The player picks an opponent.
    if step.get("target") is None:
        needs_hand = name != "opponent-no-quote-it"
        options = [o for o in _opponents(state, seat) if state.seats[o].hand or not needs_hand]
        if choice is not None and choice["type"] == "target":
            step["target"] = choice["owner"]
        elif len(options) == 1:
            step["target"] = options[0]
        elif not options:
            _ev(state, events, "no-target", seat, (card.title,), R_EFFECTS, f"{card.title}: no opponent has a verse.")
            return
        else:
            targets = [{"owner": o} for o in options]
            _ask(state, seat, "target", step, f"{card.title}: choose an opponent.", targets=targets)
            return
        choice = None
    o = step["target"]
    foe = state.seats[o]
    if name == "take-random-from-opponent-hand":
        c = state.rng.choice(foe.hand)
        _remove(state, c.id)
        state.seats[seat].hand.append(c)
        _ev(
            state,
            events,
            "take",
            seat,
            (card.title,),
            R_EFFECTS,
            f"{card.title}: {_name(state, seat)} takes a random verse from {foe.name}'s hand.",
        )
    elif name == "look-at-opponent-hand":
        if choice is None:
            _ask(state, seat, "look", step, f"{card.title}: {foe.name}'s hand.", shows=[c.id for c in foe.hand])
            return
        _ev(
            state,
            events,
            "look",
            seat,
            (card.title,),
            R_EFFECTS,
            f"{card.title}: {_name(state, seat)} looks at {foe.name}'s hand.",
        )
    elif name == "opponent-no-quote-it":
        state.no_quote_it[o] = _next_turn_of(state, seat)
        _ev(
            state,
            events,
            "no-quote-it",
            o,
            (card.title,),
            R_EFFECTS,
            f"{card.title}: {foe.name} cannot say Quote It until the end of {_name(state, seat)}'s next turn.",
        )


STEPS: dict[str, Callable[[State, dict[str, Any], Action | None, list[Event]], None]] = {
    "pay": _step_pay,
    "challenge": _step_challenge,
    "answer": _step_answer,
    "quote-failed": _step_quote_failed,
    "respond": _step_respond,
    "resolve": _step_resolve,
    "prayer": _step_prayer,
    "keyword": _step_keyword,
    "xref": _step_xref,
    "do": _step_do,
    "foe": _step_foe,
    "moment": _step_moment,
}


# ---------------------------------------------------------------- books
def book_themes(state: State) -> list[str]:
    """Themes a book could be closed in now: one chapter at most from each player, seven icons of the theme."""
    cached = state.themes_cache
    if cached is not None and cached[0] == state.tabletop:
        return cached[1]
    out = _book_themes(state)
    state.themes_cache = (state.tabletop, out)
    return out


def _book_themes(state: State) -> list[str]:
    best = [0] * len(CV_THEMES)
    for s in state.seats:
        counts = [state.icons(ch) for ch in s.chapters.values()]
        for t in range(len(CV_THEMES)):
            best[t] += max((c[t] for c in counts), default=0)
    return [theme for t, theme in enumerate(CV_THEMES) if best[t] >= tb.BOOK_ICONS]


def _book_reachable(state: State, t: int, chosen: list[list[int]]) -> bool:
    have = sum(state.icons(state.seats[o].chapters[n])[t] for o, n in chosen)
    taken = {o for o, _ in chosen}
    rest = sum(
        max((state.icons(ch)[t] for ch in s.chapters.values()), default=0)
        for i, s in enumerate(state.seats)
        if i not in taken
    )
    return have + rest >= tb.BOOK_ICONS


def _book_legal(state: State) -> list[Action]:
    prompt = state.prompt
    assert prompt is not None
    theme = prompt["theme"]
    t = CV_THEMES.index(theme)
    chosen = prompt["chosen"]
    taken = {o for o, _ in chosen}
    out: list[Action] = []
    for o, s in enumerate(state.seats):
        if o in taken:
            continue
        for n, ch in s.chapters.items():
            if state.icons(ch)[t] and _book_reachable(state, t, [*chosen, [o, n]]):
                out.append({"type": "add-chapter", "owner": o, "chapter": n})
    if sum(state.icons(state.seats[o].chapters[n])[t] for o, n in chosen) >= tb.BOOK_ICONS:
        out.append({"type": "close-book", "theme": theme})
    return out


def _close_book(state: State, seat: int, theme: str, chosen: list[list[int]], events: list[Event]) -> None:
    titles: list[str] = []
    for o, n in chosen:
        s = state.seats[o]
        cards = s.chapters.pop(n)
        state.tabletop += 1
        for c in cards:
            state.set_ids.discard(c.id)
        s.discard.extend(cards)
        titles += [c.title for c in cards]
    where = ", ".join(f"{_name(state, o)}'s chapter {n}" for o, n in chosen)
    state.seats[seat].books += 1
    _ev(
        state,
        events,
        "book",
        seat,
        tuple(titles),
        R_BOOK,
        f"{_name(state, seat)} closes a book of {theme} from {where}; its verses go to their owners' discard piles.",
    )
    draw_blessing(state, seat, events, R_BOOK)
    state.phase = "end"


# ---------------------------------------------------------------- legal actions
def _card_action(kind: str, c: Card, **more: Any) -> Action:
    return {"type": kind, "cards": [c.title], "ids": [c.id], **more}


def legal(state: State) -> dict[int, list[Action]]:
    if state.legal_cache is None:
        state.legal_cache = _legal(state)
    return state.legal_cache


def _legal(state: State) -> dict[int, list[Action]]:
    prompt = state.prompt
    if state.result is not None or prompt is None:
        return {}
    seat = prompt["seat"]
    s = state.seats[seat]
    kind = prompt["kind"]
    out: list[Action] = []
    if kind == "hand-limit":
        out = [_card_action("to-blessings", c) for c in s.hand]
    elif kind in ("freeplay", "play"):
        free = kind == "freeplay"
        capped = state.turn_actions >= tb.TURN_ACTIONS
        for c in s.hand if not capped else []:
            if not playable(state, c):
                continue
            chapters = chapter_choices(state, seat, c)
            if free or cost(c) <= len(s.hand) - 1:
                out += [_card_action("freeplay" if free else "play", c, chapter=n) for n in chapters]
            if not free and effects_of(c, "quote"):
                out += [_card_action("quote", c, chapter=n, text=None) for n in chapters]
            if not free and can_discard(c):
                out.append(_card_action("discard", c))
        if free:
            out.append({"type": "pass"})
        else:
            if state.no_book.get(seat) != state.turn_no:  # Parting the Sea: no book this turn
                out += [{"type": "start-book", "theme": t} for t in book_themes(state)]
            out.append({"type": "end-turn"})
    elif kind == "sacrifice":
        out = [_card_action("sacrifice", c) for c in s.hand]
    elif kind == "quote-it":
        out = [_card_action("quote-it", c) for c in s.hand] + [{"type": "pass"}]
    elif kind == "respond":
        step = prompt["step"]
        if step["step"] == "moment":
            quick = _moment_cards(state, seat, step["moment"])
        else:
            quick = [c for c in s.hand if answers_line(state, seat, c)]
        out = [_card_action("quick-play", c) for c in quick] + [{"type": "pass"}]
    elif kind == "answer":
        out = [{"type": "answer", "text": None}]
    elif kind == "judge":
        out = [{"type": "accept"}, {"type": "refuse"}]
    elif kind == "quote-failed":
        card = _card_of(state, prompt["step"]["card"])
        out = ([{"type": "pay"}] if cost(card) <= len(s.hand) else []) + [{"type": "drop"}]
    elif kind == "choose":
        out = [{"type": "choose", "cards": [_card_of(state, i).title], "ids": [i]} for i in prompt["options"]]
        if prompt.get("optional"):
            out.append({"type": "choose", "cards": [], "ids": []})
    elif kind == "place":
        out = [{"type": "place", "where": "top"}, {"type": "place", "where": "bottom"}]
    elif kind == "book":
        out = _book_legal(state)
    elif kind == "target":
        out = [{"type": "target", **t} for t in prompt["targets"]]
    elif kind == "look":
        out = [{"type": "done"}]
    elif kind == "theme":
        out = [{"type": "choose-theme", "theme": t} for t in prompt["themes"]]
    elif kind == "prevent":
        out = [{"type": "prevent", "cards": [_card_of(state, i).title], "ids": [i]} for i in prompt["options"]]
        out.append({"type": "pass"})
    return {seat: out}


# ---------------------------------------------------------------- applying an action
def apply(state: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
    text = action.get("text")
    if isinstance(text, str) and len(text) > MAX_TYPED_CHARS:
        raise Refusal("quote-too-long", f"The text typed is {len(text)} characters long; at most {MAX_TYPED_CHARS}.")
    try:
        found = refuse_unless_legal(ENGINE, state, seat, action)
    except Refusal as refused:
        raise _why_not(state, seat, action) or refused from None
    state.legal_cache = None
    if "text" in found:
        found = {**found, "text": text}
    events: list[Event] = []
    prompt = state.prompt
    assert prompt is not None
    state.prompt = None
    state.prompt_seat = seat
    state.last_judgement = state.last_judgement if found["type"] in ("accept", "refuse") else None
    state.turn_actions += seat == state.active
    kind = found["type"]
    s = state.seats[seat]
    if prompt["kind"] == "hand-limit":
        _, _, c = _remove(state, found["ids"][0])
        s.blessings.append(c)
        _ev(
            state, events, "to-blessings", seat, (), R_START, f"{s.name} puts a verse under the blessings (hand limit)."
        )
    elif kind == "pass" and prompt["kind"] == "freeplay":
        _ev(state, events, "pass", seat, (), R_FREEPLAY, f"{s.name} skips the freeplay.")
        state.phase = "play"
    elif kind in ("freeplay", "play"):
        card = _card_of(state, found["ids"][0])
        _remove(state, card.id)
        state.playing.append(card)
        pay = 0 if kind == "freeplay" else cost(card)
        state.todo[0:0] = _play_steps(seat, card, found["chapter"], pay, False)
        if kind == "freeplay":
            # The play phase follows once the freeplay verse and its Line are done.
            state.todo.append({"step": "phase", "to": "play"})
    elif kind == "quote":
        card = _card_of(state, found["ids"][0])
        _remove(state, card.id)
        state.playing.append(card)
        _ev(
            state,
            events,
            "quote",
            seat,
            (card.title,),
            R_QUOTE,
            f"{s.name} hands {card.title} to an opponent and quotes its scripture.",
        )
        step = {
            "step": "answer",
            "seat": seat,
            "card": card.id,
            "kind": "scripture",
            "chapter": found["chapter"],
            "judge": (seat + 1) % len(state.seats),
        }
        _step_answer(state, step, found, events)
    elif kind == "discard":
        card = _card_of(state, found["ids"][0])
        _remove(state, card.id)
        s.discard.append(card)
        quick = in_line(card)
        _ev(
            state,
            events,
            "discard",
            seat,
            (card.title,),
            R_QUICK if quick else R_EFFECTS,
            f"{s.name} discards {card.title} for its {'Quick Play' if quick else 'Discard'} effect.",
        )
        _line_push(
            state,
            {"seat": seat, "card": card.id, "title": card.title, "source": "discard", "chapter": None, "before": []},
            events,
        )
    elif kind == "start-book":
        _ask(
            state,
            seat,
            "book",
            None,
            f"Choose the chapters of the {found['theme']} book, one at most from each player.",
            theme=found["theme"],
            chosen=[],
        )
    elif kind == "add-chapter":
        _ask(
            state,
            seat,
            "book",
            None,
            prompt["says"],
            theme=prompt["theme"],
            chosen=[*prompt["chosen"], [found["owner"], found["chapter"]]],
        )
    elif kind == "close-book":
        _close_book(state, seat, found["theme"], prompt["chosen"], events)
    elif kind == "end-turn":
        _ev(state, events, "end-play", seat, (), R_END, f"{s.name} ends the play phase.")
        state.phase = "end"
    else:
        step = prompt["step"]
        assert step is not None
        STEPS[step["step"]](state, step, found, events)
    _check_blessings(state, events)
    _advance(state, events)
    return events


def _why_not(state: State, seat: int, action: Mapping[str, Any]) -> Refusal | None:
    """A Quick Play used where its text does not answer: the reason, in the card's words (else the plain one)."""
    prompt = state.prompt
    names = action.get("cards")
    if action.get("type") not in ("quick-play", "discard") or prompt is None or prompt["seat"] != seat:
        return None
    if not isinstance(names, list) or not names or not isinstance(names[0], str):
        return None
    card = next((c for c in state.seats[seat].hand if c.data.title_key == title_key(names[0])), None)
    if card is None or not is_quick(card):
        return None
    when = moment(card)
    step = prompt.get("step") or {}
    if when != "line" and step.get("moment") != when:
        return Refusal("not-its-moment", f"{card.title} is played only {MOMENT_WORDS[when]} ({card.data.text})")
    if action["type"] == "quick-play" and prompt["kind"] == "respond" and not answers_line(state, seat, card):
        top = state.line[-1]["title"] if state.line else "nothing"
        return Refusal(
            "nothing-to-cancel",
            f"{card.title} answers only a Discard or Quick Play effect that would take a verse out of one of your "
            f"chapters; {top}'s effect would not.",
        )
    return None


def _step_phase(state: State, step: dict[str, Any], choice: Action | None, events: list[Event]) -> None:
    state.phase = step["to"]


STEPS["phase"] = _step_phase


class ChapterAndVerse:
    game = "chapter-and-verse"
    min_seats = 2
    max_seats = 6
    variants: tuple[str, ...] = tb.VARIANTS

    def new_game(self, setup: Setup) -> tuple[State, list[Event]]:
        if not self.min_seats <= len(setup.seats) <= self.max_seats:
            raise SetupError("seats", "seat-count", "This game takes 2 to 6 players.")
        return new_game(setup)

    def legal(self, state: State) -> dict[int, list[Action]]:
        return legal(state)

    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> list[Event]:
        return apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return tb.view(state, seat)

    def result(self, state: State) -> Result | None:
        return state.result

    def to_dict(self, state: State) -> dict[str, Any]:
        return tb.to_dict(state)

    def card_ids(self, state: State) -> list[str]:
        return [c.id for _o, _z, cards in state.zones() for c in cards]

    def secret_ids(self, state: State, seat: int | None) -> set[str]:
        return tb.secret_ids(state, seat)

    def computer(self, state: State, seat: int, rng: random.Random) -> Action:
        options = self.legal(state).get(seat, [])
        if not options:
            raise Refusal("not-your-turn", f"Seat {seat} may not act now.")
        chosen = computer.choose(state, seat, options, rng)
        # The legal action itself where the choice is one (apply then takes it without comparing it with each).
        return next((a for a in options if a == chosen), chosen)


ENGINE = ChapterAndVerse()

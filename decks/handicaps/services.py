"""Handicaps (docs/decks.md, "Handicaps"): the organiser records a player's handicap on their registration, and may
ask for a suggestion from goldfish runs of two players' registered lists.

The number means what rules.tournament.handicap says for the event's game (Chapter and Verse: the blessings the
player sets aside; Bible Battles: the wisdom they must reach); None is the game's own number.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction

from decks.events.selectors import event_is_organiser
from decks.events.services import EventError
from decks.events.services import NotAllowed
from decks.goldfish.checks import GoldfishInputError
from decks.goldfish.checks import goldfish_prepare
from decks.goldfish.services import goldfish_job_seconds
from decks.goldfish.services import goldfish_run
from decks.models import Event
from decks.models import Registration
from rules.tournament.handicap import HANDICAPS
from rules.tournament.handicap import HandicapKind
from rules.tournament.handicap import expected_turn
from rules.tournament.handicap import suggest

# The goldfish runs behind a suggestion: enough games to tell two decks' speeds apart, few enough to answer in the
# request (each run's estimate is checked against GOLDFISH_INLINE_SECONDS first), and a fixed seed so that asking
# twice gives the same answer.
SUGGEST_TRIALS = 200
SUGGEST_TURNS = 30
SUGGEST_SEED = 33


def handicap_kind(event: Event) -> HandicapKind:
    kind = HANDICAPS.get(event.game.slug)
    if kind is None:
        raise EventError("handicap", f"{event.game.name} has no handicap on this site.")
    return kind


def _registration_id(raw: Any, *, field: str) -> uuid.UUID:
    """A registration's id as a form sends it (the API's route reads it as a UUID already); a malformed one is a
    400 naming `field`, before any query."""
    text = str(raw if raw is not None else "").strip()
    try:
        return uuid.UUID(text)
    except ValueError:
        raise EventError(field, f"{field}: '{text[:40]}' is not a registration's id.") from None


def handicap_set(*, event: Event, user: User, registration_id: Any, handicap: int | None) -> Registration:
    """Record `handicap` (None: none) for one active registration of the event: its organisers only."""
    if not event_is_organiser(event=event, user=user):
        raise NotAllowed("event", "Only the event's organisers record handicaps.")
    kind = handicap_kind(event)
    if handicap is not None and not kind.low <= handicap <= kind.high:
        raise EventError("handicap", f"A {kind.what} handicap is a whole number from {kind.low} to {kind.high}.")
    pk = _registration_id(registration_id, field="registration")
    with transaction.atomic():
        row = Registration.objects.select_for_update().filter(event=event, active=True, pk=pk).first()
        if row is None:
            raise EventError("registration", f"No such registration of {event.name}.")
        row.handicap = None if handicap == kind.standard else handicap
        row.save(update_fields=["handicap"])
    return row


@dataclass(frozen=True)
class Suggestion:
    """Each player's goldfish mean turn to win and the handicaps that even them (None: the game's own number)."""

    players: tuple[str, str]
    turns: tuple[float | None, float | None]
    handicaps: tuple[int | None, int | None]
    what: str
    standard: int
    registrations: tuple[str, str]

    @property
    def rows(self) -> list[tuple[str, float | None, int | None, str]]:
        return list(zip(self.players, self.turns, self.handicaps, self.registrations, strict=True))

    @property
    def even(self) -> bool:
        return None not in self.turns and self.handicaps == (None, None)


# A list's mean turn to win is the same every time it is asked (the seed is fixed): kept a day, by the list's words,
# so an organiser comparing one player with several, or asking again, plays each list once.
TURN_KEPT_SECONDS = 24 * 3600


def _mean_win_turn(event: Event, registration: Registration, kind: HandicapKind) -> float | None:
    digest = hashlib.sha256(registration.decklist.encode("utf-8", "surrogatepass")).hexdigest()
    key = f"handicap-turn:{event.game.slug}:{kind.what}:{SUGGEST_TURNS}:{SUGGEST_TRIALS}:{SUGGEST_SEED}:{digest}"
    kept = cache.get(key)
    if kept is not None:
        return kept["turn"]
    turn = _play_mean_win_turn(event, registration, kind)
    cache.set(key, {"turn": turn}, TURN_KEPT_SECONDS)
    return turn


def _play_mean_win_turn(event: Event, registration: Registration, kind: HandicapKind) -> float | None:
    data = {
        "game": event.game.slug,
        "decklist": registration.decklist,
        "mode": "play",
        "turns": SUGGEST_TURNS,
        "trials": SUGGEST_TRIALS,
        "seed": SUGGEST_SEED,
    }
    if kind.what == "wisdom":
        data["target"] = kind.standard
    try:
        prepared = goldfish_prepare(data=data)
    except GoldfishInputError as exc:
        raise EventError("registration", f"{registration.deck_name} cannot be goldfished: {exc}") from exc
    if goldfish_job_seconds(prepared=prepared) > settings.GOLDFISH_INLINE_SECONDS:
        raise EventError("registration", f"{registration.deck_name} is too large to goldfish here.")
    result = goldfish_run(data=data)
    outcome = "win" if kind.what == "blessings" else "wisdom-target"
    by_turn = next(o["probability"] for o in result["outcomes"] if o["name"] == outcome)
    return expected_turn(by_turn)


def handicap_suggest(*, event: Event, user: User, registration_ids: tuple[Any, Any]) -> Suggestion:
    """Goldfish both players' registered lists (the same games for both: one seed) and suggest the handicap that
    evens their mean turn to win (rules.tournament.handicap.suggest)."""
    if not event_is_organiser(event=event, user=user):
        raise NotAllowed("event", "Only the event's organisers ask for handicaps.")
    kind = handicap_kind(event)
    rows = []
    for rid in registration_ids:
        pk = _registration_id(rid, field="registration")
        row = Registration.objects.filter(event=event, active=True, pk=pk).select_related("player").first()
        if row is None:
            raise EventError("registration", f"Choose two registrations of {event.name}.")
        rows.append(row)
    if rows[0].pk == rows[1].pk:
        raise EventError("registration", "Choose two different players.")
    turns = (_mean_win_turn(event, rows[0], kind), _mean_win_turn(event, rows[1], kind))
    first, second = turns
    handicaps: tuple[int | None, int | None] = (
        (None, None) if first is None or second is None else suggest(kind.game, first, second)
    )
    return Suggestion(
        players=(rows[0].player.get_username(), rows[1].player.get_username()),
        turns=turns,
        handicaps=handicaps,
        what=kind.what,
        standard=kind.standard,
        registrations=(str(rows[0].pk), str(rows[1].pk)),
    )

"""An event's matches played on the site (docs/tables.md, "Tournament matches online").

Two receivers, connected in TablesConfig.ready:
- `round_paired` (sent by decks inside the pairing's transaction; decks never imports tables): in an event played
  online, each pairing but a bye gets a tournament table for its two players with their registered decks.
- a table's `post_save` once it is over (in the transaction of the move, the resignation or whatever ended it):
  the game is counted into its match; in a best of three the next game's table opens until a player has won
  enough, and then the result goes into the match through the tournament's own result service
  (`match_result_set`, as the organiser's: confirmed), so the standings update.

Counting a game is claimed once by a conditional update of `MatchTable.recorded`: a finish processed twice counts
once. A match whose result is already confirmed (the players reported at a physical table, or the organiser
entered it) keeps it. Opening or recording never fails the pairing or the move: a refusal is logged, and the
players report as at a physical table.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from decks.events.services import EventError
from decks.handicaps.selectors import match_engine_options
from decks.models import Event
from decks.models import Match
from decks.models import Round
from decks.tournaments.services import match_result_set
from decks.tournaments.signals import round_paired
from rules.games import GAMES_BY_SLUG
from tables.models import MatchTable
from tables.models import Table
from tables.models import TableRules
from tables.models import TableStatus
from tables.services import TableRefused
from tables.services import table_create_seated

logger = logging.getLogger(__name__)


def _match_rows(**filters: Any) -> Any:
    return Match.objects.filter(**filters).select_related(
        "round__event__game",
        "round__event__organiser",
        "player_a__user",
        "player_a__registration",
        "player_b__user",
        "player_b__registration",
    )


def match_table_open(*, event: Event, match: Match, game_number: int) -> MatchTable | None:
    """Open game `game_number` of `match` (its players alternate the first seat game by game), or None when the
    engine refuses the deal (logged; the players report as at a physical table)."""
    if match.player_b is None:
        return None
    slug = event.game.slug
    collectible = GAMES_BY_SLUG[slug].collectible if slug in GAMES_BY_SLUG else False
    sides = [match.player_a, match.player_b]
    a_seat = (game_number - 1) % 2
    if a_seat:
        sides.reverse()
    players = [(p.user, p.registration.decklist if collectible else "") for p in sides]
    # The players' handicaps (docs/decks.md, "Handicaps"), per seat as the engine takes them: seat 0 is the
    # match's first player, so the lists turn with the seats.
    options = {
        name: list(reversed(values)) if a_seat else values
        for name, values in match_engine_options(match=match, game=slug).items()
    }
    try:
        with transaction.atomic():
            table = table_create_seated(
                host=event.organiser, game=slug, players=players, rules=TableRules.TOURNAMENT, options=options
            )
            return MatchTable.objects.create(table=table, match=match, game_number=game_number, a_seat=a_seat)
    except TableRefused as exc:
        logger.warning("no table for match %s of event %s: %s (%s)", match.pk, event.pk, exc.message, exc.code)
        return None


@receiver(round_paired)
def open_round_tables(sender: type[Round], *, round: Round, event: Event, **kwargs: Any) -> None:
    """Each pairing of a round of an event played online gets its first game's table."""
    if not event.played_online:
        return
    for match in _match_rows(round=round, player_b__isnull=False).order_by("table"):
        match_table_open(event=event, match=match, game_number=1)


def _tally(match: Match) -> tuple[list[int], int, int]:
    """The match's counted games: wins in the order of its players, draws, games."""
    wins, draws, games = [0, 0], 0, 0
    for link in MatchTable.objects.filter(match=match, recorded=True).select_related("table"):
        result = link.table.result or {}
        winners = set(result.get("winners") or [])
        games += 1
        if winners == {link.a_seat}:
            wins[0] += 1
        elif winners == {1 - link.a_seat}:
            wins[1] += 1
        else:
            draws += 1
    return wins, draws, games


def match_game_finished(*, table: Table) -> None:
    """Count a finished table's game into its match (nothing for a table of no match, or one counted before)."""
    if table.status != TableStatus.OVER:
        return
    with transaction.atomic():
        if not MatchTable.objects.filter(table=table, recorded=False).update(recorded=True):
            return
        link = MatchTable.objects.get(table=table)
        match = _match_rows(pk=link.match_id).get()
        event = match.round.event
        if match.confirmed:
            return  # the players' agreed report or the organiser's result stands
        wins, draws, games = _tally(match)
        if max(wins) <= event.games_per_match // 2 and games < event.games_per_match:
            match_table_open(event=event, match=match, game_number=link.game_number + 1)
            return
        try:
            with transaction.atomic():
                match_result_set(event=event, match=match, user=event.organiser, wins=wins, draws=draws)
        except EventError as exc:
            # The event moved on (finished, a later round paired from this one) or the rules refuse the result
            # (a drawn top-cut game): the organiser enters it, as for a physical table.
            logger.warning("match %s: the online result %s-%s-%s not recorded: %s", match.pk, *wins, draws, exc)


@receiver(post_save, sender=Table)
def table_saved(sender: type[Table], *, instance: Table, raw: bool = False, **kwargs: Any) -> None:
    # Every end of a game saves the table in its own transaction (a last move, a resignation, and any later way
    # such as a clock): one hook sees them all, in the same transaction.
    if not raw and instance.status == TableStatus.OVER:
        match_game_finished(table=instance)

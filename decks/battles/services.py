"""Running a game's rules checker on a request: the one entry point the API and the pages share."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.models import User

from cardcollections.adapters import card_pool_for_game
from decks.goldfish.models import GoldfishJob
from decks.goldfish.services import planned_job_create
from rules.checkers import IllegalInput
from rules.checkers import UnknownCard
from rules.checkers import describe_ref
from rules.checkers import read_card
from rules.games import GAMES_BY_SLUG
from rules.games.battle_cards.simulate import plan_squads
from rules.games.book_of_mormon_battles.simulate import plan_battalion
from rules.games.registry import GAME_RULES
from rules.goldfish.sample_hand import new_seed


class UnknownChecker(LookupError):
    """No such game, or no such checker for the game."""


def _another_games_card(exc: UnknownCard, game: str) -> IllegalInput:
    """The unknown card, named as a card of another game when one holds it (a look-up only on this error path)."""
    for other in GAMES_BY_SLUG:
        if other == game:
            continue
        try:
            card = read_card(card_pool_for_game(other), exc.ref, exc.field)
        except IllegalInput:
            continue
        return IllegalInput(
            exc.field,
            f"{describe_ref(exc.ref)} is a card of {GAMES_BY_SLUG[other].name} ({card.printing}), "
            f"not of {GAMES_BY_SLUG[game].name}.",
        )
    return exc


def rules_check(*, game: str, checker: str, request: Any) -> Mapping[str, Any]:
    """The checker's answer as JSON primitives; IllegalInput (naming the field) for a request the rules refuse."""
    rules = GAME_RULES.get(game)
    check = rules.checker(checker) if rules is not None else None
    if check is None:
        raise UnknownChecker(f"{game} has no {checker} checker.")
    try:
        return check(card_pool_for_game(game), request).to_dict()
    except UnknownCard as exc:
        raise _another_games_card(exc, game) from exc


# game -> (job mode, the engine's planner of a request): the simulations that run as goldfish jobs.
SIMULATIONS: Mapping[str, tuple[str, Callable[..., Any]]] = {
    "book-of-mormon-battles": ("bomb-battalion", plan_battalion),
    "battle-cards": ("bc-squad", plan_squads),
}


def simulation_job_create(
    *, game: str, owner: User | AnonymousUser | None, request: Any, client: str | None
) -> GoldfishJob:
    """A simulation of `game` as a goldfish job (Book of Mormon Battles: how often a battalion wins;
    Battle Cards: the best squad). IllegalInput for a request the engine refuses; the worker budget's
    refusals as goldfish's."""
    mode, planner = SIMULATIONS[game]
    try:
        plan = planner(card_pool_for_game(game), request, seed=new_seed())
    except UnknownCard as exc:
        raise _another_games_card(exc, game) from exc
    data = plan.to_dict()
    return planned_job_create(
        owner=owner,
        client=client,
        mode_name=mode,
        request=dict(request),
        plan=data,
        trials=sum(plan.chunk_size(i) for i in range(plan.n_chunks)),
    )

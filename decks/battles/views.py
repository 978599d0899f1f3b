"""The battle calculator pages (/rules/<game>/): pick cards, see the outcome and its steps, share the link.

The URL holds the position (decks.battles.forms); with htmx the search box and
every link swap only the calculator and push the new URL, without it they are
ordinary links and a GET form.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import render
from django.views import View

from cardcollections.adapters import card_pool_for_game
from cardcollections.catalog.selectors import card_ids_by_title
from decks.battles.forms import CALCULATORS
from decks.battles.forms import Calculator
from decks.battles.forms import ChoiceField
from decks.battles.forms import Position
from decks.battles.selectors import battle_card_search
from decks.battles.services import rules_check
from rules.checkers import IllegalInput
from rules.games import GAMES_BY_SLUG
from rules.play.registry import playable_games


def _lay_notes(calc: Calculator, position: Position) -> dict[tuple[str, int], dict[str, Any]]:
    """{(slot, index): {"allowed", "reason"}}: may each card follow the ones before it in its slot?"""
    notes: dict[tuple[str, int], dict[str, Any]] = {}
    if not calc.lay_checker:
        return notes
    for slot in position.slots:
        cards = position.cards(slot.spec.key)
        for i, card in enumerate(cards):
            try:
                notes[slot.spec.key, i] = dict(
                    rules_check(game=calc.game, checker=calc.lay_checker, request={"in_play": cards[:i], "card": card})
                )
            except IllegalInput as exc:
                notes[slot.spec.key, i] = {"allowed": False, "reason": exc.message}
    return notes


def _outcome(calc: Calculator, position: Position, fields: Sequence[ChoiceField]) -> dict[str, Any] | None:
    """The checker's answer for the position; while an interactive card waits for its choice, what the page needs
    instead of a winner (docs/rulings.md, "The calculator's interactive cards")."""
    request = calc.request(position)
    if request is None:
        return None
    waiting = [f for f in fields if not f.ready]
    used = [f for f in fields if f.ready and f.item is not None]
    if used and not waiting:
        request = {**request, "choices": [f.item for f in used]}
    try:
        # With a choice missing the cards are still checked: an illegal play is said first.
        result = rules_check(game=calc.game, checker=calc.checker, request=request)
    except IllegalInput as exc:
        which = re.match(r"choices\[(\d+)\]", exc.field)
        if which and int(which[1]) < len(used):
            return {"needs": [f"{used[int(which[1])].who}: {exc.message} Choose again under the card."]}
        return {"problem": exc.message, "field": exc.field}
    if waiting:
        return {"needs": [f.need for f in waiting]}
    scores = result.get("values") or result.get("points") or {}
    return {"summary": calc.summary(result, position), "steps": result["steps"], "scores": scores}


def calculator_context(calc: Calculator, position: Position) -> dict[str, Any]:
    titles = {t for slot in position.slots for t in slot.titles}
    ids = card_ids_by_title(game=calc.game, titles=titles)
    notes = _lay_notes(calc, position)
    fields = calc.choice_fields(position, card_pool_for_game(calc.game)) if calc.choice_fields else []
    choice_of = {(f.slot, f.index): f for f in fields}
    slots = [
        {
            "slot": slot,
            "cards": [
                {
                    "title": title,
                    "id": ids.get(title.casefold()),
                    "remove": position.url(drop=(slot.spec.key, i)),
                    "note": notes.get((slot.spec.key, i)),
                    "choice": choice_of.get((slot.spec.key, i)),
                }
                for i, title in enumerate(slot.titles)
            ],
        }
        for slot in position.slots
    ]
    results = battle_card_search(game=calc.game, query=position.query)
    return {
        "calc": calc,
        "game": GAMES_BY_SLUG[calc.game],
        "position": position,
        "option_fields": [(spec, position.options[spec.key]) for spec in calc.options],
        "playable": calc.game in playable_games(),
        "slots": slots,
        "results": [
            {
                "card": card,
                "adds": [
                    (s.spec.label if not s.spec.name_key else s.name, position.url(add=(s.spec.key, card.title)))
                    for s in position.slots
                    if not s.full
                ],
            }
            for card in results
        ],
        "outcome": _outcome(calc, position, fields),
        "examples": [(name, "?" + urlencode(params)) for name, params in calc.examples()],
    }


class BattleCalculatorPage(View):
    template_name = "decks/battles/calculator.html"
    partial_name = "decks/battles/_calculator.html"

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        calc = CALCULATORS.get(slug)
        if calc is None:
            raise Http404("No battle calculator for this game.")
        partial = bool(request.headers.get("HX-Request"))
        context = calculator_context(calc, calc.read(request.GET))
        context["calculators"] = [GAMES_BY_SLUG[g] for g in CALCULATORS]
        return render(request, self.partial_name if partial else self.template_name, context)

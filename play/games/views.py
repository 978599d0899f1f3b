"""The play pages: start a game against the computer or for people taking turns on one screen, play it with
the cards on the table and every step explained, and replay it once it is over (docs/games/README.md)."""

from __future__ import annotations

import random
from typing import Any

from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.views import View

from cardcollections.catalog.selectors import card_ids_by_title
from cardsite.page_writes import counted_posts
from decks.lists.selectors import deck_get_readable
from decks.lists.selectors import deck_text
from play.games.board import board_zones
from play.games.board import view_titles
from play.games.forms import NewGameForm
from play.games.forms import recall_given
from play.games.selectors import unfollowed_abilities
from play.games.services import NotPlayable
from play.games.services import local_game
from play.games.services import local_game_act
from play.games.services import local_game_position
from play.games.services import local_game_start
from rules.games import GAMES_BY_SLUG
from rules.play.interface import SetupError
from rules.play.registry import engine_for
from rules.play.registry import playable_games


def _choice(action: dict[str, Any]) -> dict[str, Any]:
    """A legal action as a button: its words, and whether it takes typed text (a quote, a reference)."""
    words = [str(action["type"]).replace("-", " ")]
    if action.get("cards"):
        words.append(": " + ", ".join(action["cards"]))
    for key, value in action.items():
        if key in ("type", "cards", "ids", "text"):
            continue
        if key == "chapter":
            words.append(" (a new chapter)" if value == 0 else f" (chapter {value})")
        else:
            words.append(f" ({key} {value})")
    return {"label": "".join(words), "typed": "text" in action and action["text"] is None, "type": action["type"]}


class PlayHome(View):
    def get(self, request: HttpRequest) -> HttpResponse:
        initial: dict[str, Any] = {"game": request.GET.get("game")}
        # A saved deck of the player's (the learning app's "What you know plays" link): both seats play it, and the
        # computer quotes as well as the link's recall says the player knows its verses.
        deck = deck_get_readable(deck_id=request.GET["deck"], user=request.user) if request.GET.get("deck") else None
        if deck is not None and GAMES_BY_SLUG.get(deck.game.slug) and GAMES_BY_SLUG[deck.game.slug].collectible:
            initial.update(game=deck.game.slug, deck=deck_text(deck), other_deck=deck_text(deck))
        recall = recall_given(request.GET.get("computer_recall"))
        if recall is not None:
            initial["computer_recall"] = recall
        return self._page(request, NewGameForm(initial=initial))

    @staticmethod
    def _page(request: HttpRequest, form: NewGameForm, status: int = 200) -> HttpResponse:
        games = [
            {"game": GAMES_BY_SLUG[slug], "engine": engine_for(slug), "unfollowed": unfollowed_abilities(slug)}
            for slug in playable_games()
        ]
        return render(request, "play/home.html", {"form": form, "games": games}, status=status)

    def post(self, request: HttpRequest) -> HttpResponseBase:
        return counted_posts(self._start)(request)

    def _start(self, request: HttpRequest) -> HttpResponse:
        form = NewGameForm(request.POST)
        if not form.is_valid():
            return self._page(request, form, status=400)
        options = form.options()
        try:
            game_id = local_game_start(
                session=request.session,
                game=form.cleaned_data["game"],
                seats=form.seats(),
                options=options,
                seed=random.SystemRandom().randrange(2**31),
            )
        except SetupError as exc:
            # A seat's deck list is the form's `deck` (seat 0) or `other_deck` (the others).
            field = (
                None if not exc.path.endswith(".deck") else ("deck" if exc.path == "seats[0].deck" else "other_deck")
            )
            field = "deal" if exc.path.startswith("options.deal") else field  # a teacher's stacked deal
            form.add_error(field, exc.detail)
            return self._page(request, form, status=400)
        except NotPlayable as exc:
            form.add_error(None, str(exc))
            return self._page(request, form, status=400)
        return redirect("play-game", game_id=game_id)


class PlayGamePage(View):
    def get(self, request: HttpRequest, game_id: str) -> HttpResponse:
        record = local_game(session=request.session, game_id=game_id)
        if record is None:
            raise Http404("That game is no longer kept: start a new one.")
        return render(request, "play/game.html", _game_context(record, game_id, request.GET.get("step")))

    def post(self, request: HttpRequest, game_id: str) -> HttpResponseBase:
        return counted_posts(self._act)(request, game_id)

    def _act(self, request: HttpRequest, game_id: str) -> HttpResponse:
        try:
            seat, index = int(request.POST.get("seat", "")), int(request.POST.get("index", ""))
            text = request.POST.get("text")
            local_game_act(session=request.session, game_id=game_id, seat=seat, index=index, text=text)
        except (ValueError, LookupError) as exc:
            record = local_game(session=request.session, game_id=game_id)
            if record is None:
                raise Http404("That game is no longer kept: start a new one.") from None
            context = _game_context(record, game_id, None)
            context["problem"] = str(exc) if isinstance(exc, LookupError) else "Choose one of the actions shown."
            return render(request, "play/game.html", context, status=400)
        return redirect(reverse("play-game", args=[game_id]) + "#table")


def _game_context(record: dict[str, Any], game_id: str, step: str | None) -> dict[str, Any]:
    total = len(record["actions"])
    # Digits only, and few of them: int() of a 5,000-digit string raises, and "²" is a digit to isdigit().
    asked = int(step) if step is not None and step.isascii() and step.isdigit() and len(step) <= 6 else None
    played, at_end = local_game_position(record, asked)
    shown = total if asked is None else min(asked, total)
    engine, state = played.engine, played.state
    result = engine.result(state)
    final = at_end.engine.result(at_end.state)
    legal = engine.legal(state) if result is None and shown == total else {}
    people = [seat for seat in sorted(legal) if not record["seats"][seat]["computer"]]
    # Whose eyes the table is drawn for: the person who must act; a finished game (or its replay) shows all.
    viewer = people[0] if people else next((i for i, s in enumerate(record["seats"]) if not s["computer"]), None)
    view = engine.to_dict(state) if final is not None else engine.view(state, viewer)
    ids = card_ids_by_title(game=record["game"], titles=view_titles(view))
    seats = []
    for i, seat in enumerate(view.get("seats", [])):
        seats.append(
            {
                "index": i,
                "name": record["seats"][i]["name"],
                "computer": record["seats"][i]["computer"],
                "zones": board_zones(seat.get("zones")),
                # A seat's own numbers the view gives (Bible Battles' wisdom), shown beside its name.
                "facts": {k: v for k, v in seat.items() if k not in ("name", "zones") and type(v) in (int, str)},
                "to_act": i in legal,
                "winner": result is not None and i in result.winners,
            }
        )
    events = [event.to_dict(after) for after, event in played.events]
    return {
        "game": GAMES_BY_SLUG[record["game"]],
        "game_id": game_id,
        "options": record["options"],
        "seats": seats,
        "shared": board_zones(view.get("zones")),
        "facts": {k: v for k, v in view.items() if k not in ("seats", "zones") and isinstance(v, str | int)},
        "image_ids": ids,
        "actions": [
            {"seat": s, "name": record["seats"][s]["name"], "choices": [_choice(c) for c in legal[s]]} for s in people
        ],
        "says": (view.get("prompt") or {}).get("says", "") if isinstance(view.get("prompt"), dict) else "",
        # The cards the waiting choice shows its player (an opponent's hand looked at, a Prayer's look).
        "prompt_cards": [c.get("title", "") for c in (view.get("prompt") or {}).get("shown", []) if isinstance(c, dict)]
        if isinstance(view.get("prompt"), dict)
        else [],
        "not_followed": view.get("not_followed") or [],
        "events": list(reversed(events[-40:])),
        "events_total": len(events),  # the newest event's number: the list shows the last 40
        "result": result,
        "winners": [seat["name"] for seat in seats if seat["winner"]],
        "over": final is not None,
        "shown": shown,
        "total": total,
    }

"""The goldfish page (/decks/goldfish/): a sample hand, exact curves as a chart, simulations with progress,
and a replay of one play-out game (its own partial, templates/decks/goldfish/_replay.html).

The hand is server-drawn from the seed in the URL, so a hand is shared by
sharing the URL; htmx swaps only the hand or the chart when it is there, and
the page works as plain forms without it. Simulations and play-outs go
through the API (static/js/goldfish.js posts the request the chart was drawn
for and polls the job).
"""

from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views import View

from cardsite.api.throttles import page_request_allowed, too_many_requests
from decks.goldfish.checks import MAX_DECKLIST_CHARS, GoldfishInputError, goldfish_deck_resolve, goldfish_prepare
from decks.goldfish.selectors import card_ids_by_printing
from decks.goldfish.services import goldfish_exact_answer, goldfish_replay_answer
from decks.lists.selectors import deck_get_readable, deck_text
from rules.charts import probability_chart_svg
from rules.games import GAMES
from rules.games.bible_battles import BB_TYPES
from rules.games.chapter_and_verse import CV_THEMES
from rules.goldfish import GOLDFISH_SETUPS, MAX_SEED, MAX_TURNS
from rules.numbers import NotAWholeNumber, parse_whole
from rules.sample_hand import expand, new_seed, sample_hand

GOLDFISH_GAMES = [g for g in GAMES if g.slug in GOLDFISH_SETUPS]
QUERY_ROWS = 4
QUERY_KINDS = (
    ("title", "a card"),
    ("theme", "a theme"),
    ("type", "a type"),
    ("marker", "a marker"),
    ("any", "any card"),
)
DEFAULT_TURNS = 5
DEFAULT_TRIALS = 1_000_000
# More draws than any deck has cards: the engine stops at the deck's end anyway.
MAX_DRAWN = 1_000


def _int(raw: str | None, default: int, low: int, high: int) -> int:
    try:
        return parse_whole(raw, field="value", minimum=low, maximum=high)
    except NotAWholeNumber:
        return default


def _game(raw: str | None) -> str:
    return raw if raw in GOLDFISH_SETUPS else GOLDFISH_GAMES[0].slug


def hand_url(*, game: str, decklist: str, seed: int, drawn: int = 0) -> str:
    params = {"game": game, "decklist": decklist, "seed": seed}
    if drawn:
        params["drawn"] = drawn
    return f"{reverse('deck-goldfish')}?{urlencode(params)}"


class GoldfishPage(View):
    template_name = "decks/goldfish/goldfish.html"
    hand_partial = "decks/goldfish/_hand.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        saved = deck_get_readable(deck_id=request.GET["deck"], user=request.user) if "deck" in request.GET else None
        if saved is not None:
            # A deck page's "Goldfish" link: its list becomes the page's text, so hands stay shareable by URL.
            return HttpResponseRedirect(hand_url(game=saved.game.slug, decklist=deck_text(saved), seed=new_seed()))
        game = _game(request.GET.get("game"))
        decklist = request.GET.get("decklist", "")[: MAX_DECKLIST_CHARS + 1]
        seed_given = request.GET.get("seed", "").strip()
        if decklist.strip() and _int(seed_given, -1, 0, MAX_SEED) < 0:
            # Every hand has its seed in the URL, so it can be shared and drawn again.
            return HttpResponseRedirect(hand_url(game=game, decklist=decklist, seed=new_seed()))
        seed = _int(seed_given, 0, 0, MAX_SEED)
        drawn = _int(request.GET.get("drawn"), 0, 0, MAX_DRAWN)
        context: dict[str, Any] = {
            "games": GOLDFISH_GAMES,
            "game": game,
            "decklist": decklist,
            "seed": seed,
            "hand": None,
            "problem": None,
            "query_rows": _query_rows(None),
            "query_kinds": QUERY_KINDS,
            "themes": CV_THEMES,
            "types": BB_TYPES,
            "turns": DEFAULT_TURNS,
            "max_turns": MAX_TURNS,
            "trials": DEFAULT_TRIALS,
        }
        if decklist.strip():
            try:
                _resolved, deck = goldfish_deck_resolve(game=game, data={"decklist": decklist})
            except GoldfishInputError as exc:
                context["problem"] = exc
            else:
                context.update(
                    _hand_context(game=game, decklist=decklist, deck_cards=deck.cards, seed=seed, drawn=drawn)
                )
        if request.headers.get("HX-Request") and request.headers.get("HX-Target") == "hand":
            response = render(request, self.hand_partial, context)
            if context["hand"] is not None:
                response["HX-Push-Url"] = context["share_url"]
            return response
        return render(request, self.template_name, context)


def _hand_context(*, game: str, decklist: str, deck_cards: Any, seed: int, drawn: int) -> dict[str, Any]:
    ids = card_ids_by_printing(game=game)
    hand = sample_hand(expand(deck_cards), game=game, seed=seed, drawn=drawn)
    return {
        "hand": [
            {"title": card.title, "printing": card.printing, "id": ids.get((card.set_code, card.number))}
            for card in hand.hand
        ],
        "unseen": len(hand.unseen),
        "left": hand.left,
        "can_draw": hand.can_draw,
        "share_url": hand_url(game=game, decklist=decklist, seed=seed, drawn=hand.drawn),
        "draw_url": hand_url(game=game, decklist=decklist, seed=seed, drawn=hand.drawn + 1),
        "shuffle_url": hand_url(game=game, decklist=decklist, seed=new_seed()),
    }


def _query_rows(data: Any) -> list[dict[str, Any]]:
    """The query rows of the form, filled in from `data` (None: the defaults of an empty page)."""
    data = data if data is not None else {}
    rows = []
    for i in range(QUERY_ROWS):
        rows.append(
            {
                "i": i,
                "kind": data.get(f"q-kind-{i}", "theme" if i == 1 else "title"),
                "value": data.get(f"q-value-{i}", "").strip()[:200],
                "at_least": _int(data.get(f"q-at-least-{i}", "1"), 1, 1, 99),
            }
        )
    return rows


def request_from_form(data: Any) -> dict[str, Any]:
    """The goldfish request (exact mode) a filled-in probability form stands for."""
    queries = []
    for row in _query_rows(data):
        kind, value, at_least = row["kind"], row["value"], row["at_least"]
        if kind == "any":
            query_filter: dict[str, Any] = {}
            name = "any card"
        elif kind in ("title", "theme", "type", "marker") and value:
            query_filter = {kind: value}
            name = value if kind == "title" else f"{value} ({kind})"
        else:
            continue
        if at_least > 1:
            name = f"{at_least}+ {name}"
        queries.append({"name": name, "filter": query_filter, "at_least": at_least})
    return {
        "game": _game(data.get("game")),
        "decklist": data.get("decklist", "")[: MAX_DECKLIST_CHARS + 1],
        "mode": "exact",
        "turns": _int(data.get("turns"), DEFAULT_TURNS, 0, MAX_TURNS),
        "queries": queries,
    }


class GoldfishExactPartial(View):
    """POST the probability form: the exact curves as an SVG chart, and the request to simulate next."""

    template_name = "decks/goldfish/_odds.html"

    def post(self, request: HttpRequest) -> HttpResponse:
        if not page_request_allowed(request, scope="live"):
            return too_many_requests()
        body = request_from_form(request.POST)
        context: dict[str, Any] = {"problem": None, "chart": None}
        if not body["queries"]:
            context["problem"] = GoldfishInputError("queries", "choose at least one card, theme, type or marker")
        else:
            try:
                result = goldfish_exact_answer(prepared=goldfish_prepare(data=body))
            except GoldfishInputError as exc:
                context["problem"] = exc
            else:
                series = [(q["name"], q["probability"]) for q in result["queries"]]
                context["chart"] = probability_chart_svg(result["turns"], series, title="Exact chance by turn")
                context["result"] = result
                context["request_body"] = {k: v for k, v in body.items() if k != "mode"}
        return render(request, self.template_name, context, status=400 if context["problem"] else 200)


def replay_request_from_form(data: Any) -> dict[str, Any]:
    """The replay request (a play request and a game number) the replay form stands for.

    Numbers are passed on as whole numbers when they read as such and as text otherwise, so the
    engine refuses them naming the field; a blank seed is drawn at random and shown with the game.
    """
    body: dict[str, Any] = {
        "game": _game(data.get("game")),
        "decklist": data.get("decklist", "")[: MAX_DECKLIST_CHARS + 1],
        "mode": "play",
    }
    for field, default in (
        ("turns", str(DEFAULT_TURNS)),
        ("trials", str(DEFAULT_TRIALS)),
        ("seed", ""),
        ("game_number", "1"),
    ):
        raw = (data.get(field) or default).strip()[:40]
        if raw:
            try:
                body[field] = parse_whole(raw, field=field, minimum=0, maximum=MAX_SEED)
            except NotAWholeNumber:
                body[field] = raw
    return body


# What the line under each turn of a replay says, where the game's state has it.
_SUMMARY = (
    ("books", "Books"),
    ("blessings", "blessings left"),
    ("wisdom", "Wisdom"),
    ("food", "food"),
    ("discard", "discard"),
    ("deck", "deck"),
)


def _replay_context(replay: dict[str, Any]) -> dict[str, Any]:
    """The replay as the template draws it: cards with their image URLs, each turn's events and state."""
    cards = [
        {**card, "image": reverse("card-image", args=[card["card_id"]]) if card["card_id"] is not None else None}
        for card in replay["cards"]
    ]

    def named(indices: Any) -> list[dict[str, Any]]:
        return [cards[k] for k in indices]

    turns = []
    for record in replay["log"]:
        state = record["state"]
        turns.append(
            {
                "turn": record["turn"],
                "events": [
                    {"text": e["text"].strip(), "sub": e["text"].startswith(" "), "cards": named(e["cards"])}
                    for e in record["events"]
                ],
                "hand": named(state["hand"]),
                "chapters": [{"cards": named(c["cards"]), "icons": c["icons"]} for c in state.get("chapters", ())],
                "in_play": named(state["in_play"]) if "in_play" in state else None,
                "summary": " · ".join(f"{label} {state[key]}" for key, label in _SUMMARY if key in state),
            }
        )
    return {"replay": replay, "turns": turns}


class GoldfishReplayPartial(View):
    """POST the replay form: one game of a play-out, turn by turn, with card images."""

    template_name = "decks/goldfish/_replay_result.html"

    def post(self, request: HttpRequest) -> HttpResponse:
        if not page_request_allowed(request, scope="live"):
            return too_many_requests()
        context: dict[str, Any] = {"problem": None, "replay": None}
        try:
            replay = goldfish_replay_answer(data=replay_request_from_form(request.POST), user=request.user)
        except GoldfishInputError as exc:
            context["problem"] = exc
        else:
            context.update(_replay_context(replay))
        return render(request, self.template_name, context, status=400 if context["problem"] else 200)

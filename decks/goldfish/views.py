"""The goldfish page (/decks/goldfish/): a sample hand, exact curves as a chart, simulations with progress,
and a replay of one play-out game (its own partial, templates/decks/goldfish/_replay.html).

A signed-in player picks one of their saved decks (or pastes any readable
deck's link); its list becomes the page's text. The three ways of answering
are tabs (Exact, Simulate, Play-out), each saying what it does and what it
costs in worker time, from the cost model the job budgets use
(`goldfish_job_seconds`), redrawn as the form changes.

The hand is server-drawn from the seed in the URL, so a hand is shared by
sharing the URL; htmx swaps only the hand or the chart when it is there, and
the page works as plain forms without it. Simulations and play-outs go
through the API (static/js/goldfish.js posts the request the chart was drawn
for and polls the job).
"""

import re
from typing import Any
from urllib.parse import urlencode

from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import HttpResponseRedirect
from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views import View

from cardsite.api.work import OverBudget
from cardsite.api.work import client_address
from cardsite.api.work import work_budget
from cardsite.api.work import work_duration
from cardsite.page_writes import CountedPostView
from decks.goldfish.checks import MAX_DECKLIST_CHARS
from decks.goldfish.checks import GoldfishInputError
from decks.goldfish.checks import goldfish_deck_resolve
from decks.goldfish.checks import goldfish_prepare
from decks.goldfish.selectors import card_ids_by_printing
from decks.goldfish.services import goldfish_exact_answer
from decks.goldfish.services import goldfish_job_seconds
from decks.goldfish.services import goldfish_replay_answer
from decks.goldfish.services import goldfish_replay_queue
from decks.goldfish.services import goldfish_replay_result
from decks.goldfish.services import goldfish_replay_seconds
from decks.goldfish.services import replay_caller
from decks.goldfish.services import replay_inline_seconds
from decks.lists.selectors import deck_get_readable
from decks.lists.selectors import deck_list_owned
from decks.lists.selectors import deck_text
from rules.charts import probability_chart_svg
from rules.games import GAMES
from rules.games.bible_battles import BB_TYPES
from rules.games.chapter_and_verse import CV_THEMES
from rules.goldfish.request import GOLDFISH_SETUPS
from rules.goldfish.request import MAX_SEED
from rules.goldfish.request import MAX_TRIALS
from rules.goldfish.request import MAX_TURNS
from rules.goldfish.sample_hand import expand
from rules.goldfish.sample_hand import new_seed
from rules.goldfish.sample_hand import sample_hand
from rules.numbers import NotAWholeNumber
from rules.numbers import parse_rate
from rules.numbers import parse_whole

GOLDFISH_GAMES = [g for g in GAMES if g.slug in GOLDFISH_SETUPS]
QUERY_ROWS = 6
QUERY_KINDS = (
    ("title", "a card"),
    ("theme", "a theme"),
    ("type", "a type"),
    ("marker", "a marker"),
    ("any", "any card"),
)
DEFAULT_TURNS = 5
DEFAULT_TRIALS = 1_000_000
# A play-out follows every turn of every game: a thousand times a shuffle's cost.
DEFAULT_PLAY_TRIALS = 10_000
# The saved decks offered in the picker (most recently changed first).
MAX_PICKED_DECKS = 200
DECK_ID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# Ready-made questions per game: a label, the turn to look at, and query rows (kind, value, at least).
READY_QUESTIONS: dict[str, list[dict[str, Any]]] = {
    "chapter-and-verse": [
        {"label": "At least one of each theme by turn 3", "turns": 3, "rows": [("theme", t, 1) for t in CV_THEMES]},
        {"label": "A card of each theme in the opening hand", "turns": 0, "rows": [("theme", t, 1) for t in CV_THEMES]},
        {"label": "Two faith cards by turn 2", "turns": 2, "rows": [("theme", "faith", 2)]},
    ],
    "bible-battles": [
        {"label": "A follower in the opening hand", "turns": 0, "rows": [("type", "follower", 1)]},
        {
            "label": "A follower and a crop by turn 2",
            "turns": 2,
            "rows": [("type", "follower", 1), ("type", "crop", 1)],
        },
        {"label": "Two followers by turn 3", "turns": 3, "rows": [("type", "follower", 2)]},
    ],
}
# More draws than any deck has cards: the engine stops at the deck's end anyway.
MAX_DRAWN = 1_000


def _int(raw: str | None, default: int, low: int, high: int) -> int:
    try:
        return parse_whole(raw, field="value", minimum=low, maximum=high)
    except NotAWholeNumber:
        return default


def _form_number(raw: str | None, default: int | None) -> int | str | None:
    """A number the probability or replay form sends on to the engine: `default` when left blank, the whole
    number it reads as, else its text, which the engine refuses naming the field (never another number)."""
    text = (raw or "").strip()[:40]
    if not text:
        return default
    try:
        return parse_whole(text, field="value", minimum=0, maximum=MAX_SEED)
    except NotAWholeNumber:
        return text


def _game(raw: str | None) -> str:
    return raw if raw is not None and raw in GOLDFISH_SETUPS else GOLDFISH_GAMES[0].slug


def hand_url(*, game: str, decklist: str, seed: int, drawn: int = 0, quote_percent: int | None = None) -> str:
    params: dict[str, Any] = {"game": game, "decklist": decklist, "seed": seed}
    if drawn:
        params["drawn"] = drawn
    if quote_percent is not None:
        params["quote_rate"] = f"{quote_percent / 100:.2f}"
    return f"{reverse('deck-goldfish')}?{urlencode(params)}"


class GoldfishPage(View):
    template_name = "decks/goldfish/goldfish.html"
    hand_partial = "decks/goldfish/_hand.html"

    def get(self, request: HttpRequest) -> HttpResponse:
        # A deck page's "Goldfish" link, the saved-deck picker or a pasted link: the deck's list becomes the
        # page's text, so hands stay shareable by URL.
        picked = (request.GET.get("deck") or request.GET.get("deck-link") or "").strip()
        saved = _picked_deck(picked, user=request.user) if picked else None
        # A quote rate (0 to 1) a link brings, as a whole percent; None when absent or not such a rate. The learning
        # app's deck page sends the player's measured recall of the deck's Quote verses this way (docs/learning.md,
        # "What you know plays"): decks cannot import learning, so the figure comes in the link.
        my_recall = parse_rate(request.GET.get("quote_rate"))
        if saved is not None:
            return HttpResponseRedirect(
                hand_url(game=saved.game.slug, decklist=deck_text(saved), seed=new_seed(), quote_percent=my_recall)
            )
        game = _game(request.GET.get("game"))
        decklist = request.GET.get("decklist", "")[: MAX_DECKLIST_CHARS + 1]
        seed_given = request.GET.get("seed", "").strip()
        if decklist.strip() and _int(seed_given, -1, 0, MAX_SEED) < 0:
            # Every hand has its seed in the URL, so it can be shared and drawn again.
            return HttpResponseRedirect(
                hand_url(game=game, decklist=decklist, seed=new_seed(), quote_percent=my_recall)
            )
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
            "play_trials": DEFAULT_PLAY_TRIALS,
            "max_trials": MAX_TRIALS,
            # The play tab's quote rate, in percent: the link's (the player's recall) or every Quote succeeding.
            "my_recall": my_recall,
            "quote_percent": 100 if my_recall is None else my_recall,
        }
        if picked:
            context["problem"] = GoldfishInputError("deck", "No deck you may read has that link or id.")
        if decklist.strip() and not picked:
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
        context.update(
            saved_decks=_saved_decks(request.user),
            ready_questions=_ready_questions(),
            ready_questions_data=READY_QUESTIONS,
            costs=_costs({"game": game, "decklist": decklist}, user=request.user),
        )
        return render(request, self.template_name, context)


def _picked_deck(picked: str, *, user: Any) -> Any:
    """The saved deck an id or a pasted deck link names, if `user` may read it; else None."""
    found = DECK_ID.search(picked[:2000])
    return deck_get_readable(deck_id=found.group(0), user=user) if found else None


def _saved_decks(user: Any) -> list[Any]:
    """The decks a signed-in player may pick, of the games goldfish knows."""
    if not user.is_authenticated:
        return []
    decks = deck_list_owned(owner=user).filter(game__slug__in=GOLDFISH_SETUPS)
    return list(decks[:MAX_PICKED_DECKS])


def _ready_questions() -> list[dict[str, Any]]:
    """The ready-made questions grouped by game, for the menu (the JSON for the script is READY_QUESTIONS)."""
    names = {g.slug: g.name for g in GOLDFISH_GAMES}
    return [
        {"game": slug, "name": names[slug], "questions": list(enumerate(questions))}
        for slug, questions in READY_QUESTIONS.items()
        if slug in names
    ]


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
        kind, value = row["kind"], row["value"]
        at_least = _form_number(data.get(f"q-at-least-{row['i']}"), 1)
        if kind == "any":
            query_filter: dict[str, Any] = {}
            name = "any card"
        elif kind in ("title", "theme", "type", "marker") and value:
            query_filter = {kind: value}
            name = value if kind == "title" else f"{value} ({kind})"
        else:
            continue
        if at_least != 1:
            name = f"{at_least}+ {name}"
        queries.append({"name": name, "filter": query_filter, "at_least": at_least})
    return {
        "game": _game(data.get("game")),
        "decklist": data.get("decklist", "")[: MAX_DECKLIST_CHARS + 1],
        "mode": "exact",
        "turns": _form_number(data.get("turns"), DEFAULT_TURNS),
        "queries": queries,
    }


def request_for_mode(data: Any, mode: str) -> dict[str, Any]:
    """The API request the form stands for in `simulate` or `play` mode (trials and seed from that tab)."""
    body = request_from_form(data)
    prefix = "play-" if mode == "play" else ""
    default = DEFAULT_PLAY_TRIALS if mode == "play" else DEFAULT_TRIALS
    body["mode"] = mode
    body["trials"] = _form_number(data.get(f"{prefix}trials"), default)
    seed = _form_number(data.get(f"{prefix}seed"), None)
    if seed is not None:
        body["seed"] = seed
    if mode == "play" and not body["queries"]:
        del body["queries"]
    quote_percent = _form_number(data.get("play-quote-rate"), 100) if mode == "play" else 100
    if quote_percent != 100 and body["game"] == "chapter-and-verse":
        # Chapter and Verse's quote rate, typed as a percent (100, every Quote succeeding, is the default and goes
        # unsaid); text that is no whole number goes on as it is, and the engine refuses it naming `quote_rate`.
        body["quote_rate"] = quote_percent / 100 if isinstance(quote_percent, int) else quote_percent
    return body


def _costs(data: Any, *, user: Any) -> dict[str, str]:
    """What each random tab would cost in worker time, or why it cannot run yet, as sentences' ends."""
    if not str(data.get("decklist", "")).strip():
        return {mode: "Paste a deck list or pick a deck to see its cost." for mode in ("simulate", "play")}
    costs = {}
    for mode in ("simulate", "play"):
        try:
            seconds = goldfish_job_seconds(prepared=goldfish_prepare(data=request_for_mode(data, mode), user=user))
        except GoldfishInputError as exc:
            costs[mode] = f"Not ready: {exc.message}"
        else:
            took = "under a second" if seconds < 1 else f"about {work_duration(seconds)}"
            costs[mode] = f"This one needs {took} of worker time."
            allowed = work_budget(user).seconds
            if seconds > allowed:
                costs[mode] += f" That is more than you may queue ({work_duration(allowed)}): ask for fewer."
    return costs


class GoldfishCostPartial(CountedPostView):
    """POST the probability form: each random tab's cost (htmx), or with `mode` and Accept JSON the API request to run."""

    template_name = "decks/goldfish/_costs.html"
    post_scope = "live"

    def post(self, request: HttpRequest) -> HttpResponse:
        if request.headers.get("Accept") == "application/json":
            mode = "play" if request.POST.get("mode") == "play" else "simulate"
            return JsonResponse({"request": request_for_mode(request.POST, mode)})
        return render(request, self.template_name, {"costs": _costs(request.POST, user=request.user), "oob": True})


class GoldfishExactPartial(CountedPostView):
    """POST the probability form: the exact curves as an SVG chart."""

    template_name = "decks/goldfish/_odds.html"
    post_scope = "live"

    def post(self, request: HttpRequest) -> HttpResponse:
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
    for field, default in (("turns", DEFAULT_TURNS), ("trials", DEFAULT_TRIALS), ("seed", None), ("game_number", 1)):
        value = _form_number(data.get(field), default)
        if value is not None:
            body[field] = value
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


def _numbered_events(events: list[dict[str, Any]], named: Any) -> list[dict[str, Any]]:
    """A turn's events as the page numbers them: a detail (its text indented) goes under the event before it, so
    the numbers run 1, 2, 3 over the events themselves (#36: they ran 1, 2, 5, the details counted)."""
    out: list[dict[str, Any]] = []
    for e in events:
        item = {"text": e["text"].strip(), "cards": named(e["cards"]), "subs": []}
        if e["text"].startswith(" ") and out:
            out[-1]["subs"].append(item)
        else:
            out.append(item)
    return out


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
                "events": _numbered_events(record["events"], named),
                "hand": named(state["hand"]),
                "chapters": [{"cards": named(c["cards"]), "icons": c["icons"]} for c in state.get("chapters", ())],
                "in_play": named(state["in_play"]) if "in_play" in state else None,
                "summary": " · ".join(f"{label} {state[key]}" for key, label in _SUMMARY if key in state),
            }
        )
    # The titles the play-out could not model link to a printing the replay already names (no query).
    by_title = {card["title"]: card["card_id"] for card in cards if card["card_id"] is not None}
    unmodelled = [
        {"title": t, "card": {"pk": by_title[t], "title": t} if t in by_title else None}
        for t in replay.get("unmodelled", ())
    ]
    return {"replay": replay, "turns": turns, "unmodelled": unmodelled}


def _replay_caller(request: HttpRequest) -> str:
    return replay_caller(user=request.user, address=client_address(request))


class GoldfishReplayPartial(CountedPostView):
    """POST the replay form: one game of a play-out, turn by turn, with card images.

    A replay estimated within GOLDFISH_REPLAY_INLINE_MS is played in the request; a dearer one (up to REPLAY_SECONDS)
    goes to a worker and the partial polls for it (GoldfishReplayResult), so no web worker spends a second on it.
    """

    template_name = "decks/goldfish/_replay_result.html"
    # A replay is a click, not typing, and costs engine time: counted as the API's replay is, by the compute limit
    # (issue #34: counted as live typing, one visitor's 288 replays a minute of 0.85 s each saturated the web workers).
    post_scope = "compute"

    def post(self, request: HttpRequest) -> HttpResponse:
        context: dict[str, Any] = {"problem": None, "replay": None}
        data = replay_request_from_form(request.POST)
        try:
            if goldfish_replay_seconds(data=data, user=request.user) > replay_inline_seconds():
                token = goldfish_replay_queue(data=data, user=request.user, caller=_replay_caller(request))
                return _replay_pending(request, token, data.get("game_number"))
            replay = goldfish_replay_answer(data=data, user=request.user)
        except GoldfishInputError as exc:
            context["problem"] = exc
        except OverBudget as exc:
            response = render(request, self.template_name, {"problem": exc, "replay": None}, status=429)
            response["Retry-After"] = str(exc.retry_after)
            return response
        else:
            context.update(_replay_context(replay))
        return render(request, self.template_name, context, status=400 if context["problem"] else 200)


def _replay_pending(request: HttpRequest, token: str, game_number: Any) -> HttpResponse:
    url = reverse("deck-goldfish-replay-result", args=[token])
    context = {"url": url, "game_number": game_number}
    return render(request, "decks/goldfish/_replay_pending.html", context, status=202)


class GoldfishReplayResult(View):
    """GET a replay played on a worker: the result partial once it is played, else the pending partial (which asks
    again in a second). 404 for a token that is unknown, expired or another caller's."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        entry = goldfish_replay_result(token=token, caller=_replay_caller(request))
        if entry is None:
            raise Http404("no such replay")
        if entry["status"] == "pending":
            return _replay_pending(request, token, None)
        template = GoldfishReplayPartial.template_name
        if entry["status"] == "problem":
            problem = GoldfishInputError(entry.get("field", ""), entry.get("message", ""))
            return render(request, template, {"problem": problem, "replay": None}, status=400)
        return render(request, template, {"problem": None, **_replay_context(entry["replay"])})

"""The goldfish engine (rules/goldfish/request.py, docs/contracts/goldfish.md): pure Python, no database."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy.stats import hypergeom

import rules.goldfish.request as engine
from rules.cards import CardData
from rules.goldfish.request import MAX_QUERIES
from rules.goldfish.request import GoldfishDeck
from rules.goldfish.request import GoldfishFilter
from rules.goldfish.request import GoldfishQuery
from rules.goldfish.request import GoldfishRequestError
from rules.goldfish.request import goldfish_exact
from rules.goldfish.request import parse_goldfish_request
from rules.goldfish.simulate import ChunkCounts
from rules.goldfish.simulate import SimulationPlan
from rules.goldfish.simulate import combine
from rules.goldfish.simulate import goldfish_simulate_run
from rules.goldfish.simulate import plan_simulation
from rules.goldfish.simulate import simulate_chunk
from rules.simulation import chunk_generator
from rules.simulation import run_chunks

CV = "chapter-and-verse"
BB = "bible-battles"
ROOT = Path(__file__).resolve().parents[2]


def cv(number: int, title: str, *, sacrifice: int | None = 1, icons=None, markers=(), unique=False) -> CardData:
    return CardData(
        CV,
        "CV1",
        str(number),
        title,
        sacrifice=sacrifice,
        icons=icons or {},
        markers=tuple(markers),
        unique=unique,
    )


def bb(number: int, title: str, type_: str, *, effort: int | None = 1, unique=False) -> CardData:
    return CardData(BB, "BB1", str(number), title, type=type_, effort=effort, unique=unique)


FAITH_VERSE = cv(1, "Faith Without Works", sacrifice=2, icons={"faith": 3}, markers=["Faith Verse"])
BY_SMALL_MEANS = cv(2, "By Small Means", sacrifice=1, icons={"wisdom": 2, "histories": 1}, markers=["Prophet"])
PRIDE_CYCLE = cv(3, "Pride Cycle", sacrifice=4, icons={"trials": 2, "histories": 2}, unique=True)
MIGHTY_CHANGE = cv(4, "A Mighty Change", sacrifice=3, icons={"faith": 1, "strength": 1})
NO_COST = cv(5, "Blank Verse", sacrifice=None, icons={"strength": 0})
FILLER = cv(6, "Filler", sacrifice=0, icons={"strength": 1})

SHEPHERD = bb(1, "Shepherd", "follower", effort=0)
GOAT = bb(2, "Goat", "animal", effort=1)
MOSES = bb(3, "Moses", "unique-person", effort=5, unique=True)
CHARIOTS = bb(4, "Chariots", "army", effort=4)

CV_DECK = GoldfishDeck.of(
    CV, [(FAITH_VERSE, 4), (BY_SMALL_MEANS, 3), (PRIDE_CYCLE, 1), (MIGHTY_CHANGE, 4), (FILLER, 28)]
)
CV_BIG = GoldfishDeck.of(CV, [(FAITH_VERSE, 9), (BY_SMALL_MEANS, 2), (MIGHTY_CHANGE, 6), (FILLER, 45)])
BB_DECK = GoldfishDeck.of(BB, [(SHEPHERD, 12), (GOAT, 10), (MOSES, 1), (CHARIOTS, 7)])
CV_TINY = GoldfishDeck.of(CV, [(FAITH_VERSE, 4), (FILLER, 8)])  # 12 cards: 7 blessings leave 5

QUERIES = {
    CV: (
        GoldfishQuery("a faith verse", GoldfishFilter(marker="faith verse")),
        GoldfishQuery("two faith", GoldfishFilter(theme="faith"), at_least=2),
        GoldfishQuery("three cheap", GoldfishFilter(cost_max=1), at_least=3),
        GoldfishQuery("By Small Means", GoldfishFilter(title="by small  MEANS")),
    ),
    BB: (
        GoldfishQuery("a follower", GoldfishFilter(type="follower")),
        GoldfishQuery("two goats or chariots", GoldfishFilter(titles=("Goat", "chariots")), at_least=2),
        GoldfishQuery("three costly", GoldfishFilter(cost_min=1), at_least=3),
        GoldfishQuery("Moses", GoldfishFilter(unique=True)),
    ),
}
DECKS = {"cv": CV_DECK, "cv-big": CV_BIG, "bb": BB_DECK, "cv-tiny": CV_TINY}


# ---------------------------------------------------------------- exact
@pytest.mark.parametrize("deck_name", DECKS)
def test_it_matches_scipy_hypergeometric_tails(deck_name: str) -> None:
    deck = DECKS[deck_name]
    queries = QUERIES[deck.game]
    result = goldfish_exact(deck, queries, 12)
    assert result.cards_seen == deck.cards_seen(12)
    for query, answer in zip(queries, result.queries, strict=True):
        matching = deck.matching(query.filter)
        for n, p, se in zip(result.cards_seen, answer.probability, answer.stderr, strict=True):
            expected = hypergeom.sf(query.at_least - 1, deck.size, matching, n)
            assert p == pytest.approx(expected, abs=1e-12)
            assert se == 0.0


def test_it_counts_at_least_one_two_and_three() -> None:
    # 40 cards, 8 faith: P(at least k faith in 5) for k = 1, 2, 3.
    queries = [GoldfishQuery(f"{k}", GoldfishFilter(theme="faith"), at_least=k) for k in (1, 2, 3)]
    result = goldfish_exact(CV_DECK, queries, 0)
    for k, answer in zip((1, 2, 3), result.queries, strict=True):
        assert answer.probability[0] == pytest.approx(1 - hypergeom.cdf(k - 1, 40, 8, 5), abs=1e-12)


def test_it_answers_in_the_spec_result_shape() -> None:
    result = goldfish_exact(CV_DECK, QUERIES[CV][:1], 2).to_dict()
    assert json.loads(json.dumps(result)) == result
    assert list(result) == ["mode", "trials", "seed", "turns", "cards_seen", "queries"]
    assert result["mode"] == "exact"
    assert result["turns"] == [0, 1, 2]
    assert result["cards_seen"] == [5, 6, 7]
    assert list(result["queries"][0]) == ["name", "probability", "stderr"]
    assert result["queries"][0]["stderr"] == [0.0, 0.0, 0.0]


# ---------------------------------------------------------------- cards seen
@pytest.mark.parametrize(
    ("game", "size", "turns", "seen"),
    [
        (CV, 40, 3, (5, 6, 7, 8)),
        (BB, 40, 3, (7, 8, 9, 10)),
        (CV, 14, 4, (5, 6, 7, 7, 7)),  # 7 blessings + 7 seen, then the deck is out
        (CV, 6, 2, (0, 0, 0)),  # all in the blessing stack
        (BB, 9, 3, (7, 8, 9, 9)),
        (BB, 0, 1, (0, 0)),
    ],
)
def test_it_sees_cards_per_the_game_setup_and_stops_at_the_deck_end(game, size, turns, seen) -> None:
    card = FILLER if game == CV else GOAT
    deck = GoldfishDeck.of(game, [(card, size)])
    assert deck.cards_seen(turns) == seen
    assert goldfish_exact(deck, [GoldfishQuery("any", GoldfishFilter())], turns).cards_seen == seen


def test_it_sees_every_card_left_once_the_deck_runs_out() -> None:
    # 12 cards: 7 blessings, 5 seen at most. All 4 faith verses are seen only if none was a blessing.
    query = GoldfishQuery("all four", GoldfishFilter(theme="faith"), at_least=4)
    exact = goldfish_exact(CV_TINY, [query], 3)
    assert exact.cards_seen == (5, 5, 5, 5)
    assert exact.queries[0].probability == (pytest.approx(math.comb(8, 1) / math.comb(12, 5)),) * 4
    everything = GoldfishQuery("five cards", GoldfishFilter(), at_least=5)
    simulated = goldfish_simulate_run(CV_TINY, [everything], 3, 1000, 1)
    assert simulated.queries[0].probability == (1.0, 1.0, 1.0, 1.0)
    assert simulated.queries[0].stderr == (0.0, 0.0, 0.0, 0.0)


def test_an_empty_deck_never_shows_a_card() -> None:
    deck = GoldfishDeck.of(BB, [])
    query = GoldfishQuery("any", GoldfishFilter())
    assert goldfish_exact(deck, [query], 2).queries[0].probability == (0.0, 0.0, 0.0)
    assert goldfish_simulate_run(deck, [query], 2, 100, 1).queries[0].probability == (0.0, 0.0, 0.0)


@pytest.mark.parametrize("game", ["book-of-mormon-battles", "warriors-of-the-promised-land", "battle-cards"])
def test_it_rejects_fixed_deck_games(game: str) -> None:
    with pytest.raises(ValueError, match="fixed decks"):
        GoldfishDeck.of(game, [])
    with pytest.raises(GoldfishRequestError) as caught:
        parse_goldfish_request({"game": game, "mode": "exact", "turns": 1, "queries": [{"name": "x"}]})
    assert caught.value.field == "game"


def test_it_rejects_a_card_of_another_game() -> None:
    with pytest.raises(ValueError, match="not chapter-and-verse"):
        GoldfishDeck.of(CV, [(GOAT, 1)])


# ---------------------------------------------------------------- simulate
@pytest.mark.parametrize("deck_name", DECKS)
def test_simulation_agrees_with_exact_within_its_standard_error(deck_name: str) -> None:
    deck = DECKS[deck_name]
    queries = QUERIES[deck.game]
    trials = 200_000
    exact = goldfish_exact(deck, queries, 6)
    plan = plan_simulation(deck, queries, 6, trials, 12345, chunk_trials=50_000)
    simulated = combine(plan, run_chunks(plan, simulate_chunk))
    assert simulated.cards_seen == exact.cards_seen
    for e, s in zip(exact.queries, simulated.queries, strict=True):
        for p, p_hat, se in zip(e.probability, s.probability, s.stderr, strict=True):
            expected_se = math.sqrt(p * (1 - p) / trials)
            assert se == pytest.approx(math.sqrt(p_hat * (1 - p_hat) / trials))
            if expected_se == 0:
                assert p_hat == p  # certain or impossible: no noise at all
            else:
                assert abs(p_hat - p) <= 4.5 * expected_se, (s.name, p, p_hat)


def _run(plan: SimulationPlan, order: list[int]) -> dict[str, Any]:
    return combine(plan, [simulate_chunk(plan, i) for i in order]).to_dict()


def test_the_same_seed_gives_the_same_numbers_however_the_chunks_are_split() -> None:
    # 5 chunks, the last one short.
    plan = plan_simulation(CV_DECK, QUERIES[CV], 5, 30_000, 7, chunk_trials=7_000)
    assert plan.n_chunks == 5
    in_order = _run(plan, [0, 1, 2, 3, 4])
    assert _run(plan, [4, 3, 2, 1, 0]) == in_order
    first = run_chunks(plan, simulate_chunk, range(0, 3))
    second = run_chunks(plan, simulate_chunk, range(3, 5))
    # As a Celery worker would return them: through JSON.
    over_the_wire = [ChunkCounts.from_dict(json.loads(json.dumps(c.to_dict()))) for c in second + first]
    assert combine(plan, over_the_wire).to_dict() == in_order
    # And the plan itself survives the trip to a worker.
    rebuilt = SimulationPlan.from_dict(json.loads(json.dumps(plan.to_dict())))
    assert rebuilt == plan
    assert _run(rebuilt, [2, 0, 4, 1, 3]) == in_order
    # The in-process run agrees with the chunked one.
    whole = goldfish_simulate_run(CV_DECK, QUERIES[CV], 5, 30_000, 7)
    assert whole.trials == 30_000
    assert whole.seed == 7


def test_the_in_process_run_is_the_sum_of_its_chunks() -> None:
    plan = plan_simulation(BB_DECK, QUERIES[BB], 4, 45_000, 99)
    assert goldfish_simulate_run(BB_DECK, QUERIES[BB], 4, 45_000, 99) == combine(plan, run_chunks(plan, simulate_chunk))


def test_another_seed_gives_other_numbers() -> None:
    a = goldfish_simulate_run(CV_DECK, QUERIES[CV], 3, 20_000, 1).to_dict()
    b = goldfish_simulate_run(CV_DECK, QUERIES[CV], 3, 20_000, 2).to_dict()
    assert a != b


def test_the_order_of_the_deck_list_does_not_change_the_numbers() -> None:
    shuffled = GoldfishDeck.of(CV, list(reversed(CV_DECK.cards)))
    assert plan_simulation(shuffled, QUERIES[CV], 3, 10, 5) == plan_simulation(CV_DECK, QUERIES[CV], 3, 10, 5)


def test_chunk_generators_are_the_spawned_children_of_the_seed() -> None:
    children = np.random.SeedSequence(42).spawn(4)
    for i, child in enumerate(children):
        expected = np.random.Generator(np.random.PCG64(child)).integers(0, 2**62, size=3)
        assert (chunk_generator(42, i).integers(0, 2**62, size=3) == expected).all()


def test_combine_refuses_missing_duplicate_and_foreign_chunks() -> None:
    plan = plan_simulation(CV_DECK, QUERIES[CV], 1, 300, 3, chunk_trials=100)
    chunks = run_chunks(plan, simulate_chunk)
    with pytest.raises(ValueError, match="missing"):
        combine(plan, chunks[:2])
    with pytest.raises(ValueError, match="twice"):
        combine(plan, [*chunks, chunks[0]])
    other = plan_simulation(CV_DECK, QUERIES[CV], 1, 300, 4, chunk_trials=100)
    with pytest.raises(ValueError, match="another plan"):
        combine(other, chunks)


def test_a_worker_refuses_a_plan_of_another_engine_version() -> None:
    data = plan_simulation(CV_DECK, QUERIES[CV], 1, 300, 3).to_dict()
    with pytest.raises(ValueError, match="version"):
        SimulationPlan.from_dict({**data, "version": 0})
    with pytest.raises(ValueError, match="digest"):
        SimulationPlan.from_dict({**data, "seed": 4})


def test_progress_rises_to_one_and_a_raising_callback_stops_the_run() -> None:
    seen: list[float] = []
    plan = plan_simulation(CV_DECK, QUERIES[CV], 2, 50_000, 1, chunk_trials=20_000)
    run_chunks(plan, simulate_chunk, on_progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] == pytest.approx(1.0)
    assert len(seen) >= plan.n_chunks

    class Cancelled(Exception):
        pass

    def cancel(fraction: float) -> None:
        raise Cancelled

    with pytest.raises(Cancelled):
        goldfish_simulate_run(CV_DECK, QUERIES[CV], 2, 50_000, 1, on_progress=cancel)


# ---------------------------------------------------------------- filters
CV_CARDS = (FAITH_VERSE, BY_SMALL_MEANS, PRIDE_CYCLE, MIGHTY_CHANGE, NO_COST, FILLER)
BB_CARDS = (SHEPHERD, GOAT, MOSES, CHARIOTS)


@pytest.mark.parametrize(
    ("game", "data", "titles"),
    [
        (CV, {}, {c.title for c in CV_CARDS}),
        (CV, {"theme": "faith"}, {"Faith Without Works", "A Mighty Change"}),
        (CV, {"theme": "Histories"}, {"By Small Means", "Pride Cycle"}),
        (CV, {"theme": "strength"}, {"A Mighty Change", "Filler"}),  # a 0 icon is no icon
        (CV, {"marker": "faith verse"}, {"Faith Without Works"}),
        (CV, {"unique": True}, {"Pride Cycle"}),
        (CV, {"unique": False}, {c.title for c in CV_CARDS} - {"Pride Cycle"}),
        (CV, {"cost_min": 2}, {"Faith Without Works", "Pride Cycle", "A Mighty Change"}),
        (CV, {"cost_max": 1}, {"By Small Means", "Filler"}),
        (CV, {"cost_min": 2, "cost_max": 3}, {"Faith Without Works", "A Mighty Change"}),
        (CV, {"cost_min": 0}, {c.title for c in CV_CARDS} - {"Blank Verse"}),  # no cost: no match
        (CV, {"title": "  BY small   means "}, {"By Small Means"}),
        (CV, {"titles": ["pride cycle", "FILLER", "Not In The Deck"]}, {"Pride Cycle", "Filler"}),
        (CV, {"theme": "faith", "cost_max": 2}, {"Faith Without Works"}),  # every key must hold
        (CV, {"theme": "faith", "title": "Filler"}, set()),
        (BB, {"type": "follower"}, {"Shepherd"}),
        (BB, {"type": "unique-person", "unique": True}, {"Moses"}),
        (BB, {"cost_min": 4}, {"Moses", "Chariots"}),
        (BB, {"titles": ["goat", "moses"], "cost_max": 1}, {"Goat"}),
    ],
)
def test_filters_match_the_cards_the_spec_says(game: str, data: dict, titles: set[str]) -> None:
    query_filter = GoldfishFilter.from_dict(data, game=game)
    cards = CV_CARDS if game == CV else BB_CARDS
    assert {c.title for c in cards if query_filter.matches(c)} == titles


def test_a_filter_keys_its_titles_once_not_once_per_card_of_the_deck(monkeypatch) -> None:
    # An anonymous exact request of 500 deck lines x 20 queries x 200 titles keyed every title for every line
    # of every query (2 million calls, seconds of CPU); now each filter keys its titles when it is made.
    calls = 0
    real = engine.title_key

    def counting(text: str) -> str:
        nonlocal calls
        calls += 1
        return real(text)

    monkeypatch.setattr(engine, "title_key", counting)
    titles = [f"T{i:03d}" for i in range(199)] + ["by small MEANS"]
    queries = [GoldfishQuery(f"q{i}", GoldfishFilter(titles=titles)) for i in range(20)]
    queries.append(GoldfishQuery("title", GoldfishFilter(title="Filler")))
    deck = GoldfishDeck.of(CV, [(BY_SMALL_MEANS, 1)] * 20 + [(FILLER, 1)] * 480)  # 500 lines, 2 cards
    goldfish_exact(deck, queries, 2)
    assert calls == 20 * 200 + 1  # matching keys nothing
    assert (deck.matching(queries[0].filter), deck.matching(queries[-1].filter)) == (20, 480)  # the same matches
    plan_simulation(deck, queries, turns=2, trials=1000, seed=1)
    assert calls == 20 * 200 + 1


def _request(**changes: Any) -> dict[str, Any]:
    request: dict[str, Any] = {
        "game": CV,
        "decklist": "40 Filler",
        "mode": "simulate",
        "turns": 5,
        "trials": 1_000_000,
        "seed": 7,
        "queries": [
            {"name": "two faith verses", "filter": {"theme": "faith"}, "at_least": 2},
            {"name": "anything", "filter": {}},
        ],
    }
    request.update(changes)
    return {k: v for k, v in request.items() if v is not ...}


def _query(filter_: Any = None, **changes: Any) -> dict[str, Any]:
    query = {"name": "q", "filter": {} if filter_ is None else filter_, **changes}
    return {k: v for k, v in query.items() if v is not ...}


@pytest.mark.parametrize(
    ("request_body", "field"),
    [
        ([1, 2], ""),
        (_request(colour="red"), "colour"),
        (_request(game=...), "game"),
        (_request(game="chess"), "game"),
        (_request(mode=...), "mode"),
        (_request(mode="guess"), "mode"),
        (_request(turns=...), "turns"),
        (_request(turns=-1), "turns"),
        (_request(turns=31), "turns"),
        (_request(turns="5"), "turns"),
        (_request(turns=5.0), "turns"),
        (_request(turns=True), "turns"),
        (_request(trials=...), "trials"),
        (_request(trials=0), "trials"),
        (_request(trials=100_000_001), "trials"),
        (_request(trials=1e6), "trials"),
        (_request(seed=-1), "seed"),
        (_request(seed="7"), "seed"),
        (_request(queries=...), "queries"),
        (_request(queries=[]), "queries"),
        (_request(queries={"name": "q"}), "queries"),
        (_request(queries=[_query()] * (MAX_QUERIES + 1)), "queries"),
        (_request(queries=["faith"]), "queries[0]"),
        (_request(queries=[_query(), _query(name=...)]), "queries[1].name"),
        (_request(queries=[_query(), _query(name="")]), "queries[1].name"),
        (_request(queries=[_query(), _query(colour="red")]), "queries[1].colour"),
        (_request(queries=[_query(), _query({"colour": "red"})]), "queries[1].filter.colour"),
        (_request(queries=[_query("faith")]), "queries[0].filter"),
        (_request(queries=[_query(at_least=0)]), "queries[0].at_least"),
        (_request(queries=[_query(at_least=1000)]), "queries[0].at_least"),
        (_request(queries=[_query(at_least="2")]), "queries[0].at_least"),
        (_request(queries=[_query({"theme": "hope"})]), "queries[0].filter.theme"),
        (_request(queries=[_query({"theme": 3})]), "queries[0].filter.theme"),
        (_request(queries=[_query({"type": "follower"})]), "queries[0].filter.type"),  # not a C&V key
        (_request(game=BB, queries=[_query({"theme": "faith"})]), "queries[0].filter.theme"),
        (_request(game=BB, queries=[_query({"type": "dragon"})]), "queries[0].filter.type"),
        (_request(queries=[_query({"title": ""})]), "queries[0].filter.title"),
        (_request(queries=[_query({"title": ["A"]})]), "queries[0].filter.title"),
        (_request(queries=[_query({"titles": "A"})]), "queries[0].filter.titles"),
        (_request(queries=[_query({"titles": []})]), "queries[0].filter.titles"),
        (_request(queries=[_query({"titles": ["A", 2]})]), "queries[0].filter.titles[1]"),
        (_request(queries=[_query({"marker": None})]), "queries[0].filter.marker"),
        (_request(queries=[_query({"unique": "yes"})]), "queries[0].filter.unique"),
        (_request(queries=[_query({"unique": 1})]), "queries[0].filter.unique"),
        (_request(queries=[_query({"cost_min": -1})]), "queries[0].filter.cost_min"),
        (_request(queries=[_query({"cost_max": 1.5})]), "queries[0].filter.cost_max"),
        (_request(queries=[_query({"cost_min": 3, "cost_max": 2})]), "queries[0].filter.cost_max"),
        (_request(policy=""), "policy"),
        (_request(target=0), "target"),
    ],
)
def test_it_rejects_a_bad_request_naming_the_field(request_body: Any, field: str) -> None:
    with pytest.raises(GoldfishRequestError) as caught:
        parse_goldfish_request(request_body)
    assert caught.value.field == field, caught.value
    assert caught.value.to_dict() == {"field": field, "message": caught.value.message}


def test_it_parses_the_spec_example() -> None:
    request = parse_goldfish_request(
        {
            "game": CV,
            "decklist": "3 By Small Means\n...",
            "mode": "simulate",
            "turns": 5,
            "trials": 1000000,
            "seed": 7,
            "queries": [
                {"name": "two faith verses", "filter": {"theme": "faith"}, "at_least": 2},
                {"name": "a faith verse", "filter": {"marker": "Faith Verse"}},
                {"name": "By Small Means", "filter": {"title": "By Small Means"}},
            ],
        }
    )
    assert (request.game, request.mode, request.turns, request.trials, request.seed) == (CV, "simulate", 5, 10**6, 7)
    assert request.queries[0] == GoldfishQuery("two faith verses", GoldfishFilter(theme="faith"), at_least=2)
    assert request.queries[1].at_least == 1
    assert json.loads(json.dumps(request.to_dict()))["queries"][2]["filter"] == {"title": "By Small Means"}


def test_it_accepts_the_limits() -> None:
    assert parse_goldfish_request(_request(turns=0, trials=1)).turns == 0
    top = parse_goldfish_request(_request(turns=30, trials=100_000_000, queries=[_query()] * MAX_QUERIES))
    assert (top.turns, top.trials, len(top.queries)) == (30, 100_000_000, MAX_QUERIES)


def test_exact_mode_needs_no_trials_or_seed() -> None:
    request = parse_goldfish_request(_request(mode="exact", trials=..., seed=...))
    assert (request.trials, request.seed) == (None, None)


def test_a_missing_seed_is_drawn_and_kept() -> None:
    request = parse_goldfish_request(_request(seed=...))
    assert isinstance(request.seed, int)
    assert request.seed >= 0


def test_play_mode_is_accepted_with_its_options() -> None:
    request = parse_goldfish_request(_request(game=BB, mode="play", queries=..., policy="greedy", target=30))
    assert (request.mode, request.queries, request.policy, request.target) == ("play", (), "greedy", 30)


def test_the_game_may_come_from_a_saved_deck() -> None:
    assert parse_goldfish_request(_request(game=..., deck=12), game=CV).game == CV
    with pytest.raises(GoldfishRequestError) as caught:
        parse_goldfish_request(_request(game=BB, deck=12), game=CV)
    assert caught.value.field == "game"


# ---------------------------------------------------------------- layering
def test_the_engine_imports_no_django() -> None:
    code = "import sys, rules.goldfish.request; print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery')))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

"""Load, measured: locust (headless) against gunicorn with production settings, PostgreSQL and Redis.

Run with `scripts/bench.sh load [--seconds 60] [--only ENDPOINT ...] [--users 4]`. It creates the
database `<DATABASE_URL's name>_load`, migrates it, loads the starter catalogs and seeds, through the
project's services: two players with copies of every Chapter and Verse card, a built deck, one pending
trade offer per trade-accept request to come, an API token and a signed-in session. A Celery worker runs
throughout (goldfish jobs). For each endpoint it starts gunicorn (2 workers, debug off, Redis cache and
broker, the endpoint's rate limits), runs locust for `--seconds` with `--users` users sending requests
with no pause (the first second, while users start and workers warm up, is not counted), and prints
requests/s, p50, p99, the errors and, apart, the 429s. After the trade run it re-checks the collection
invariants; at the end it prints the validation endpoint's ratio to the trivial endpoint (goal >= 0.7).

Rate limits: production defaults, except where raised so that throughput is measured (RAISED below):
validation (compute, per address), trade accept (writes, per account) and the builder's panel (live
checks, per account). Goldfish keeps the production compute limit (60 a minute per account): there
the 429s are the point.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.server import BIN
from bench.server import PRODUCTION
from bench.server import ROOT
from bench.server import STARTERS
from bench.server import fresh_database
from bench.server import gunicorn
from bench.validation_throughput import deck_text

PORT = 8798
REDIS = "redis://127.0.0.1:6379"
RAISED = "100000/s"  # per second, so the throttle's history in the cache stays short
ENDPOINTS = {  # name: (locust user class in bench/locustfile.py, the server's extra environment)
    "health": ("Health", {}),
    "catalog-list": ("CatalogList", {}),
    "search": ("Search", {}),
    "card-page": ("CardPage", {}),
    "catalog-page": ("CatalogPage", {}),
    "catalog-search-page": ("CatalogSearchPage", {}),
    # The same two with nothing kept in the cache: what rendering them costs.
    "catalog-page-unkept": ("CatalogPage", {"CATALOG_RESULTS_SECONDS": "0"}),
    "catalog-search-page-unkept": ("CatalogSearchPage", {"CATALOG_RESULTS_SECONDS": "0"}),
    "catalog-list-unkept": ("CatalogList", {"CATALOG_RESULTS_SECONDS": "0"}),
    "validation": ("Validation", {"THROTTLE_COMPUTE_ANON": RAISED}),
    "trade-accept": ("TradeAccept", {"THROTTLE_WRITES_USER": RAISED}),
    "goldfish-submit": ("GoldfishSubmit", {}),
    "builder-click": ("BuilderClick", {"THROTTLE_LIVE_USER": RAISED}),  # a page's POST, under the live-check limit
}
STARTER_CARDS = 400  # at least the starter Chapter and Verse catalog's cards
OFFERS_PER_SECOND = 250  # pending offers made per second of the trade-accept run (it accepts fewer; see invariants)


def seed(offers: int) -> dict:
    """Players, copies, a built deck, offers, a token and a session, all through the project's services."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from cardcollections.collection.services import collection_change
    from cardcollections.models import Card
    from cardcollections.models import Game
    from cardcollections.models import TradeLine
    from cardcollections.tokens.services import api_token_create
    from cardcollections.trades.services import LineSpec
    from cardcollections.trades.services import trade_propose
    from decks.lists.services import deck_create
    from decks.lists.services import deck_set_built

    game = Game.objects.get(slug="chapter-and-verse")
    # The starter cards (a generated catalog, --cards, comes after them): copies of 10,000 cards would
    # only slow the seeding down.
    cards = list(Card.objects.filter(game=game).order_by("id")[:STARTER_CARDS])
    users = get_user_model().objects
    player = users.create_user("player", password="load-player-password-1")
    trader = users.create_user("trader", password="load-trader-password-1")
    for card in cards:
        for owner in (player, trader):
            collection_change(owner=owner, card=card, delta=offers // len(cards) + 10)
    deck = deck_create(owner=player, game=game, name="Load", decklist=deck_text())
    deck_set_built(deck=deck, built=True)
    give, take = TradeLine.Side.PROPOSER, TradeLine.Side.RECIPIENT
    trades = [
        trade_propose(
            proposer=trader,
            recipient=player,
            lines=[LineSpec(give, cards[i % len(cards)].pk, 1), LineSpec(take, cards[(i + 1) % len(cards)].pk, 1)],
        ).pk
        for i in range(offers)
    ]
    client = Client()
    client.force_login(player)
    panel = {"game": game.slug, "deck": str(deck.pk), "format": deck.format, "cards": json.dumps(deck.cards)}
    return {
        "cards": [c.pk for c in cards],
        "decklist": deck_text(),
        "trades": trades,
        "token": api_token_create(user=player).key,
        "session": {"id": client.cookies["sessionid"].value, "csrf": "b" * 32, "panel": panel},
    }


def invariants() -> tuple[int, list[str]]:
    """How many offers were accepted, and what a trade must keep, re-checked in the database (empty when all holds)."""
    from django.contrib.auth import get_user_model

    from cardcollections.collection.selectors import card_totals
    from cardcollections.collection.selectors import ledger_mismatches
    from cardcollections.models import CollectionEntry
    from cardcollections.models import Game
    from cardcollections.models import LedgerEntry
    from cardcollections.models import LedgerReason
    from cardcollections.models import Trade
    from cardcollections.reservations.selectors import stock_by_title

    problems = []
    if CollectionEntry.objects.filter(quantity__lt=0).exists():
        problems.append("a negative quantity")
    manual = {}
    for card_id, delta in LedgerEntry.objects.filter(reason=LedgerReason.MANUAL).values_list("card_id", "delta"):
        manual[card_id] = manual.get(card_id, 0) + delta
    if card_totals() != manual:
        problems.append("copies made or lost: card totals differ from the copies added by hand")
    if mismatches := ledger_mismatches():
        problems.append(f"{len(mismatches)} rows differ from their ledger")
    player = get_user_model().objects.get(username="player")
    stock = stock_by_title(owner=player, game=Game.objects.get(slug="chapter-and-verse"))
    if short := [key for key, s in stock.items() if s.reserved > s.owned]:
        problems.append(f"reserved over owned: {short}")
    if not Trade.objects.filter(status=Trade.Status.PROPOSED).exists():
        problems.append("every offer was accepted before the time was up: raise OFFERS_PER_SECOND")
    return Trade.objects.filter(status=Trade.Status.ACCEPTED).count(), problems


def goldfish_jobs(timeout: float = 300) -> str:
    """Waits (at most `timeout` seconds) for the worker to finish the jobs the goldfish run made; what became of them."""
    from django.db.models import Count

    from decks.goldfish.models import UNFINISHED
    from decks.goldfish.models import GoldfishJob

    deadline = time.monotonic() + timeout
    while GoldfishJob.objects.filter(status__in=UNFINISHED).exists() and time.monotonic() < deadline:
        time.sleep(1)
    states = GoldfishJob.objects.values_list("status").annotate(n=Count("id"))
    return ", ".join(f"{n} {status}" for status, n in sorted(states)) or "none"


def run_locust(user_class: str, seconds: int, users: int, seed_file: Path, out: Path) -> dict:
    """One headless locust run; its aggregated figures, with the 429s counted apart from the errors."""
    command = [str(BIN / "locust"), "-f", str(ROOT / "bench/locustfile.py"), "--headless", "--only-summary"]
    command += [f"--host=http://127.0.0.1:{PORT}", f"-u{users}", f"-r{users}", f"-t{seconds + 1}s"]
    command += ["--reset-stats", "--loglevel=WARNING", f"--csv={out}", user_class]
    with open(f"{out}.log", "w") as log:
        env = {**os.environ, "LOAD_SEED": str(seed_file)}
        subprocess.run(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, check=False)
    with open(f"{out}_stats.csv") as f:
        total = next(row for row in csv.DictReader(f) if row["Name"] == "Aggregated")
    with open(f"{out}_failures.csv") as f:
        failures = {row["Error"]: int(row["Occurrences"]) for row in csv.DictReader(f)}
    throttled = sum(n for error, n in failures.items() if "429 throttled" in error)
    return {
        "requests": int(total["Request Count"]),
        "rps": float(total["Requests/s"]),
        "p50": total["50%"],
        "p99": total["99%"],
        "errors": sum(failures.values()) - throttled,
        "429s": throttled,
        "error kinds": [error for error in failures if "429 throttled" not in error],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60, help="per endpoint (default 60)")
    parser.add_argument("--only", action="append", choices=list(ENDPOINTS), help="this endpoint only (repeatable)")
    parser.add_argument("--users", type=int, default=4, help="locust users, each sending without pause (default 4)")
    parser.add_argument(
        "--cards",
        type=int,
        default=0,
        help="generated Chapter and Verse cards added to the starter catalogs (default 0)",
    )
    args = parser.parse_args()
    chosen = args.only or list(ENDPOINTS)
    var = Path(tempfile.mkdtemp(prefix="bench-load-"))
    with fresh_database("load") as db_url:
        os.environ.update(PRODUCTION)
        os.environ.update(
            {
                "DATABASE_URL": db_url,
                "CACHE_URL": f"{REDIS}/5",
                "CELERY_BROKER_URL": f"{REDIS}/6",
                "CARDSITE_VAR_DIR": str(var),
                "DJANGO_SETTINGS_MODULE": "cardsite.settings",
            }
        )
        import django

        django.setup()
        from django.core.cache import cache
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", verbosity=0)
        call_command("loadcatalog", *STARTERS, verbosity=0)
        if args.cards:
            from bench.catalog_search import generated_catalog
            from bench.in_process import analyze
            from cardcollections.catalog.services import catalog_load

            catalog_load(document=generated_catalog(args.cards))
            analyze()
        offers = OFFERS_PER_SECOND * (args.seconds + 1) if "trade-accept" in chosen else 0
        seed_file = var / "seed.json"
        seed_file.write_text(json.dumps(seed(offers)))
        connections.close_all()
        worker_log = open(var / "celery-worker.log", "w")  # noqa: SIM115 (open while the worker runs)
        worker = subprocess.Popen(
            [
                str(BIN / "celery"),
                "-A",
                "cardsite",
                "worker",
                "-Q",
                "interactive,bulk",
                "--concurrency=2",
                "--loglevel=WARNING",
            ],
            cwd=ROOT,
            stdout=worker_log,
            stderr=subprocess.STDOUT,
        )
        results, accepted, broken, jobs = {}, 0, [], ""
        try:
            for name in chosen:
                user_class, extra = ENDPOINTS[name]
                cache.clear()  # no rate-limit counts left from the run before (the cache is this run's own)
                with gunicorn({**os.environ, **extra}, PORT, log=var / f"{name}-gunicorn.log"):
                    results[name] = run_locust(user_class, args.seconds, args.users, seed_file, var / name)
                if name == "trade-accept":
                    accepted, broken = invariants()
                if name == "goldfish-submit":
                    jobs = goldfish_jobs()  # before the next run, so the worker does not compete with it
                connections.close_all()
        finally:
            worker.terminate()
            worker.wait(timeout=60)
            worker_log.close()
            connections.close_all()
    report(results, accepted, broken, jobs, args, var)


def report(results: dict, accepted: int, broken: list[str], jobs: str, args: argparse.Namespace, var: Path) -> None:
    print(
        f"\n{args.seconds} s per endpoint, {args.users} locust users, gunicorn 2 workers, "
        f"{args.cards} generated Chapter and Verse cards beside the starters; files in {var}"
    )
    print(f"{'endpoint':16} {'requests':>9} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'errors':>7} {'429s':>6}")
    for name, r in results.items():
        print(f"{name:16} {r['requests']:9} {r['rps']:8.1f} {r['p50']:>7} {r['p99']:>7} {r['errors']:7} {r['429s']:6}")
        for kind in r["error kinds"]:
            print(f"    {name} error: {kind}")
    if "trade-accept" in results:
        print(f"collection invariants after {accepted} accepted offers:", "; ".join(broken) or "all hold")
    if "goldfish-submit" in results:
        print(f"goldfish jobs made by the run: {jobs}")
    if {"health", "validation"} <= results.keys():
        ratio = results["validation"]["rps"] / results["health"]["rps"]
        print(f"ratio validation / trivial endpoint: {ratio:.2f} (goal >= 0.7)")
    if broken or any(r["errors"] for r in results.values()):
        sys.exit(1)


if __name__ == "__main__":
    main()

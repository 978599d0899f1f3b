"""Decks I can build: the public decks page filtered by "I can build", over 1,000 public decks, for a player
with a 2,000-card collection, against the same page unfiltered in the same process.

Run with `DATABASE_URL=postgres://postgres@127.0.0.1:5432/cardsite_bench_social .venv/bin/python
bench/decks_buildable.py` (it works in a throwaway `test_<name>` database beside the one named, and drops
it at the end; without DATABASE_URL, SQLite). It loads a generated Chapter and Verse catalog of 3,000
cards, gives the player 2,000 of them (1 to 3 copies each) and a built deck, gives 50 other players 1,000
public 40-card decks (20 titles, two copies each; one in three drawn mostly from the player's cards, so
the filters find something), then times through Django's test client, signed in:

- baseline: `GET /decks/public/` (the first page of 30, each with the player's share, worked out for those 30);
- `GET /decks/public/?build=90` and `?build=100`: every public deck's share worked out, then filtered;
- `GET /api/v1/decks/buildable/?build=90` (JSON), and `decks_buildable` alone over the 1,000 decks.

Goal: the filtered page in under 200 ms, with a bounded number of queries (printed).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.in_process import analyze  # noqa: E402
from bench.in_process import django_environment  # noqa: E402
from bench.in_process import median_ms  # noqa: E402
from bench.in_process import throwaway_database  # noqa: E402


def _timed(fn, rounds: int) -> tuple[float, int]:
    """Median milliseconds over `rounds` calls (after one to warm up), and the queries of one more call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ms = median_ms(fn, rounds)
    with CaptureQueriesContext(connection) as queries:
        fn()
    return ms, len(queries)


def populate(*, cards: int, owned: int, decks: int, seed: int = 1):
    from django.contrib.auth import get_user_model

    from bench.catalog_search import generated_catalog
    from cardcollections.catalog.services import catalog_load
    from cardcollections.collection.services import collection_change
    from cardcollections.models import Card
    from cardcollections.models import Game
    from decks.lists.services import deck_create
    from decks.lists.services import deck_set_built
    from decks.lists.services import deck_titles_replace
    from decks.models import Deck
    from decks.models import DeckVisibility

    rng = random.Random(seed)
    catalog_load(document=generated_catalog(cards))
    game = Game.objects.get(slug="chapter-and-verse")
    pool = list(Card.objects.filter(game=game).select_related("card_set").order_by("id"))
    users = get_user_model().objects
    player = users.create_user("bench", password="bench-password-1")
    mine = rng.sample(pool, owned)
    for card in mine:
        collection_change(owner=player, card=card, delta=rng.choice((1, 2, 2, 3)))
    text = "".join(f"2 {c.title} ({c.card_set.code}) {c.number}\n" for c in mine[:20])
    deck_set_built(deck=deck_create(owner=player, game=game, name="Built", decklist=text), built=True)
    others = [users.create_user(f"player{i}", password="bench-password-1") for i in range(50)]

    def entries(chosen) -> list[dict]:
        return [
            {"set": c.card_set.code, "number": c.number, "title": c.title, "count": 2}
            for c in sorted(chosen, key=lambda c: c.title)
        ]

    rows = []
    for i in range(decks):
        # One in three mostly from the player's cards: some buildable in full, some at 90-95 %.
        mostly_mine = i % 3 == 0
        chosen = rng.sample(mine, 20 - i % 2) + rng.sample(pool, i % 2) if mostly_mine else rng.sample(pool, 20)
        chosen = list({c.pk: c for c in chosen}.values())
        cards_ = entries(chosen)
        rows.append(
            Deck(
                owner=others[i % len(others)],
                game=game,
                format="advanced",
                name=f"Public deck {i}",
                visibility=DeckVisibility.PUBLIC,
                cards=cards_,
                card_count=sum(e["count"] for e in cards_),
            )
        )
    Deck.objects.bulk_create(rows, batch_size=200)
    deck_titles_replace(decks=rows)  # what deck_create writes beside each list
    return player


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--decks", type=int, default=1000)
    args = parser.parse_args()
    os.environ.setdefault("CARDSITE_VAR_DIR", tempfile.mkdtemp(prefix="bench-social-"))
    django_environment()
    with throwaway_database():
        run(args)


def run(args: argparse.Namespace) -> None:
    from django.db import connection
    from django.test import Client

    from decks.models import Deck
    from decks.stock.selectors import decks_buildable

    t0 = time.perf_counter()
    player = populate(cards=3000, owned=2000, decks=args.decks)
    analyze()
    print(f"set up in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    client = Client()
    client.force_login(player)

    def getter(url: str, **params):
        def get() -> None:
            response = client.get(url, params)
            assert response.status_code == 200, response.content[:300]

        return get

    counts = {
        build: client.get("/api/v1/decks/buildable/", {"build": build}).json()["count"] for build in ("100", "90")
    }
    print(
        f"database: {connection.vendor}; {Deck.objects.filter(visibility='public').count()} public decks; "
        f"the player can build {counts['100']} in full and {counts['90']} at 90 % or more; "
        f"{args.rounds} rounds each, medians"
    )
    baseline, n = _timed(getter("/decks/public/"), args.rounds)
    print(f"{'public decks page (baseline)':40} {baseline:8.2f} ms  {1.0:5.2f}x  {n:3d} queries")
    for name, fn in (
        ("public decks page, build=90", getter("/decks/public/", build="90")),
        ("public decks page, build=100", getter("/decks/public/", build="100")),
        ("API decks/buildable/?build=90", getter("/api/v1/decks/buildable/", build="90")),
        ("decks_buildable over every deck", lambda: decks_buildable(user=player, decks=Deck.objects.all())),
    ):
        ms, n = _timed(fn, args.rounds)
        print(f"{name:40} {ms:8.2f} ms  {ms / baseline:5.2f}x  {n:3d} queries")


if __name__ == "__main__":
    main()

"""How quickly the deck builder answers, against the plain validation endpoint in the same process.

Run with `.venv/bin/python bench/deck_builder.py [--rounds N]`. It makes a throwaway
SQLite database in a temporary folder (or uses DATABASE_URL's server with a
database of its own, `<name>_bench_builder`), loads the starter catalogs, gives a
player a collection of every Chapter and Verse card and a second built deck, and
then times, through Django's test client (the whole request: middleware,
session, view, template):

- baseline: `POST /api/v1/decks/validate/` with a 40-card list (the engine alone);
- the builder's panel (`POST /decks/builder/panel/`): validation, owned/free/
  missing/on-offer counts and the rendered panel, for the same list — what every
  click in the builder waits for;
- the builder's search as you type (`GET /decks/builder/search/?q=...`);
- the deck page with its charts (`GET /decks/<id>/`).

It prints medians and each one's ratio to the baseline (the ratio tracks what
the builder adds to the engine: stock queries and the rendered panel). Goal: a
click in the builder is answered in under 50 ms on the server, half of the
100 ms within which a change feels instant.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.in_process import django_environment  # noqa: E402
from bench.in_process import median_ms  # noqa: E402


def _setup_environment() -> None:
    var = Path(tempfile.mkdtemp(prefix="bench-builder-"))
    os.environ.setdefault("CARDSITE_VAR_DIR", str(var))
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        base, _, name = url.rpartition("/")
        os.environ["DATABASE_URL"] = f"{base}/{name or 'cardsite'}_bench_builder"
    django_environment()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    args = parser.parse_args()
    _setup_environment()

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    if connection.vendor == "postgresql":
        connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    call_command("migrate", verbosity=0)
    catalogs = sorted(str(p) for p in (ROOT / "cardcollections/starter_catalogs").glob("*.json"))
    call_command("loadcatalog", *catalogs, verbosity=0)

    from django.contrib.auth import get_user_model

    from cardcollections.collection.services import collection_change
    from cardcollections.models import Card
    from cardcollections.models import Game
    from decks.lists.services import deck_create
    from decks.lists.services import deck_set_built

    game = Game.objects.get(slug="chapter-and-verse")
    player = get_user_model().objects.create_user("bench", password="bench-password-1")
    other = get_user_model().objects.create_user("trader", password="trader-password-1")
    cards = list(Card.objects.filter(game=game).order_by("id"))
    for card in cards:
        collection_change(owner=player, card=card, delta=2)
        collection_change(owner=other, card=card, delta=1)
    plain = [c for c in cards if not any(e.get("kind") == "unique" for e in c.effects) and not c.advanced]
    chosen = plain[:20]
    entries = [{"set": c.card_set.code, "number": c.number, "title": c.title, "count": 2} for c in chosen]
    text = "".join(f"2 {c.title} ({c.card_set.code}) {c.number}\n" for c in chosen)
    built = deck_create(owner=player, game=game, name="Built", decklist=text)
    deck_set_built(deck=built, built=True)
    deck = deck_create(owner=player, game=game, name="Bench", decklist=text)

    client = Client()
    client.force_login(player)
    validate_body = json.dumps({"game": game.slug, "decklist": text})
    panel_body = {"game": game.slug, "deck": str(deck.pk), "format": "advanced", "cards": json.dumps(entries)}

    def validate() -> None:
        assert client.post("/api/v1/decks/validate/", validate_body, content_type="application/json").status_code == 200

    def panel() -> None:
        assert client.post("/decks/builder/panel/", panel_body, HTTP_HX_REQUEST="true").status_code == 200

    def search() -> None:
        response = client.get("/decks/builder/search/", {"game": game.slug, "deck": str(deck.pk), "q": "faith"})
        assert response.status_code == 200

    def page() -> None:
        assert client.get(f"/decks/{deck.pk}/").status_code == 200

    baseline = median_ms(validate, args.rounds)
    print(f"database: {connection.vendor}; 40-card Chapter and Verse deck; {args.rounds} rounds each, medians")
    print(f"{'validate API (baseline)':32} {baseline:7.2f} ms   1.00x")
    for name, fn in (
        ("builder panel (each click)", panel),
        ("builder search as you type", search),
        ("deck page with charts", page),
    ):
        ms = median_ms(fn, args.rounds)
        print(f"{name:32} {ms:7.2f} ms  {ms / baseline:5.2f}x")
    if connection.vendor == "postgresql":
        connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)


if __name__ == "__main__":
    main()

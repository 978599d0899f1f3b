"""How quickly a player's due queue answers: 2,000 verses and 20,000 reviews (issue #32's figure: under 20 ms).

Run with `.venv/bin/python bench/learn.py [--rounds N]`. It makes a throwaway database beside the configured one
(SQLite unless DATABASE_URL names a server), a catalog set of 2,000 verse cards, a player learning all of them with
ten reviews each (20,000 rows, written in bulk: the schedule's columns as after those reviews, a third of the
verses due now), and a second player with as many, then times through Django's test client (the whole request:
middleware, token or session, view, JSON or template):

- `GET /api/v1/learn/queue/` (50 due verses, the due count, goal and today's reviews);
- `GET /api/v1/learn/queue/?limit=200`;
- `GET /learn/` (due count, goal, statistics with retention over 30 days, the first 20 due).
"""

from __future__ import annotations

import argparse
import sys
import uuid
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.in_process import analyze  # noqa: E402
from bench.in_process import django_environment  # noqa: E402
from bench.in_process import median_ms  # noqa: E402
from bench.in_process import throwaway_database  # noqa: E402

VERSES = 2000
REVIEWS_EACH = 10


def _player(name: str, cards: list, now) -> object:
    from django.contrib.auth import get_user_model

    from learning.models import FsrsState
    from learning.models import LearnedVerse
    from learning.models import Review

    user = get_user_model().objects.create_user(name, password=f"{name}-password-1")
    verses = LearnedVerse.objects.bulk_create(
        LearnedVerse(
            user=user,
            card=card,
            verse_key=f"{i:040d}",
            added=now - timedelta(days=60),
            state=FsrsState.REVIEW,
            step=None,
            stability=10.0 + i % 50,
            difficulty=5.0,
            # A third due now, the rest over the next two months.
            due=now - timedelta(hours=i % 3 + 1) if i % 3 == 0 else now + timedelta(days=i % 60 + 1),
            last_review=now - timedelta(days=i % 20 + 1),
            reviews=REVIEWS_EACH,
        )
        for i, card in enumerate(cards)
    )
    reviews = [
        Review(
            user=user,
            verse=verse,
            uuid=uuid.uuid4(),
            grade=1 + (i + j) % 4,
            kind="whole",
            reviewed=now - timedelta(days=j * 6 + i % 5),
            state_before=FsrsState.REVIEW if j else FsrsState.LEARNING,
            due_after=now,
        )
        for i, verse in enumerate(verses)
        for j in range(REVIEWS_EACH)
    ]
    Review.objects.bulk_create(reviews, batch_size=2000)
    return user


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    django_environment()
    with throwaway_database():
        from django.conf import settings
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client
        from django.utils import timezone
        from knox.models import AuthToken
        from rest_framework.test import APIClient

        from cardcollections.models import Card
        from cardcollections.models import CardSet
        from cardcollections.models import Game

        settings.ALLOWED_HOSTS = ["testserver"]
        call_command("migrate", verbosity=0)
        Game.ensure_all()
        game = Game.objects.get(slug="chapter-and-verse")
        card_set = CardSet.objects.create(game=game, code="BENCH", name="Bench verses")
        cards = Card.objects.bulk_create(
            Card(
                game=game,
                card_set=card_set,
                number=str(i + 1),
                title=f"Verse {i + 1}",
                title_key=f"verse {i + 1}",
                scripture=f"And it came to pass that verse number {i + 1} was written for the bench",
                reference=f"Alma {i // 40 + 1}:{i % 40 + 1}",
            )
            for i in range(VERSES)
        )
        now = timezone.now()
        player = _player("bench", cards, now)
        _player("other", cards, now)
        analyze()

        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=player)[1]}")
        page = Client()
        page.force_login(player)

        def queue() -> None:
            assert api.get("/api/v1/learn/queue/").status_code == 200

        def queue_200() -> None:
            assert api.get("/api/v1/learn/queue/", {"limit": 200}).status_code == 200

        def home() -> None:
            assert page.get("/learn/").status_code == 200

        print(
            f"database: {connection.vendor}; {VERSES:,} verses, {VERSES * REVIEWS_EACH:,} reviews a player, two players"
        )
        print(f"{args.rounds} rounds each, medians (goal: the due queue under 20 ms)")
        for name, fn in (("due queue API (50)", queue), ("due queue API (200)", queue_200), ("/learn/ page", home)):
            print(f"{name:24} {median_ms(fn, args.rounds):7.2f} ms")


if __name__ == "__main__":
    main()

"""The format flood (issue #34): 100 edits of a format with 200 saved decks, in a row, and what they queue.

Run with `.venv/bin/python bench/format_flood.py [--edits 100] [--decks 200]`. In process, production settings,
a throwaway test database (SQLite unless DATABASE_URL says otherwise); the broker is replaced by a counter of the
messages sent (task and queue), so what is measured is how much work the edits put on the queues, not a timing:
- the re-check jobs the edits queue on `bulk` (the finding: one per edit, 100, in front of other players' jobs);
- the work budget's view of it (the one waiting re-check's estimated seconds);
- after the worker's re-check runs, the mail tasks it queues on `interactive` (the finding: 453) and the mails a
  player with one deck in the format gets over 10 toggles of a ban with the worker keeping up (the finding: one
  a toggle).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.in_process import django_environment
from bench.in_process import throwaway_database
from bench.server import ROOT


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=100)
    parser.add_argument("--decks", type=int, default=200)
    args = parser.parse_args()
    django_environment()
    with throwaway_database():
        run(args.edits, args.decks)


def run(edits: int, decks: int) -> None:
    from celery import current_app
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.core.management import call_command

    from cardcollections.models import CardSet
    from cardcollections.models import Game
    from cardcollections.models import Notification
    from cardcollections.notifications.services import notification_email_send
    from decks.formats.notices import format_recheck_run
    from decks.formats.services import FormatRules
    from decks.formats.services import tournament_format_create
    from decks.formats.services import tournament_format_update
    from decks.lists.services import deck_create
    from decks.models import FormatRecheck
    from decks.models import TournamentFormat

    sent: Counter[tuple[str, str]] = Counter()
    queued: list[tuple[str, list]] = []

    def send_task(name, args=None, queue=None, **options):
        sent[(name, queue or "interactive")] += 1
        queued.append((name, list(args or [])))

    current_app.send_task = send_task  # type: ignore[method-assign]
    cache.clear()
    call_command("loadcatalog", str(ROOT / "cardcollections/starter_catalogs/chapter-and-verse.json"), verbosity=0)
    game = Game.objects.get(slug="chapter-and-verse")
    users = get_user_model().objects
    organiser = users.create_user("organiser", email="organiser@example.org", is_staff=True)
    titles = sorted(
        {c.title for c in game.cards.all() if not (c.effects and any(e.get("kind") == "unique" for e in c.effects))}
    )
    decklist = "\n".join(f"2 {t}" for t in titles[:20])  # 40 cards
    fmt = tournament_format_create(
        organiser=organiser,
        slug="flood-open",
        name="Flood Open",
        game=game,
        rules=FormatRules(base_format="advanced", legal_sets=CardSet.objects.filter(game=game)),
    )
    owners = [users.create_user(f"player{n}", email=f"player{n}@example.org") for n in range(decks // 10)]
    dora = users.create_user("dora", email="dora@example.org")
    for n in range(decks - 1):
        deck_create(owner=owners[n % len(owners)], game=game, name=f"Deck {n}", format_slug=fmt.slug, decklist=decklist)
    deck_create(owner=dora, game=game, name="Dora's", format_slug=fmt.slug, decklist=decklist)

    def edit(banned: bool) -> None:
        row = TournamentFormat.objects.get(pk=fmt.pk)
        rules = FormatRules(
            base_format="advanced",
            legal_sets=CardSet.objects.filter(game=game),
            banned_titles=[titles[0]] if banned else [],
        )
        tournament_format_update(fmt=row, user=organiser, name=row.name, rules=rules)

    later: list[list] = []

    def run_queued() -> None:
        """The worker: every queued message in order; a digest (sent with a countdown) waits for the window's end."""
        while queued:
            name, task_args = queued.pop(0)
            if name == "decks.format_decks_recheck":
                format_recheck_run(recheck_id=task_args[0])
            elif name == "cardcollections.notification_email" and len(task_args) > 1:
                later.append(task_args)
            elif name == "cardcollections.notification_email":
                notification_email_send(notification_id=task_args[0])

    def window_ends() -> None:
        while later:
            notification_email_send(notification_id=later.pop(0)[0], digest=True)

    from django.core import mail
    from django.test.utils import override_settings

    with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
        mail.outbox = []
        start = time.perf_counter()
        for n in range(edits):
            edit(banned=(edits - 1 - n) % 2 == 0)  # the last edit bans
        seconds = time.perf_counter() - start
        rechecks = sent[("decks.format_decks_recheck", "bulk")]
        waiting = FormatRecheck.objects.filter(status="queued").first()
        print(f"{edits} edits of a format with {decks} saved decks in {seconds:.1f} s")
        print(
            f"  re-check jobs queued on bulk: {rechecks} (one waiting, {waiting.edits} edits merged into it; "
            f"{waiting.total} decks, about {waiting.total * FormatRecheck.SECONDS_PER_DECK:.0f} s of the editor's budget)"
        )
        before = sum(n for (name, _q), n in sent.items() if name == "cardcollections.notification_email")
        run_queued()
        window_ends()
        mails = sum(n for (name, _q), n in sent.items() if name == "cardcollections.notification_email") - before
        print(
            f"  after the re-check: {Notification.objects.count()} notifications to "
            f"{Notification.objects.values('user').distinct().count()} players, {mails} mail tasks queued, "
            f"{len(mail.outbox)} mails sent"
        )
        mail.outbox = []
        for n in range(10):  # the worker keeps up: each toggle is re-checked before the next
            edit(banned=n % 2 == 1)  # unban, ban, ...: five toggles make dora's deck illegal again
            run_queued()
        window_ends()
        dora_mails = [m for m in mail.outbox if m.to == ["dora@example.org"]]
        illegal_again = sum(1 for n in range(10) if n % 2 == 1)
        print(
            f"  10 more toggles of the ban, each re-checked before the next ({illegal_again} make dora's one deck "
            f"illegal again, {illegal_again} notifications): dora got {len(dora_mails)} mail(s) in that window "
            f"({'; '.join(m.subject for m in dora_mails)}), one a toggle before"
        )


if __name__ == "__main__":
    main()

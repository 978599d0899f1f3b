"""Print and play: a 60-card deck as a PDF of proxies (A4, crop marks, backs), against the same deck's text export
in the same process; then a catalog set of 120 cards, as a worker would draw it.

Run with `.venv/bin/python bench/print.py` (a throwaway SQLite database and media folder; with DATABASE_URL, a
`test_<name>` database beside the one named, dropped at the end). It loads a generated Chapter and Verse
catalog of 200 cards (its first set: the catalog set printed), builds a 60-card deck (20 titles, three copies
each), then times, through Django's test client signed in as the deck's owner:

- baseline: `GET /api/v1/decks/{id}/export/` (the same lookup and list, as text);
- `GET /api/v1/decks/{id}/print.pdf?backs=true`, the sheet drawn in the request, the faces not yet kept
  (a catalog just loaded: each face drawn with Pillow as well);
- the same with the faces kept (after the site's face task has drawn them);
- the same again with the sheet kept (the same deck is not drawn twice): read back from the media storage;
- the catalog set, 120 cards one each, as a print job a worker runs (`print_job_create`, then the task's
  `print_job_run`: claim, progress, finish), faces kept.

Pages a second count fronts and backs. Goal (issue #33): the 60-card deck in under 5 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.in_process import django_environment  # noqa: E402
from bench.in_process import median_ms  # noqa: E402
from bench.in_process import throwaway_database  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("CARDSITE_VAR_DIR", tempfile.mkdtemp(prefix="bench-print-"))
    django_environment()
    with throwaway_database():
        run(args)


def run(args: argparse.Namespace) -> None:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.files.storage import default_storage
    from django.test import Client

    from bench.catalog_search import generated_catalog
    from cardcollections.catalog.services import catalog_load
    from cardcollections.images.faces import card_faces_render
    from cardcollections.models import Card
    from cardcollections.models import Game
    from cardcollections.printing.services import PrintOptions
    from cardcollections.printing.services import print_job_create
    from cardcollections.printing.services import print_job_run
    from decks.lists.services import deck_create

    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="bench-print-media-")
    catalog_load(document=generated_catalog(200))
    game = Game.objects.get(slug="chapter-and-verse")
    owner = get_user_model().objects.create_user("bench", password="bench-password-1")
    cards = list(Card.objects.filter(game=game).select_related("card_set", "game").order_by("card_set__code", "id"))
    text = "".join(f"3 {c.title} ({c.card_set.code}) {c.number}\n" for c in cards[:20])
    deck = deck_create(owner=owner, game=game, name="Bench", decklist=text)
    client = Client()
    client.force_login(owner)
    url = f"/api/v1/decks/{deck.pk}"

    def get(path: str, **params: str) -> bytes:
        response = client.get(path, params)
        assert response.status_code == 200, response.content[:300]
        return b"".join(response.streaming_content) if response.streaming else response.content

    def forget_sheets() -> None:
        folder = "print"
        if default_storage.exists(folder):
            for name in default_storage.listdir(folder)[1]:
                default_storage.delete(f"{folder}/{name}")

    def forget_faces() -> None:
        Card.objects.update(face="", face_key="")

    def drawn(*, faces_kept: bool):
        def draw() -> bytes:
            forget_sheets()
            if not faces_kept:
                forget_faces()
            return get(f"{url}/print.pdf", backs="true")

        return draw

    pages = 14  # 60 cards: 7 pages of fronts, 7 of backs
    print(f"deck: {deck.card_count} cards, 20 titles; A4, backs: {pages} pages; {args.rounds} rounds each, medians")
    baseline = median_ms(lambda: get(f"{url}/export/"), args.rounds)
    print(f"{'deck text export (baseline)':44} {baseline:9.1f} ms  {1.0:8.1f}x")
    cold = median_ms(drawn(faces_kept=False), args.rounds)
    card_faces_render(card_ids=[c.pk for c in cards])
    warm = median_ms(drawn(faces_kept=True), args.rounds)
    get(f"{url}/print.pdf", backs="true")
    kept = median_ms(lambda: get(f"{url}/print.pdf", backs="true"), args.rounds)
    for name, ms in (
        ("60 cards, faces drawn too", cold),
        ("60 cards, faces kept", warm),
        ("60 cards, the sheet kept", kept),
    ):
        print(f"{name:44} {ms:9.1f} ms  {ms / baseline:8.1f}x  {pages / (ms / 1000):7.1f} pages/s")

    catalog_set = [(c, 1) for c in cards if c.card_set_id == cards[0].card_set_id][:120]
    options = PrintOptions(paper="a4", bleed=0, backs=True)

    def worker() -> None:
        forget_sheets()
        job = print_job_create(owner=owner, game=game, cards=catalog_set, options=options, title="Set", field="set")
        done = print_job_run(job_id=job.pk, task_id=f"bench-{job.pk}")
        assert done is not None and done.status == "done", done

    start = time.perf_counter()
    worker()
    first = (time.perf_counter() - start) * 1000
    ms = median_ms(worker, args.rounds)
    set_pages = 2 * -(-len(catalog_set) // 9)
    print(
        f"{f'catalog set, {len(catalog_set)} cards (worker)':44} {ms:9.1f} ms  {ms / baseline:8.1f}x  "
        f"{set_pages / (ms / 1000):7.1f} pages/s  (first draw {first:.0f} ms)"
    )


if __name__ == "__main__":
    main()

"""`manage.py dumpcatalog GAME [-o FILE]`: the game's catalog as a catalog file."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from cardcollections.catalog.selectors import catalog_document
from rules.games import GAME_SLUGS


class Command(BaseCommand):
    help = "Write a game's catalog in the catalog file format (standard output by default)."

    def add_arguments(self, parser):
        parser.add_argument("game", metavar="GAME", help="one of: " + ", ".join(GAME_SLUGS))
        parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")

    def handle(self, *args, game: str, output: str | None, **options):
        if game not in GAME_SLUGS:
            raise CommandError(f"unknown game {game!r}; games are {', '.join(GAME_SLUGS)}", returncode=2)
        text = json.dumps(catalog_document(game=game), indent=2, ensure_ascii=False) + "\n"
        if output:
            Path(output).write_text(text, encoding="utf-8")
        else:
            self.stdout.write(text, ending="")

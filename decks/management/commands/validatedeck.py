"""python manage.py validatedeck --game GAME [--format FORMAT] [--json] FILE.

docs/contracts/validation.md, "Command line".

Exit status: 0 legal, 1 not legal, 2 the request itself is wrong (unknown
game or format, unreadable file, malformed JSON list).
"""

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from cardsite.api.errors import UnreadableText
from cardsite.api.parsers import check_text
from decks.exceptions import DeckRequestError
from decks.validation.services import deck_validate
from rules.validation import ValidationResult

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_USAGE = 0, 1, 2


class Command(BaseCommand):
    help = "Validate a deck list (text or JSON; - for standard input) against a game's construction rules."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", required=True, help="Game slug, e.g. chapter-and-verse.")
        parser.add_argument("--format", dest="format_slug", help="Format slug (default: the game's default).")
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="Print the result as JSON and nothing else."
        )
        parser.add_argument("file", help="A text or JSON deck list; - reads standard input.")

    def handle(self, *args: Any, game: str, format_slug: str | None, as_json: bool, file: str, **options: Any) -> None:
        text = self._read(file)
        decklist, cards, format_slug = _deck_from_text(text, game=game, format_slug=format_slug)
        try:
            result = deck_validate(game=game, format_slug=format_slug, decklist=decklist, cards=cards)
        except DeckRequestError as exc:
            raise CommandError(exc.message, returncode=EXIT_USAGE) from exc
        if as_json:
            self.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False))
        else:
            self.stdout.write(report(result))
        if not result.legal:
            # Not an error of the command: the answer is "not legal".
            sys.exit(EXIT_ILLEGAL)

    def _read(self, file: str) -> str:
        try:
            if file == "-":
                stream = getattr(sys.stdin, "buffer", None)
                data = stream.read() if stream is not None else sys.stdin.read()
            else:
                data = Path(file).read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror or exc}", returncode=EXIT_USAGE) from exc
        if isinstance(data, str):
            return data
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CommandError(f"{file} is not UTF-8 text.", returncode=EXIT_USAGE) from exc


def _deck_from_text(text: str, *, game: str, format_slug: str | None) -> tuple[str | None, Any, str | None]:
    """(decklist, cards, format): a JSON document if the file is one, else the text as a deck list.

    A JSON deck may name its game and format (docs/contracts/deck-format.md); --format wins
    over the file's format, and a file of another game is refused.
    """
    if not text.lstrip().startswith(("{", "[")):
        return text, None, format_slug
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CommandError(f"The file looks like JSON but is not: {exc}", returncode=EXIT_USAGE) from exc
    try:
        # What the API refuses with a 400 (a NUL byte, a lone surrogate from a broken \u escape): the
        # report would echo it, and standard output cannot encode a lone surrogate.
        check_text(document, "cards" if isinstance(document, list) else "")
    except UnreadableText as exc:
        raise CommandError(f"{exc.path}: {exc.message}", returncode=EXIT_USAGE) from exc
    if isinstance(document, list):
        return None, document, format_slug
    if not isinstance(document, dict) or "cards" not in document:
        raise CommandError('A JSON deck list is an object with "cards" (deck-format.md).', returncode=EXIT_USAGE)
    named_game = document.get("game")
    if named_game is not None and named_game != game:
        raise CommandError(f"The file is a {named_game} deck, not {game}.", returncode=EXIT_USAGE)
    named_format = document.get("format")
    if format_slug is None and named_format is not None:
        if not isinstance(named_format, str):
            raise CommandError('"format" in the file must be a string.', returncode=EXIT_USAGE)
        format_slug = named_format
    return None, document["cards"], format_slug


def report(result: ValidationResult) -> str:
    """The readable report: a verdict line, then each finding, line numbers first."""
    verdict = "LEGAL" if result.legal else "NOT LEGAL"
    lines = [f"{result.game} / {result.format}: {result.card_count} cards, {verdict}"]
    for heading, findings in (("Errors", result.errors), ("Warnings", result.warnings)):
        if not findings:
            continue
        lines.append(f"{heading}:")
        for f in findings:
            # Messages about a line already start with "Line N:".
            lines.append(f"  [{f.code}] {f.message}")
    return "\n".join(lines)

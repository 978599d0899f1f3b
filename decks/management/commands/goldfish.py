"""python manage.py goldfish REQUEST.json [--progress] [--replay N [--text]].

docs/contracts/goldfish.md, "Command line".

Runs any mode in this process, no broker. Standard output carries the result
JSON and nothing else, so it can be piped; `--progress` draws a bar on
standard error. `--replay N` prints game N of a `play` request's run instead,
turn by turn (the replay JSON of POST /api/v1/goldfish/replay/; with `--text`, as
lines of text). Exit status 0, or 2 for a malformed request (the message names
the field) or an unreadable file.
"""

import json
import sys
import time
from pathlib import Path
from typing import Any
from typing import TextIO

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from cardsite.api.errors import UnreadableText
from cardsite.api.parsers import check_text
from decks.goldfish.checks import GoldfishInputError
from decks.goldfish.services import goldfish_replay_answer
from decks.goldfish.services import goldfish_run
from rules.goldfish.replay import replay_text

EXIT_USAGE = 2
BAR_WIDTH = 40


class ProgressBar:
    """A one-line bar on a terminal stream, redrawn at most 10 times a second."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.last = -1.0
        self.shown = -1

    def __call__(self, fraction: float) -> None:
        now = time.monotonic()
        percent = int(fraction * 100)
        if percent == self.shown or (now - self.last < 0.1 and fraction < 1.0):
            return
        self.last, self.shown = now, percent
        filled = int(fraction * BAR_WIDTH)
        self.stream.write(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {percent:3d}%")
        self.stream.flush()

    def close(self) -> None:
        if self.shown >= 0:
            self.stream.write("\n")
            self.stream.flush()


class Command(BaseCommand):
    help = "Answer a goldfish request (JSON file; - for standard input) in this process and print the result JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("request", help="The request as a JSON file (goldfish.md); - reads standard input.")
        parser.add_argument("--progress", action="store_true", help="Draw a progress bar on standard error.")
        parser.add_argument(
            "--replay", type=int, metavar="N", help="Print game N of the play request's run, turn by turn, instead."
        )
        parser.add_argument("--text", action="store_true", help="With --replay: print the log as text, not JSON.")

    def handle(self, *args: Any, request: str, progress: bool, replay: int | None, text: bool, **options: Any) -> None:
        data = _load(request)
        if replay is not None:
            self._replay(data, replay, text)
            return
        # self.stderr is Django's wrapper; the bar writes to the raw stream so it can redraw in place.
        # (OutputWrapper._out is that stream; the stubs leave it out, so it reads as the wrapper's __getattr__.)
        bar = ProgressBar(self.stderr._out) if progress else None  # type: ignore[arg-type]
        try:
            result = goldfish_run(data=data, on_progress=bar)
        except GoldfishInputError as exc:
            raise CommandError(str(exc), returncode=EXIT_USAGE) from exc
        finally:
            if bar is not None:
                bar.close()
        self.stdout.write(json.dumps(result, ensure_ascii=False))

    def _replay(self, data: Any, game_number: int, text: bool) -> None:
        if not isinstance(data, dict):
            raise CommandError("The request must be a JSON object", returncode=EXIT_USAGE)
        try:
            answer = goldfish_replay_answer(data={**data, "game_number": game_number})
        except GoldfishInputError as exc:
            raise CommandError(str(exc), returncode=EXIT_USAGE) from exc
        for card in answer["cards"]:
            card.pop("card_id")
        self.stdout.write(replay_text(answer) if text else json.dumps(answer, ensure_ascii=False))


def _load(source: str) -> Any:
    try:
        if source == "-":
            stream = getattr(sys.stdin, "buffer", None)
            raw: bytes | str = stream.read() if stream is not None else sys.stdin.read()
        else:
            raw = Path(source).read_bytes()
    except OSError as exc:
        raise CommandError(f"Cannot read {source}: {exc.strerror or exc}", returncode=EXIT_USAGE) from exc
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        data = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CommandError(f"{source} is not a JSON request: {exc}", returncode=EXIT_USAGE) from exc
    try:
        # What the API refuses with a 400 (a NUL byte, a lone surrogate from a broken \u escape): the
        # result would echo it, and standard output cannot encode a lone surrogate.
        check_text(data)
    except UnreadableText as exc:
        raise CommandError(f"{exc.path}: {exc.message}", returncode=EXIT_USAGE) from exc
    return data

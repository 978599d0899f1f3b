"""Catalogs for the deck tests, loaded through the real catalog loader."""

import contextlib
import io
import json

import pytest
from django.core.management import ManagementUtility

from cardcollections.catalog.services import catalog_load
from tests.catalog_cards import cv_card
from tests.decklists import copies_per_title


def verse_title(i: int) -> str:
    return f"Verse {i:03d}"


def _load_cv(verses: int) -> None:
    cards = [cv_card("CV1", str(i), verse_title(i)) for i in range(1, verses + 1)]
    cards += [
        cv_card("CV1", "900", "By Small Means"),
        cv_card("CV2", "1", "By Small  means"),
        cv_card("CV1", "901", "Pride Cycle", advanced=True, effects=[{"kind": "unique"}]),
        cv_card("CV2", "2", "Only In Two"),
    ]
    catalog_load(
        document={
            "game": "chapter-and-verse",
            "sets": [
                {"code": "CV1", "name": "Starter Set", "released": "2008-03-27"},
                {"code": "CV2", "name": "Second Set", "released": "2009-01-01"},
            ],
            "cards": cards,
        }
    )


@pytest.fixture
def cv_catalog(db):
    """Chapter and Verse: 60 plain verses in CV1, a Unique and Advanced card, a title reprinted in CV2."""
    _load_cv(60)


@pytest.fixture
def cv_catalog_400(db):
    """The same with 400 plain verses, for decks of hundreds of titles."""
    _load_cv(400)


@pytest.fixture
def bb_catalog(db):
    def bb(number, title, type_, **fields):
        return {
            "set": "BB1",
            "number": number,
            "title": title,
            "type": type_,
            "effort": 1,
            "offense": 0,
            "defense": 1,
            **fields,
        }

    catalog_load(
        document={
            "game": "bible-battles",
            "sets": [{"code": "BB1", "name": "Genesis"}],
            "cards": [
                bb("1", "Shepherd", "follower"),
                bb("2", "Goat", "animal"),
                bb("3", "Moses", "unique-person"),
                bb("4", "Ark of the Covenant", "item", unique=True),
            ],
        }
    )


def legal_cv_text(cards: int = 40, copies: int = 2) -> str:
    """A legal advanced list of `cards` cards, `copies` of each plain verse."""
    return "\n".join(f"{count} {verse_title(i)}" for i, count in enumerate(copies_per_title(cards, copies), start=1))


# A legal 40-card advanced list for the goldfish tests: 37 plain verses and three By Small Means.
GOLDFISH_DECK = legal_cv_text(37) + "\n3 By Small Means"


def simulate_request(**fields) -> dict:
    """A goldfish simulation request on GOLDFISH_DECK; `fields` (turns, trials, seed, queries...) complete it."""
    return {"game": "chapter-and-verse", "decklist": GOLDFISH_DECK, "mode": "simulate", **fields}


@pytest.fixture
def manage(monkeypatch):
    """manage(command, *argv, stdin=None) runs a command as `manage.py` would (argument parsing, CommandError ->
    exit status) and returns (status, stdout, stderr); `stdin`, bytes, is what it reads on standard input."""
    # run_from_argv closes the database connections when it finishes; the test's connection must stay open.
    monkeypatch.setattr("django.db.connections.close_all", lambda: None)

    def run(command: str, *argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
        if stdin is not None:
            monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        # UTF-8 streams, as a terminal or a pipe is: text they cannot encode (a lone surrogate) fails here too.
        out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="") for _ in range(2))
        status = 0
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                ManagementUtility(["manage.py", command, *argv]).execute()
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 1
        out.flush(), err.flush()
        return status, out.buffer.getvalue().decode("utf-8"), err.buffer.getvalue().decode("utf-8")

    return run


@pytest.fixture
def write_file(tmp_path):
    """write_file(content, name) writes bytes, text or (anything else) JSON to a file of the test's own; returns its path."""

    def write(content, name: str) -> str:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
        return str(path)

    return write


def rules_of(fmt, **changes) -> dict:
    """A tournament format's name and rules as the update service takes them, with `changes` to the rules."""
    from decks.formats.services import FormatRules

    return {"name": fmt.name, "rules": FormatRules.of(fmt, **changes)}

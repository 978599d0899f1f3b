"""python manage.py goldfish REQUEST.json (goldfish.md, "Command line"): JSON only on stdout, bar on stderr, exit 2."""

import contextlib
import io
import json

import pytest
from django.core.management import ManagementUtility

from decks.goldfish_models import GoldfishJob
from tests.decks.conftest import legal_cv_text

REQUEST = {
    "game": "chapter-and-verse",
    "decklist": legal_cv_text(37) + "\n3 By Small Means",
    "mode": "simulate",
    "turns": 3,
    "trials": 1_500_000,
    "seed": 5,
    "queries": [{"name": "By Small Means", "filter": {"title": "By Small Means"}}],
}


@pytest.fixture
def run(monkeypatch, cv_catalog):
    """Run the command as manage.py would; return (status, stdout, stderr)."""
    # run_from_argv closes the database connections when it finishes; the test's must stay open.
    monkeypatch.setattr("django.db.connections.close_all", lambda: None)

    def run(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        status = 0
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                ManagementUtility(["manage.py", "goldfish", *argv]).execute()
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 1
        return status, out.getvalue(), err.getvalue()

    return run


@pytest.fixture
def request_file(tmp_path):
    def write(data, name: str = "request.json") -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)

    return write


def test_it_prints_the_result_json_and_nothing_else(run, request_file):
    status, out, err = run(request_file(REQUEST))
    assert status == 0, err
    result = json.loads(out)  # the whole of stdout is one JSON document
    assert result["mode"] == "simulate" and result["trials"] == 1_500_000 and result["seed"] == 5
    assert result["cards_seen"] == [5, 6, 7, 8]
    assert err == ""
    assert not GoldfishJob.objects.exists()  # in this process: no job, no broker


def test_the_same_seed_gives_the_same_numbers(run, request_file):
    first = json.loads(run(request_file(REQUEST))[1])
    second = json.loads(run(request_file(REQUEST))[1])
    assert first == second


def test_progress_draws_a_bar_on_stderr_only(run, request_file):
    status, out, err = run(request_file(REQUEST), "--progress")
    assert status == 0
    json.loads(out)
    assert "\r[" in err and "100%" in err
    assert err.endswith("\n")


def test_exact_mode_answers_too(run, request_file):
    status, out, _err = run(request_file({**REQUEST, "mode": "exact"}))
    assert status == 0
    result = json.loads(out)
    assert result["mode"] == "exact" and result["queries"][0]["stderr"] == [0.0] * 4


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"turns": 31}, "turns"),
        ({"trials": 0}, "trials"),
        ({"queries": [{"name": "x", "filter": {"colour": "red"}}]}, "queries[0].filter.colour"),
        ({"decklist": "2 No Such Card"}, "decklist"),
        ({"deck": 3}, "deck"),
    ],
)
def test_a_malformed_request_exits_2_naming_the_field(run, request_file, change, field):
    status, out, err = run(request_file({**REQUEST, **change}))
    assert status == 2
    assert out == ""
    assert f"{field}:" in err


def test_a_file_that_is_not_json_or_is_missing_exits_2(run, request_file, tmp_path):
    status, out, err = run(request_file("{nope"))
    assert (status, out) == (2, "") and "not a JSON request" in err
    status, out, err = run(str(tmp_path / "missing.json"))
    assert (status, out) == (2, "") and "Cannot read" in err

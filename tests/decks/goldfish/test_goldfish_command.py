"""python manage.py goldfish REQUEST.json (docs/contracts/goldfish.md, "Command line").

JSON only on stdout, bar on stderr, exit 2.
"""

import functools
import json

import pytest

from decks.goldfish.models import GoldfishJob
from tests.decks.conftest import simulate_request

REQUEST = simulate_request(
    turns=3, trials=1_500_000, seed=5, queries=[{"name": "By Small Means", "filter": {"title": "By Small Means"}}]
)


@pytest.fixture
def run(manage, cv_catalog):
    """Run the command as manage.py would; return (status, stdout, stderr)."""
    return functools.partial(manage, "goldfish")


def test_it_prints_the_result_json_and_nothing_else(run, write_file):
    status, out, err = run(write_file(REQUEST, "request.json"))
    assert status == 0, err
    result = json.loads(out)  # the whole of stdout is one JSON document
    assert result["mode"] == "simulate" and result["trials"] == 1_500_000 and result["seed"] == 5
    assert result["cards_seen"] == [5, 6, 7, 8]
    assert err == ""
    assert not GoldfishJob.objects.exists()  # in this process: no job, no broker


def test_the_same_seed_gives_the_same_numbers(run, write_file):
    first = json.loads(run(write_file(REQUEST, "request.json"))[1])
    second = json.loads(run(write_file(REQUEST, "request.json"))[1])
    assert first == second


def test_progress_draws_a_bar_on_stderr_only(run, write_file):
    status, out, err = run(write_file(REQUEST, "request.json"), "--progress")
    assert status == 0
    json.loads(out)
    assert "\r[" in err and "100%" in err
    assert err.endswith("\n")


def test_exact_mode_answers_too(run, write_file):
    status, out, _err = run(write_file({**REQUEST, "mode": "exact"}, "request.json"))
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
def test_a_malformed_request_exits_2_naming_the_field(run, write_file, change, field):
    status, out, err = run(write_file({**REQUEST, **change}, "request.json"))
    assert status == 2
    assert out == ""
    assert f"{field}:" in err


def test_a_file_that_is_not_json_or_is_missing_exits_2(run, write_file, tmp_path):
    status, out, err = run(write_file("{nope", "request.json"))
    assert (status, out) == (2, "") and "not a JSON request" in err
    status, out, err = run(str(tmp_path / "missing.json"))
    assert (status, out) == (2, "") and "Cannot read" in err


PLAY = {**REQUEST, "mode": "play", "trials": 200, "turns": 5}


@pytest.mark.parametrize("argv", [(), ("--replay", "1")], ids=["run", "replay"])
def test_a_lone_surrogate_in_the_request_exits_2_naming_the_field(run, write_file, argv):
    # json.dumps writes "\ud800", a broken \u escape: the API refuses it with a 400, and no output can print it.
    status, out, err = run(write_file({**PLAY, "queries": [{"name": "bad \ud800 name"}]}, "request.json"), *argv)
    assert (status, out) == (2, "")
    assert "queries[0].name: The text contains an unpaired surrogate" in err


def test_replay_prints_the_same_game_as_the_api(run, write_file, client):
    status, out, err = run(write_file(PLAY, "request.json"), "--replay", "7")
    assert status == 0, err
    printed = json.loads(out)
    answered = client.post("/api/v1/goldfish/replay/", {**PLAY, "game_number": 7}, content_type="application/json")
    for card in answered.json()["cards"]:
        card.pop("image")
    assert printed == answered.json()
    assert printed["game_number"] == 7 and printed["log"][0]["turn"] == 0


def test_replay_as_text_prints_the_log_turn_by_turn(run, write_file):
    status, out, err = run(write_file(PLAY, "request.json"), "--replay", "1", "--text")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "chapter-and-verse: game 1 of 200, seed 5"
    assert lines[1] == "Set-up" and "Turn 1" in lines and lines[lines.index("Turn 1") + 1].startswith("  Drew ")
    assert lines[-2].startswith("first-book: ") and lines[-1].startswith("win: ")


def test_replay_of_a_game_outside_the_run_exits_2_naming_the_field(run, write_file):
    status, out, err = run(write_file(PLAY, "request.json"), "--replay", "201")
    assert status == 2 and out == ""
    assert "game_number" in err

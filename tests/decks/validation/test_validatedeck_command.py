"""python manage.py validatedeck (docs/contracts/validation.md, "Command line"): output and exit statuses 0/1/2."""

import functools
import json

import pytest

from tests.decks.conftest import legal_cv_text


@pytest.fixture
def run(manage, cv_catalog):
    """Run the command as `manage.py` would (argument parsing, CommandError -> exit status); return (status, out, err)."""
    return functools.partial(manage, "validatedeck")


@pytest.fixture
def deck_file(write_file):
    return lambda text, name="deck.txt": write_file(text, name)


def test_it_exits_0_for_a_legal_deck(run, deck_file):
    status, out, _err = run("--game", "chapter-and-verse", deck_file(legal_cv_text()))
    assert status == 0
    assert "LEGAL" in out and "NOT LEGAL" not in out


def test_it_exits_1_and_reports_findings_with_line_numbers(run, deck_file):
    status, out, _err = run("--game", "chapter-and-verse", deck_file("# deck\n4 By Small Means\nnonsense\n"))
    assert status == 1
    assert "NOT LEGAL" in out
    assert "Line 3" in out and "unparseable-line" in out
    assert "4 copies of By Small Means; at most 3 are allowed." in out
    assert "The deck has 4 cards; the minimum is 40." in out


def test_it_prints_only_the_json_result_with_json(run, deck_file):
    status, out, err = run("--game", "chapter-and-verse", "--format", "advanced", "--json", deck_file("4 Pride Cycle"))
    assert status == 1
    result = json.loads(out)  # the whole of stdout is one JSON document
    assert set(result) == {"legal", "game", "format", "card_count", "errors", "warnings"}
    assert result["legal"] is False
    assert [f["code"] for f in result["errors"]] == ["deck-too-small", "too-many-copies", "unique-limit"]
    assert err == ""


def test_it_prints_json_for_a_legal_deck_and_exits_0(run, deck_file):
    status, out, _err = run("--json", "--game", "chapter-and-verse", deck_file(legal_cv_text()))
    assert status == 0
    assert json.loads(out)["legal"] is True


def test_it_reads_standard_input(run):
    status, out, _err = run("--game", "chapter-and-verse", "--json", "-", stdin=legal_cv_text().encode())
    assert status == 0
    assert json.loads(out)["card_count"] == 40


def test_it_reads_a_json_deck_file(run, deck_file):
    document = {
        "game": "chapter-and-verse",
        "name": "Spring faith",
        "format": "basic",
        "cards": [{"title": "Pride Cycle", "count": 1}, {"set": "CV1", "number": "1", "count": 39}],
    }
    status, out, _err = run("--game", "chapter-and-verse", "--json", deck_file(json.dumps(document), "deck.json"))
    result = json.loads(out)
    assert status == 1
    assert result["format"] == "basic"  # the file's format, as --format was not given
    assert [f["code"] for f in result["errors"]] == ["advanced-card"]


def test_its_format_option_wins_over_the_files(run, deck_file):
    document = {"game": "chapter-and-verse", "format": "basic", "cards": [{"title": "Verse 001", "count": 1}]}
    _status, out, _err = run(
        "--game", "chapter-and-verse", "--format", "advanced", "--json", deck_file(json.dumps(document))
    )
    assert json.loads(out)["format"] == "advanced"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--game", "poker"), "Unknown game"),
        (("--game", "chapter-and-verse", "--format", "modern"), "Unknown format"),
        (("--game", "chapter-and-verse", "--format", "standard"), "Unknown format"),
    ],
)
def test_it_exits_2_for_an_unknown_game_or_format(run, deck_file, argv, message):
    status, out, err = run(*argv, "--json", deck_file("1 Verse 001"))
    assert status == 2
    assert out == ""
    assert message in err


def test_it_exits_2_for_a_missing_file(run, tmp_path):
    status, out, err = run("--game", "chapter-and-verse", str(tmp_path / "nope.txt"))
    assert status == 2
    assert out == ""
    assert "Cannot read" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe\x00binary", "not UTF-8"),
        (b"{broken json", "not"),
        (b'{"game": "chapter-and-verse"}', "cards"),
        (b'{"game": "bible-battles", "cards": []}', "bible-battles deck"),
        (b'{"cards": [{"title": 3, "count": 1}]}', "cards[0].title"),
    ],
)
def test_it_exits_2_for_an_unreadable_file(run, deck_file, content, message):
    status, out, err = run("--game", "chapter-and-verse", "--json", deck_file(content))
    assert status == 2
    assert out == ""
    assert message in err


def test_it_exits_2_without_a_game(run, deck_file):
    status, _out, _err = run(deck_file("1 Verse 001"))
    assert status == 2


@pytest.mark.parametrize(
    ("content", "field"),
    [
        ('[{"title": "\\ud800", "count": 1}]', "cards[0].title"),
        (
            '{"game": "chapter-and-verse", "cards": [{"title": "By Small Means", "count": 1}, {"title": "x\\ud800", "count": 1}]}',
            "cards[1].title",
        ),
    ],
    ids=["list", "document"],
)
def test_it_exits_2_naming_the_field_for_a_json_deck_with_a_lone_surrogate(run, deck_file, content, field):
    # JSON can carry "\ud800" (a broken \u escape), which no output can print: the report would echo it.
    status, out, err = run("--game", "chapter-and-verse", "--json", deck_file(content, "deck.json"))
    assert (status, out) == (2, "")
    assert f"{field}: The text contains an unpaired surrogate" in err

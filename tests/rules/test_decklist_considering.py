"""The considering board in the text format: comment lines after `// Considering`."""

import pytest

from rules.cards import CardData
from rules.cards import CardPool
from rules.decklist.considering import board_text
from rules.decklist.considering import with_board
from rules.decklist.export import export_decklist
from rules.decklist.parse import parse_decklist
from rules.decklist.resolving import resolve

CV = "chapter-and-verse"
POOL = CardPool.of(
    CV,
    (
        CardData(game=CV, set_code="CV1", number="1", title="By Small Means"),
        CardData(game=CV, set_code="CV1", number="2", title="Faith Without Works"),
        CardData(game=CV, set_code="CV1", number="17", title="Pride Cycle"),
    ),
)

WITH_BOARD = """3 By Small Means (CV1) 1
// Considering
// 2 Faith Without Works (CV1) 2
// maybe later: more draw
// 1 Pride Cycle
"""


def counts(text: str) -> list[tuple[int, str]]:
    parsed = parse_decklist(text)
    assert not parsed.findings, parsed.findings
    return [(e.count, e.title) for e in parsed.entries]


def test_it_leaves_the_main_list_as_the_spec_reads_it():
    assert counts(WITH_BOARD) == counts("3 By Small Means (CV1) 1\n") == [(3, "By Small Means")]


def test_it_reads_the_board_back_from_the_comment_lines_with_their_line_numbers():
    board = parse_decklist(board_text(WITH_BOARD))
    assert not board.findings
    assert [(e.count, e.title, e.line) for e in board.entries] == [(2, "Faith Without Works", 3), (1, "Pride Cycle", 5)]


@pytest.mark.parametrize("mark", ["// Considering", "//considering", "  // CONSIDERING:  "])
def test_it_knows_the_mark_however_it_is_spaced_or_cased(mark):
    assert counts(board_text(f"1 By Small Means\n{mark}\n// 2 Pride Cycle\n")) == [(2, "Pride Cycle")]


def test_it_finds_no_board_without_the_mark_and_ignores_comments_before_it():
    assert board_text("// 2 Pride Cycle\n1 By Small Means\n") is None
    assert counts(board_text("// 2 Pride Cycle\n// Considering\n")) == []


def test_it_reports_a_bad_count_on_the_board_at_its_line():
    board = parse_decklist(board_text("1 By Small Means\n// Considering\n// 0 Pride Cycle\n"))
    assert [(f.code, f.to_dict()["line"]) for f in board.findings] == [("invalid-count", 3)]


def test_export_writes_the_board_after_the_list_and_reads_back_the_same():
    main = export_decklist(resolve(parse_decklist("3 By Small Means"), POOL))
    board = export_decklist(resolve(parse_decklist("2 Faith Without Works\n1 Pride Cycle"), POOL))
    text = with_board(main, board)
    assert text == (
        "3 By Small Means (CV1) 1\n// Considering\n// 2 Faith Without Works (CV1) 2\n// 1 Pride Cycle (CV1) 17\n"
    )
    assert export_decklist(resolve(parse_decklist(text), POOL)) == main
    assert export_decklist(resolve(parse_decklist(board_text(text)), POOL)) == board


def test_export_without_a_board_is_the_list_alone():
    assert with_board("1 Pride Cycle (CV1) 17\n", "") == "1 Pride Cycle (CV1) 17\n"

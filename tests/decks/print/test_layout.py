"""The sheet's geometry, pure: nine poker cards centred on A4 and Letter, crop marks on every cut, backs mirrored."""

import itertools

import pytest

from cardcollections.printing.layout import CARD_HEIGHT
from cardcollections.printing.layout import CARD_WIDTH
from cardcollections.printing.layout import PAPERS
from cardcollections.printing.layout import LayoutError
from cardcollections.printing.layout import max_bleed
from cardcollections.printing.layout import pages_needed
from cardcollections.printing.layout import sheet_layout


@pytest.mark.parametrize(
    ("paper", "left", "bottom"),
    [
        ("a4", (210 - 3 * 63) / 2, (297 - 3 * 88) / 2),
        ("letter", (215.9 - 3 * 63) / 2, (279.4 - 3 * 88) / 2),
    ],
)
def test_nine_cards_at_their_size_centred_on_the_page(paper, left, bottom):
    sheet = sheet_layout(paper=paper, bleed=0)
    assert len(sheet.fronts) == 9
    for slot in sheet.fronts:
        assert (slot.trim.width, slot.trim.height) == (CARD_WIDTH, CARD_HEIGHT)
        assert slot.art == slot.trim
        assert slot.trim.x == pytest.approx(left + slot.column * 63)
        # Row 0 is the top row.
        assert slot.trim.y == pytest.approx(bottom + (2 - slot.row) * 88)


def test_with_bleed_neighbouring_cuts_are_twice_the_bleed_apart_and_the_grid_stays_centred():
    sheet = sheet_layout(paper="a4", bleed=2)
    xs = sorted({s.trim.x for s in sheet.fronts})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([67, 67])
    arts = [s.art for s in sheet.fronts]
    assert min(a.x for a in arts) == pytest.approx(210 - max(a.x + a.width for a in arts))
    assert min(a.y for a in arts) == pytest.approx(297 - max(a.y + a.height for a in arts))
    assert all(s.art.width == pytest.approx(67) and s.art.height == pytest.approx(92) for s in sheet.fronts)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 2), ("letter", 0), ("letter", 1)])
def test_backs_mirror_the_fronts_left_to_right_for_a_long_edge_flip(paper, bleed):
    sheet = sheet_layout(paper=paper, bleed=bleed)
    width = PAPERS[paper].width
    for front, back in zip(sheet.fronts, sheet.backs, strict=True):
        assert back.row == front.row
        assert back.column == 2 - front.column  # the column order reversed
        assert back.trim.x == pytest.approx(width - front.trim.x - front.trim.width)
        assert back.trim.y == pytest.approx(front.trim.y)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 1), ("a4", 2), ("letter", 0), ("letter", 1)])
def test_crop_marks_continue_every_cut_outside_the_artwork_and_on_the_paper(paper, bleed):
    sheet = sheet_layout(paper=paper, bleed=bleed)
    page = PAPERS[paper]
    cuts_x = {round(v, 6) for s in sheet.fronts for v in (s.trim.x, s.trim.x + 63)}
    cuts_y = {round(v, 6) for s in sheet.fronts for v in (s.trim.y, s.trim.y + 88)}
    vertical = [m for m in sheet.marks if m.x1 == m.x2]
    horizontal = [m for m in sheet.marks if m.y1 == m.y2]
    assert {round(m.x1, 6) for m in vertical} == cuts_x
    assert {round(m.y1, 6) for m in horizontal} == cuts_y
    assert len(vertical) == 2 * len(cuts_x) and len(horizontal) == 2 * len(cuts_y)  # both sides of the grid
    for m in sheet.marks:
        assert 2 <= abs(m.x2 - m.x1) + abs(m.y2 - m.y1) <= 5
        assert all(1 - 1e-9 <= v <= page.width - 1 + 1e-9 for v in (m.x1, m.x2))
        assert all(1 - 1e-9 <= v <= page.height - 1 + 1e-9 for v in (m.y1, m.y2))
        for s in sheet.fronts:  # never on a card's artwork
            a = s.art
            inside_x = a.x < max(m.x1, m.x2) and min(m.x1, m.x2) < a.x + a.width
            inside_y = a.y < max(m.y1, m.y2) and min(m.y1, m.y2) < a.y + a.height
            assert not (inside_x and inside_y)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 3), ("letter", 2), ("letter", 3)])
def test_a_bleed_that_leaves_no_room_for_the_crop_marks_is_refused_naming_bleed(paper, bleed):
    with pytest.raises(LayoutError) as refused:
        sheet_layout(paper=paper, bleed=bleed)
    assert refused.value.field == "bleed"
    assert f"at most {max_bleed(paper):g} mm" in refused.value.message


@pytest.mark.parametrize(("paper", "bleed", "field"), [("a3", 0, "paper"), ("a4", 1.5, "bleed"), ("a4", -1, "bleed")])
def test_unknown_paper_and_odd_bleeds_are_refused_naming_their_field(paper, bleed, field):
    with pytest.raises(LayoutError) as refused:
        sheet_layout(paper=paper, bleed=bleed)
    assert refused.value.field == field


def test_pages_hold_nine_cards():
    assert [pages_needed(n) for n in (1, 9, 10, 60, 120)] == [1, 1, 2, 7, 14]

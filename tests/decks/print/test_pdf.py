"""The PDF is measured, not looked at: page sizes in points, every card's image where the layout puts it to
within 0.5 mm, backs mirrored for duplex, crop marks on the cuts, and every card labelled a proxy."""

import pytest

from cardcollections.printing.layout import PAPERS
from cardcollections.printing.layout import sheet_layout
from cardcollections.printing.services import PrintOptions
from decks.print.services import deck_sheet_print
from tests.decks.print.measure import MM
from tests.decks.print.measure import measure

pytestmark = pytest.mark.django_db
TOLERANCE = 0.5  # mm
NOTE = "not an original card"


def _pdf(deck, **options) -> bytes:
    from django.core.files.storage import default_storage

    printed = deck_sheet_print(deck=deck, options=PrintOptions(**options))
    with default_storage.open(printed.name, "rb") as f:
        return f.read()


def _close(measured, expected) -> bool:
    return all(abs(a - b) <= TOLERANCE for a, b in zip(measured, expected, strict=True))


@pytest.mark.parametrize(("paper", "points"), [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_pages_are_the_paper_in_points(twelve, paper, points):
    pages = measure(_pdf(twelve, paper=paper))
    assert len(pages) == 2  # twelve cards, nine to a page
    for page in pages:
        assert page.width * MM == pytest.approx(points[0], abs=0.01)
        assert page.height * MM == pytest.approx(points[1], abs=0.01)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("a4", 2), ("letter", 0), ("letter", 1)])
def test_every_card_is_drawn_at_its_size_where_the_layout_puts_it(twelve, paper, bleed):
    sheet = sheet_layout(paper=paper, bleed=bleed)
    first, second = measure(_pdf(twelve, paper=paper, bleed=bleed))
    expected = [(s.trim.x, s.trim.y, s.trim.width, s.trim.height) for s in sheet.fronts]
    assert len(first.images) == 9 and len(second.images) == 3
    for measured, wanted in zip(first.images + second.images, expected + expected[:3], strict=True):
        assert _close(measured, wanted), (measured, wanted)
        assert abs(measured[2] - 63) <= TOLERANCE and abs(measured[3] - 88) <= TOLERANCE


def test_backs_follow_each_page_of_fronts_mirrored_for_a_long_edge_flip(twelve):
    pages = measure(_pdf(twelve, paper="a4", backs=True))
    assert len(pages) == 4  # fronts, backs, fronts, backs
    width = PAPERS["a4"].width
    for fronts, backs in ((pages[0], pages[1]), (pages[2], pages[3])):
        assert len(backs.images) == len(fronts.images)
        for (x, y, w, h), back in zip(fronts.images, backs.images, strict=True):
            # Seen through the paper, each back covers its front exactly.
            assert _close(back, (width - x - w, y, w, h)), (back, (x, y, w, h))
    # The third card of the first row (top right) has its back at the top left.
    top_right = max(pages[0].images[:3], key=lambda box: box[0])
    assert _close(pages[1].images[2], (width - top_right[0] - 63, top_right[1], 63, 88))


def test_every_card_says_it_is_a_proxy_and_where_its_facts_come_from(twelve):
    pages = measure(_pdf(twelve, backs=True))
    fronts, backs = pages[0::2], pages[1::2]
    assert [p.text.count(NOTE) for p in fronts] == [9, 3]
    # The catalog's cards are samples: written for this site.
    assert [p.text.count("Sample \u00b7 Proxy \u2014 not an original card") for p in fronts] == [9, 3]
    assert [p.text.count(NOTE) for p in backs] == [9, 3]


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0), ("letter", 1)])
def test_crop_marks_continue_every_cut_on_fronts_and_backs(twelve, paper, bleed):
    sheet = sheet_layout(paper=paper, bleed=bleed)
    pages = measure(_pdf(twelve, paper=paper, bleed=bleed, backs=True))
    for page, marks in ((pages[0], sheet.marks), (pages[1], sheet.back_marks)):
        for mark in marks:
            wanted = (mark.x1, mark.y1, mark.x2, mark.y2)
            assert any(_close(line, wanted) for line in page.lines), wanted

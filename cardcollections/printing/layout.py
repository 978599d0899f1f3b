"""Where every card of a print-and-play sheet goes: pure geometry in millimetres, no Django, no PDF.

The origin is the page's bottom-left corner and y grows upwards, as in PDF. Cards are poker size
(63 x 88 mm), nine to a page in a 3 x 3 grid centred on the page. With a bleed, each card's
artwork runs `bleed` mm past its trim on every side, so neighbouring trims are 2 x bleed apart;
without one, neighbouring cards share their cut lines. Crop marks continue every cut line into
the margin around the grid. Backs are printed on the other side, duplex flipped on the long edge:
a card's back is its front mirrored left to right (the column order reversed, rows kept).
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_WIDTH = 63.0
CARD_HEIGHT = 88.0
COLUMNS = 3
ROWS = 3
PER_PAGE = COLUMNS * ROWS
BLEEDS = (0, 1, 2, 3)  # whole millimetres
# Crop marks start this far outside the grid's artwork (bleed included), are at most this long, and at least
# this long: a margin too narrow for one refuses the layout (A4 holds 2 mm of bleed, Letter 1 mm).
MARK_GAP = 1.0
MARK_LENGTH = 5.0
MARK_MIN = 2.0
# Nothing is drawn closer to the paper's edge than this.
PAPER_MARGIN = 1.0
MM = 72 / 25.4  # points per millimetre


@dataclass(frozen=True)
class Paper:
    slug: str
    name: str
    width: float  # mm, portrait
    height: float


PAPERS = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "Letter", 215.9, 279.4),
}


class LayoutError(ValueError):
    """The sheet cannot be laid out as asked; `field` names the option to change."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Box:
    """A rectangle in mm: its lower-left corner, width and height."""

    x: float
    y: float
    width: float
    height: float

    def grown(self, by: float) -> Box:
        return Box(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)

    def mirrored(self, page_width: float) -> Box:
        """The same box seen through the paper from the other side (flipped on the long edge)."""
        return Box(page_width - self.x - self.width, self.y, self.width, self.height)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Slot:
    """One card's place on a page: its trim box (the card's size), and its artwork box (trim plus bleed)."""

    index: int  # 0..8, row by row from the top left
    column: int
    row: int  # 0 is the top row
    trim: Box
    art: Box


@dataclass(frozen=True)
class Sheet:
    """A page's layout: the paper, the nine fronts, their backs (mirrored) and the crop marks."""

    paper: Paper
    bleed: float
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]  # backs[i] is the back of fronts[i]
    marks: tuple[Line, ...]
    back_marks: tuple[Line, ...]

    @property
    def size_points(self) -> tuple[float, float]:
        return self.paper.width * MM, self.paper.height * MM


def sheet_layout(*, paper: str, bleed: float) -> Sheet:
    """The layout of one page on `paper` ("a4", "letter") with `bleed` mm of bleed; LayoutError when it does not fit."""
    if paper not in PAPERS:
        raise LayoutError("paper", f"Unknown paper {paper!r}; one of {', '.join(PAPERS)}.")
    if bleed not in BLEEDS:
        raise LayoutError("bleed", f"Bleed is a whole number of millimetres from {BLEEDS[0]} to {BLEEDS[-1]}.")
    page = PAPERS[paper]
    pitch_x, pitch_y = CARD_WIDTH + 2 * bleed, CARD_HEIGHT + 2 * bleed
    grid_w, grid_h = COLUMNS * pitch_x, ROWS * pitch_y  # artwork included
    margin = PAPER_MARGIN + MARK_GAP + MARK_MIN
    for size, room, side in ((grid_w, page.width, "width"), (grid_h, page.height, "height")):
        if size + 2 * margin > room + 1e-9:
            raise LayoutError(
                "bleed",
                f"Nine cards with {bleed:g} mm of bleed and their crop marks need {size + 2 * margin:g} mm of paper "
                f"{side}; {page.name} has {room:g} mm. Choose less bleed (at most {max_bleed(page.slug):g} mm "
                f"on {page.name}) or another paper.",
            )
    left, top = (page.width - grid_w) / 2, (page.height + grid_h) / 2
    fronts = []
    for row in range(ROWS):
        for column in range(COLUMNS):
            trim = Box(left + column * pitch_x + bleed, top - (row + 1) * pitch_y + bleed, CARD_WIDTH, CARD_HEIGHT)
            fronts.append(Slot(row * COLUMNS + column, column, row, trim, trim.grown(bleed)))
    backs = tuple(
        Slot(s.index, COLUMNS - 1 - s.column, s.row, s.trim.mirrored(page.width), s.art.mirrored(page.width))
        for s in fronts
    )
    marks = _crop_marks(page, fronts, bleed)
    back_marks = tuple(Line(page.width - m.x1, m.y1, page.width - m.x2, m.y2) for m in marks)
    return Sheet(page, float(bleed), tuple(fronts), backs, marks, back_marks)


def _crop_marks(page: Paper, slots: list[Slot], bleed: float) -> tuple[Line, ...]:
    """Every cut line continued into the margins, outside the artwork: above and below the grid for the vertical
    cuts, left and right of it for the horizontal ones."""
    xs = sorted({round(v, 6) for s in slots for v in (s.trim.x, s.trim.x + s.trim.width)})
    ys = sorted({round(v, 6) for s in slots for v in (s.trim.y, s.trim.y + s.trim.height)})
    art_left = min(s.art.x for s in slots)
    art_right = max(s.art.x + s.art.width for s in slots)
    art_bottom = min(s.art.y for s in slots)
    art_top = max(s.art.y + s.art.height for s in slots)
    lines: list[Line] = []
    # Vertical cuts: a mark above the grid and one below it.
    below = (art_bottom - MARK_GAP, max(PAPER_MARGIN, art_bottom - MARK_GAP - MARK_LENGTH))
    above = (art_top + MARK_GAP, min(page.height - PAPER_MARGIN, art_top + MARK_GAP + MARK_LENGTH))
    for x in xs:
        for start, end in (below, above):
            lines.append(Line(x, start, x, end))
    left = (art_left - MARK_GAP, max(PAPER_MARGIN, art_left - MARK_GAP - MARK_LENGTH))
    right = (art_right + MARK_GAP, min(page.width - PAPER_MARGIN, art_right + MARK_GAP + MARK_LENGTH))
    for y in ys:
        for start, end in (left, right):
            lines.append(Line(start, y, end, y))
    return tuple(lines)


def max_bleed(paper: str) -> float:
    """The most bleed nine cards and their crop marks leave room for on `paper`."""
    page = PAPERS[paper]
    room = min(page.width - COLUMNS * CARD_WIDTH, page.height - ROWS * CARD_HEIGHT)
    fits = [b for b in BLEEDS if room - 2 * (PAPER_MARGIN + MARK_GAP + MARK_MIN) >= 2 * 3 * b - 1e-9]
    return float(max(fits)) if fits else 0.0


def pages_needed(cards: int) -> int:
    """Pages of fronts for `cards` cards (nine to a page)."""
    return -(-cards // PER_PAGE)

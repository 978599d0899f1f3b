"""A study sheet as PDF, drawn with reportlab: pure (no Django), the verses come in as (reference, text).

Each verse is a block: its reference in bold, its text, then blank ruled lines to write it from memory.
A block is never split across pages (a verse too long for one page is the only exception: its text runs on).
Pages are A4 or Letter, portrait (the papers of print and play, `cardcollections.printing.layout.PAPERS`),
each with the sheet's title at the top and its page number at the foot.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from cardcollections.printing.layout import MM
from cardcollections.printing.layout import PAPERS

# Bump when what a study sheet shows changes.
STUDY_VERSION = 1
STUDY_LINES = (1, 2, 3, 4)  # ruled lines under each verse
MARGIN = 18.0  # mm on every side
REFERENCE_FONT = ("Helvetica-Bold", 12.0)
TEXT_FONT = ("Times-Roman", 12.0)
HEAD_FONT = ("Helvetica", 9.0)
LEADING = 1.35  # line height over type size
RULE_GAP = 10.0  # mm between ruled lines: room for handwriting
BLOCK_GAP = 7.0  # mm after each verse's block


@dataclass(frozen=True)
class StudyVerse:
    reference: str
    text: str


def study_pdf(verses: Sequence[StudyVerse], *, paper: str, lines: int = 2, title: str = "Study sheet") -> bytes:
    """The PDF of `verses` in order, each followed by `lines` blank ruled lines."""
    page = PAPERS[paper]
    width, height = page.width * MM, page.height * MM
    left, right, top, bottom = MARGIN * MM, width - MARGIN * MM, height - MARGIN * MM, MARGIN * MM
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(width, height), invariant=True, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("study sheet")
    number = 1
    _head(canvas, title, number, width, height)
    y = top - 8 * MM
    text_size = TEXT_FONT[1]
    for verse in verses:
        wrapped = simpleSplit(verse.text, TEXT_FONT[0], text_size, right - left) or [""]
        need = _block_height(len(wrapped), lines)
        if y - need < bottom and y < top - 8 * MM:  # the block would cross the foot: a new page, unless it is alone
            canvas.showPage()
            number += 1
            _head(canvas, title, number, width, height)
            y = top - 8 * MM
        canvas.setFillColor("#000000")
        canvas.setFont(*REFERENCE_FONT)
        y -= REFERENCE_FONT[1]
        canvas.drawString(left, y, verse.reference or "(no reference)")
        y -= 2 * MM
        canvas.setFont(*TEXT_FONT)
        for line in wrapped:
            if y - text_size * LEADING < bottom:  # only a verse longer than a page gets here
                canvas.showPage()
                number += 1
                _head(canvas, title, number, width, height)
                y = top - 8 * MM
                canvas.setFont(*TEXT_FONT)
            y -= text_size * LEADING
            canvas.drawString(left, y, line)
        canvas.setStrokeColor("#777777")
        canvas.setLineWidth(0.5)
        for _ in range(lines):
            y -= RULE_GAP * MM
            canvas.line(left, y, right, y)
        y -= BLOCK_GAP * MM
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _block_height(text_lines: int, rules: int) -> float:
    """A verse block's height in points."""
    return REFERENCE_FONT[1] + 2 * MM + text_lines * TEXT_FONT[1] * LEADING + rules * RULE_GAP * MM + BLOCK_GAP * MM


def _head(canvas: Canvas, title: str, number: int, width: float, height: float) -> None:
    canvas.setFillColor("#555555")
    canvas.setFont(*HEAD_FONT)
    canvas.drawString(MARGIN * MM, height - MARGIN * MM, title)
    canvas.drawRightString(width - MARGIN * MM, MARGIN * MM / 2, f"Page {number}")

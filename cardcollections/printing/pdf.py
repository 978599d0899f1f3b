"""A print-and-play sheet as PDF, drawn with reportlab: pure (no Django), the faces come in as PNG bytes.

Each card's face fills its trim box (63 x 88 mm); with a bleed, the card's frame colour fills the bleed
around it. Every card carries a label inside its safe area (3 mm in from the cut) saying where its facts
come from and that it is a proxy, not an original card, so a printed proxy never passes as a printed
card. Crop marks continue the cut lines into the margins. With backs, a page of backs follows each
page of fronts, mirrored (sheets.layout) so that each back lines up with its front when the sheet is
printed on both sides, flipped on the long edge.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardcollections.printing.layout import MM
from cardcollections.printing.layout import PER_PAGE
from cardcollections.printing.layout import Box
from cardcollections.printing.layout import Line
from cardcollections.printing.layout import Sheet

# Binary streams, not ASCII85: a third faster to write and a fifth smaller (the site's only use of reportlab).
rl_config.useA85 = 0
# Bump when what a sheet shows changes, so every kept PDF is drawn again (cardcollections.printing.services).
SHEET_VERSION = 1
PROXY_NOTE = "Proxy \u2014 not an original card"
PROVENANCE_WORDS = {"sample": "Sample", "published": "Published", "community": "Community"}
LABEL_FONT = "Helvetica"
LABEL_SIZE = 5.0  # points
# The label's band, from the trim's bottom edge (mm): over the face's own provenance line, above its footer.
LABEL_BOTTOM = 5.6
LABEL_HEIGHT = 2.6
SAFE = 3.0  # mm inside the cut: nothing that matters is printed nearer the edge
MARK_WIDTH = 0.25  # points


@dataclass(frozen=True)
class ProxyCard:
    """One card to print: its face (PNG), where its facts come from, and the colour its bleed is filled with."""

    face_png: bytes
    provenance: str
    bleed_color: str = "#ffffff"


def label_text(provenance: str) -> str:
    word = PROVENANCE_WORDS.get(provenance)
    return f"{word} \u00b7 {PROXY_NOTE}" if word else PROXY_NOTE


def sheet_pdf(
    cards: Sequence[ProxyCard],
    *,
    sheet: Sheet,
    back_png: bytes | None = None,
    back_color: str = "#ffffff",
    title: str = "Print and play",
    progress: Callable[[int, int], object] | None = None,
) -> bytes:
    """The PDF of `cards` nine to a page as `sheet` lays them out; with `back_png`, a page of backs after each.

    `progress`, when given, is called with the number of pages drawn so far and the total after each page.
    """
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=sheet.size_points, invariant=True, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("print and play: proxies, not original cards")
    canvas.setSubject(PROXY_NOTE)
    # Each face is drawn once, into a form the pages place: reportlab would hash a face's pixels at every place.
    forms: dict[bytes, str] = {}
    size = sheet.fronts[0].trim
    back = _form(canvas, back_png, size, "back") if back_png is not None else None
    pages = [cards[i : i + PER_PAGE] for i in range(0, len(cards), PER_PAGE)]
    total = len(pages) * (2 if back is not None else 1)
    drawn = 0
    for page in pages:
        for card, slot in zip(page, sheet.fronts, strict=False):
            form = forms.get(card.face_png)
            if form is None:
                form = forms[card.face_png] = _form(canvas, card.face_png, size, f"face{len(forms)}")
            _card(canvas, form, slot.trim, slot.art, card.bleed_color, label_text(card.provenance))
        _marks(canvas, sheet.marks)
        canvas.showPage()
        drawn += 1
        if progress is not None:
            progress(drawn, total)
        if back is not None:
            for _card_on_page, slot in zip(page, sheet.backs, strict=False):
                _card(canvas, back, slot.trim, slot.art, back_color, PROXY_NOTE)
            _marks(canvas, sheet.back_marks)
            canvas.showPage()
            drawn += 1
            if progress is not None:
                progress(drawn, total)
    canvas.save()
    return out.getvalue()


def _form(canvas: Canvas, png: bytes, size: Box, name: str) -> str:
    """A form holding the image at the card's size, its lower-left corner at the form's origin."""
    canvas.beginForm(name, lowerx=0, lowery=0, upperx=size.width * MM, uppery=size.height * MM)
    canvas.drawImage(ImageReader(io.BytesIO(png)), 0, 0, size.width * MM, size.height * MM, mask="auto")
    canvas.endForm()
    return name


def _card(canvas: Canvas, form: str, trim: Box, art: Box, bleed_color: str, label: str) -> None:
    if art != trim:
        canvas.setFillColor(bleed_color)
        canvas.rect(art.x * MM, art.y * MM, art.width * MM, art.height * MM, stroke=0, fill=1)
    canvas.saveState()
    canvas.translate(trim.x * MM, trim.y * MM)
    canvas.doForm(form)
    canvas.restoreState()
    _label(canvas, trim, label)


def _label(canvas: Canvas, trim: Box, text: str) -> None:
    """The proxy's label: a white band with a thin rule and small dark type, centred inside the safe area."""
    width = canvas.stringWidth(text, LABEL_FONT, LABEL_SIZE) + 2.4 * MM
    width = min(width, (trim.width - 2 * SAFE) * MM)
    x = trim.x * MM + (trim.width * MM - width) / 2
    y = (trim.y + LABEL_BOTTOM) * MM
    canvas.setFillColor("#ffffff")
    canvas.setStrokeColor("#333333")
    canvas.setLineWidth(0.3)
    canvas.roundRect(x, y, width, LABEL_HEIGHT * MM, 1.0 * MM, stroke=1, fill=1)
    canvas.setFillColor("#111111")
    canvas.setFont(LABEL_FONT, LABEL_SIZE)
    canvas.drawCentredString(x + width / 2, y + (LABEL_HEIGHT * MM - LABEL_SIZE * 0.7) / 2, text)


def _marks(canvas: Canvas, marks: Sequence[Line]) -> None:
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(MARK_WIDTH)
    for m in marks:
        canvas.line(m.x1 * MM, m.y1 * MM, m.x2 * MM, m.y2 * MM)

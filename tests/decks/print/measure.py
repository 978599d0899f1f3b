"""Measuring a PDF rather than looking at it: each page's size, where every image is placed (forms followed),
the lines drawn and the text, in millimetres from the page's lower-left corner."""

from __future__ import annotations

import io
from dataclasses import dataclass
from dataclasses import field

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def _times(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF's row-vector convention: the new CTM is m x CTM)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s, e * p + f * r + t, e * q + f * s + u)


def _point(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class Page:
    width: float  # mm
    height: float
    images: list[tuple[float, float, float, float]] = field(default_factory=list)  # x, y, width, height (mm)
    lines: list[tuple[float, float, float, float]] = field(default_factory=list)  # x1, y1, x2, y2 (mm)
    text: str = ""


def measure(pdf: bytes) -> list[Page]:
    reader = PdfReader(io.BytesIO(pdf))
    pages = []
    for raw in reader.pages:
        box = raw.mediabox
        page = Page(float(box.width) / MM, float(box.height) / MM, text=raw.extract_text())
        _walk(reader, ContentStream(raw.get_contents(), reader), raw.get("/Resources", {}), IDENTITY, page)
        pages.append(page)
    return pages


def _walk(reader: PdfReader, stream: ContentStream, resources, ctm: Matrix, page: Page) -> None:
    stack: list[Matrix] = []
    start: tuple[float, float] | None = None
    xobjects = resources.get_object().get("/XObject", {}) if resources else {}
    for operands, operator in stream.operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif operator == b"m":
            start = _point(ctm, float(operands[0]), float(operands[1]))
        elif operator == b"l" and start is not None:
            end = _point(ctm, float(operands[0]), float(operands[1]))
            page.lines.append((start[0] / MM, start[1] / MM, end[0] / MM, end[1] / MM))
            start = end
        elif operator == b"Do":
            xobject = xobjects[operands[0]].get_object()
            if xobject["/Subtype"] == "/Image":
                (x0, y0), (x1, y1) = _point(ctm, 0, 0), _point(ctm, 1, 1)
                page.images.append((x0 / MM, y0 / MM, (x1 - x0) / MM, (y1 - y0) / MM))
            else:
                inner = _times(tuple(float(v) for v in xobject.get("/Matrix", IDENTITY)), ctm)  # type: ignore[arg-type]
                _walk(reader, ContentStream(xobject, reader), xobject.get("/Resources"), inner, page)

"""The drawing surface every card face is drawn on: canvas, fonts, drawable text, wrapping and fitting."""

from __future__ import annotations

import functools
import io
import re
import textwrap
import unicodedata
from typing import Any

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFont

FACE_SIZE = (320, 448)
# Faces are drawn at twice their layout size, so they stay sharp on the card
# page and on high-density screens; layout numbers below are in 320x448 units.
FACE_SCALE = 2
# The face's own word on where the card comes from (the card page says it in full, with the source).
PROVENANCE_LABELS = {
    "published": "published card · face drawn by the site",
    "sample": "sample card written for this site · not a printed card",
    "community": "community card · face drawn by the site",
}


@functools.lru_cache(maxsize=32)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    # Pillow's embedded font (>= 10.1): no system font needed, same on every machine.
    return ImageFont.load_default(size=size * FACE_SCALE)


# Pillow's embedded font covers ASCII and a little punctuation; these stand in
# for characters it lacks, so a face never shows an empty box.
_STAND_INS = {"\u2013": "-", "\u2014": " - ", "\u2022": "\u00b7", "\u00d7": "x", "\u2192": "->", "\u2212": "-"}


_SPACES = re.compile(r" {2,}")


@functools.lru_cache(maxsize=4096)
def _drawable(char: str) -> str:
    font = _font(12)
    if char.isspace() or bytes(font.getmask(char)) != _notdef_mask():
        return char
    if char in _STAND_INS:
        return _STAND_INS[char]
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return base if base and base != char and all(_drawable(c) == c for c in base) else "?"


@functools.lru_cache(maxsize=1)
def _notdef_mask() -> bytes:
    return bytes(_font(12).getmask("\uffff"))


def _plain(text: str) -> str:
    return _SPACES.sub(" ", "".join(_drawable(c) for c in text))


class Face:
    """A drawing surface in 320x448 layout units, scaled by FACE_SCALE."""

    W, H = FACE_SIZE
    PAD = 16

    def __init__(self, colors: tuple[str, str, str]):
        self.frame, self.panel, self.ink = colors
        s = FACE_SCALE
        self.image = Image.new("RGBA", (self.W * s, self.H * s), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)
        self.rect((0, 0, self.W - 1, self.H - 1), fill=self.frame, radius=16)
        self.rect((8, 8, self.W - 9, self.H - 9), fill=self.panel, radius=10)
        self.y = 14  # the next free line

    # drawing primitives in layout units
    def _s(self, box: tuple[float, ...]) -> tuple[int, ...]:
        return tuple(round(v * FACE_SCALE) for v in box)

    def rect(self, box, *, fill=None, outline=None, width: float = 1, radius: float = 0) -> None:
        self.draw.rounded_rectangle(
            self._s(box), radius=round(radius * FACE_SCALE), fill=fill, outline=outline, width=round(width * FACE_SCALE)
        )

    def ellipse(self, box, *, fill=None, outline=None, width: float = 1) -> None:
        self.draw.ellipse(self._s(box), fill=fill, outline=outline, width=round(width * FACE_SCALE))

    def polygon(self, points, *, fill=None, outline=None, width: float = 1) -> None:
        flat = [round(v * FACE_SCALE) for p in points for v in p]
        self.draw.polygon(flat, fill=fill, outline=outline, width=round(width * FACE_SCALE))

    def text(self, xy, text: str, *, size: int, fill=None, anchor: str = "la", bold: bool = False) -> None:
        x, y = self._s(xy)
        self.draw.text(
            (x, y),
            _plain(text),
            font=_font(size),
            fill=fill or self.ink,
            anchor=anchor,
            stroke_width=1 if bold else 0,
            stroke_fill=fill or self.ink,
        )

    def length(self, text: str, size: int) -> float:
        return _font(size).getlength(_plain(text)) / FACE_SCALE

    # building blocks
    def title_bar(self, title: str, cost: int | None = None, *, cost_label: str = "") -> None:
        left, right = 14, self.W - 14
        self.rect((left, self.y, right, self.y + 36), fill=self.frame, radius=8)
        text_right = right - (40 if cost is not None else 8)
        size = 18
        while size > 11 and self.length(title, size) > text_right - left - 10:
            size -= 1
        self.text(
            (left + 10, self.y + 18),
            _ellipsize(title, size, text_right - left - 10),
            size=size,
            fill="#ffffff",
            anchor="lm",
            bold=True,
        )
        if cost is not None:
            cx, cy = right - 20, self.y + 18
            self.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill="#ffffff", outline="#c9a227", width=2.5)
            self.text((cx, cy + 1), str(cost), size=16, fill=self.frame, anchor="mm", bold=True)
            if cost_label:
                self.text((cx, self.y + 44), cost_label, size=8, anchor="mm")
        self.y += 44

    def tag_row(self, tags: list[tuple[str, str, str]]) -> None:
        """Rounded labels: (text, background, text colour)."""
        x: float = 16
        for label, bg, fg in tags:
            w = self.length(label, 10) + 14
            if x + w > self.W - 16:
                break
            self.rect((x, self.y, x + w, self.y + 18), fill=bg, radius=9)
            self.text((x + w / 2, self.y + 9), label, size=10, fill=fg, anchor="mm")
            x += w + 6
        if tags:
            self.y += 24

    def paragraph(
        self,
        text: str,
        box: tuple[float, float, float, float],
        *,
        size: int = 12,
        min_size: int = 8,
        fill=None,
        align: str = "left",
    ) -> None:
        """Wrapped text fitted into box (shrinking the font, then cutting with an ellipsis)."""
        left, top, right, bottom = box
        width, height = right - left, bottom - top
        lines, size = _fit(self, text, width, height, size, min_size)
        line_h = size * 1.3
        for i, line in enumerate(lines):
            y = top + i * line_h
            if align == "center":
                self.text(((left + right) / 2, y), line, size=size, fill=fill, anchor="ma")
            else:
                self.text((left, y), line, size=size, fill=fill)

    def footer(self, fields: dict[str, Any]) -> None:
        y = self.H - 26
        self.text((18, y), f"{fields['set']} · {fields['number']}", size=9)
        label = {
            "chapter-and-verse": "CHAPTER AND VERSE",
            "bible-battles": "BIBLE BATTLES",
            "book-of-mormon-battles": "BOOK OF MORMON BATTLES",
            "warriors-of-the-promised-land": "WARRIORS OF THE PROMISED LAND",
            "battle-cards": "BATTLE CARDS",
        }.get(fields["game"], "")
        self.text((self.W - 18, y), label, size=8, anchor="ra")
        said = PROVENANCE_LABELS.get(fields.get("provenance", ""), "")
        if said:
            self.text((self.W / 2, y - 14), said, size=7, anchor="ma")

    def png(self) -> bytes:
        out = io.BytesIO()
        # No metadata chunks and fixed compression: identical fields give identical bytes.
        self.image.save(out, format="PNG", optimize=False, compress_level=6)
        return out.getvalue()


def _wrap(face: Face, text: str, width: float, size: int) -> list[str]:
    lines: list[str] = []
    for para in text.splitlines() or [""]:
        line = ""
        for word in para.split():
            candidate = f"{line} {word}".strip()
            if face.length(candidate, size) <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    # A single word longer than the line: hard-wrap it by characters.
    out: list[str] = []
    for line in lines:
        if face.length(line, size) <= width:
            out.append(line)
            continue
        avg = max(1, int(len(line) * width / max(face.length(line, size), 1)))
        out.extend(textwrap.wrap(line, avg) or [""])
    return out


def _fit(face: Face, text: str, width: float, height: float, size: int, min_size: int) -> tuple[list[str], int]:
    text = text.strip()
    if not text:
        return [], size
    for s in range(size, min_size - 1, -1):
        lines = _wrap(face, text, width, s)
        if len(lines) * s * 1.3 <= height:
            return lines, s
    s = min_size
    lines = _wrap(face, text, width, s)
    keep = max(1, int(height // (s * 1.3)))
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = _ellipsize(lines[-1] + " …", s, width)
    return lines, s


def _ellipsize(text: str, size: int, width: float) -> str:
    font = _font(size)
    text = _plain(text)
    if font.getlength(text) / FACE_SCALE <= width:
        return text
    while text and font.getlength(text + "…") / FACE_SCALE > width:
        text = text[:-1]
    return text.rstrip() + "…"


def pip(face: Face, x: float, y: float, r: float, color: str) -> None:
    # Light pips (histories white, wisdom yellow) need a dark rim to be seen on the panel.
    face.ellipse((x - r, y - r, x + r, y + r), fill=color, outline="#4a4a4a", width=1)

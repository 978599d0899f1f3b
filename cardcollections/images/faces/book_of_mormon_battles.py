"""Book of Mormon Battles faces: a character's coloured shape and value, or a power card's panel."""

from __future__ import annotations

from typing import Any

from cardcollections.catalog.labels import words
from cardcollections.images.faces.drawing import Face
from cardcollections.models import Card

# Frame colours: (outer frame, inner panel, ink).
FRAME = ("#1f5e4a", "#eef3ee", "#14261f")


def fields(card: Card) -> dict[str, Any]:
    """What a Book of Mormon Battles face shows, beyond the fields every face shows."""
    return {name: getattr(card, name) for name in ("kind", "value", "color", "shape", "power")}


def draw(face: Face, f: dict[str, Any]) -> None:
    face.title_bar(f["title"])
    cx, cy = face.W / 2, face.y + 90
    if f["kind"] == "character":
        gold = f["color"] == "gold"
        fill, ink = ("#d4a514", "#2a1f00") if gold else ("#1d1d1d", "#f3e3a0")
        if f["shape"] == "diamond":
            face.polygon(
                [(cx, cy - 78), (cx + 70, cy), (cx, cy + 78), (cx - 70, cy)], fill=fill, outline="#555555", width=2
            )
        else:
            face.ellipse((cx - 70, cy - 80, cx + 70, cy + 80), fill=fill, outline="#555555", width=2)
        face.text((cx, cy), "-" if f["value"] is None else str(f["value"]), size=34, fill=ink, anchor="mm", bold=True)
        face.y = cy + 92
        face.tag_row([(f"{words(f['color'])} {f['shape']}", "#1f5e4a", "#ffffff"), ("Character", "#dfe9e3", face.ink)])
    else:
        face.rect((30, cy - 60, face.W - 30, cy + 60), fill="#1f5e4a", radius=12)
        face.text((cx, cy - 20), "POWER", size=12, fill="#cfe3d8", anchor="mm")
        face.paragraph(
            words(f["power"]), (40, cy - 4, face.W - 40, cy + 50), size=20, min_size=12, fill="#ffffff", align="center"
        )
        face.y = cy + 72
    face.paragraph(f["text"], (20, face.y, face.W - 20, face.H - 32), size=11, min_size=7)

"""Chapter and Verse faces: sacrifice, theme pips, the scripture box with its reference, and the effects."""

from __future__ import annotations

from typing import Any

from cardcollections.catalog.labels import STANDARD_WORK_NAMES
from cardcollections.catalog.labels import effect_words
from cardcollections.catalog.labels import words
from cardcollections.images.faces.drawing import Face
from cardcollections.images.faces.drawing import pip
from cardcollections.models import Card

# Frame colours: (outer frame, inner panel, ink).
FRAME = ("#24324f", "#f7f1e1", "#2b2418")
THEME_COLORS: dict[str, str] = {
    "strength": "#c62828",
    "wisdom": "#f9c80e",
    "faith": "#1e63c4",
    "histories": "#fbfbf7",
    "trials": "#1b1b1b",
}


def fields(card: Card) -> dict[str, Any]:
    """What a Chapter and Verse face shows, beyond the fields every face shows."""
    return dict(
        sacrifice=card.sacrifice,
        icons=card.icons,
        markers=list(card.markers or []),
        scripture=card.scripture,
        reference=card.reference,
        standard_work=card.standard_work,
        advanced=card.advanced,
        effects=[effect_words(e) for e in card.effects or []],
    )


def draw(face: Face, f: dict[str, Any]) -> None:
    face.title_bar(f["title"], f["sacrifice"], cost_label="SACRIFICE")
    # Theme icons: one coloured pip per icon, grouped by theme.
    x, y = 18.0, face.y + 8
    for theme, color in THEME_COLORS.items():
        count = f["icons"].get(theme, 0)
        for _ in range(count):
            pip(face, x + 7, y, 7, color)
            x += 17
        if count:
            x += 6
    if any(f["icons"].values()):
        face.y += 24
    tags = [(m, "#e3d6b0", face.ink) for m in f["markers"]]
    if f["advanced"]:
        tags.append(("Advanced Game", "#8e2430", "#ffffff"))
    face.tag_row(tags)

    # Scripture box with its reference, the heart of the card.
    top = face.y + 2
    bottom = top + 170
    face.rect((16, top, face.W - 16, bottom), fill="#fffaf0", outline="#c9b68a", width=1.5, radius=6)
    # Short verses are set large and long ones shrink to fit the box.
    face.paragraph(f["scripture"], (26, top + 10, face.W - 26, bottom - 26), size=17, min_size=8)
    face.text((face.W - 26, bottom - 10), f["reference"], size=11, anchor="rb", bold=True)
    face.y = bottom + 6
    work = STANDARD_WORK_NAMES.get(f["standard_work"], words(f["standard_work"]))
    face.text((face.W / 2, face.y), work.upper(), size=9, anchor="ma")
    face.y += 16
    effects = "\n".join(f["effects"]) if f["effects"] else f["text"]
    face.paragraph(effects, (20, face.y, face.W - 20, face.H - 32), size=11, min_size=7)

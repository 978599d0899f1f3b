"""Warriors of the Promised Land faces: points, icons and alignment, armory panel and bonuses."""

from __future__ import annotations

import hashlib
from typing import Any

from cardcollections.catalog.labels import words
from cardcollections.images.faces.drawing import Face
from cardcollections.images.faces.drawing import pip
from cardcollections.models import Card

# Frame colours: (outer frame, inner panel, ink).
FRAME = ("#7a2e1f", "#f6ede4", "#2a120b")


def fields(card: Card) -> dict[str, Any]:
    """What a Warriors of the Promised Land face shows, beyond the fields every face shows."""
    return dict(
        kind=card.kind,
        icons=list(card.icon_names or []),
        alignment=card.alignment,
        points=card.points,
        prophet=card.prophet,
        bonuses=list(card.bonuses or []),
        armory=card.armory,
    )


def _icon_color(name: str) -> str:
    # A stable colour per Warriors icon name (the same name is always the same colour).
    h = hashlib.sha256(name.encode()).digest()
    return f"#{60 + h[0] % 140:02x}{60 + h[1] % 140:02x}{60 + h[2] % 140:02x}"


def draw(face: Face, f: dict[str, Any]) -> None:
    face.title_bar(f["title"], f["points"] if f["kind"] == "warrior" else None, cost_label="POINTS")
    tags: list[tuple[str, str, str]] = [(words(f["kind"]), "#7a2e1f", "#ffffff")]
    if f["prophet"]:
        tags.append(("Prophet", "#c9a227", "#2a120b"))
    face.tag_row(tags)
    # Icons: labelled coloured discs, and the alignment dot (yellow righteous, red wicked).
    x, y = 22.0, face.y + 16
    for name in f["icons"]:
        w = face.length(name, 10) + 30
        if x + w > face.W - 16:
            x, y = 22.0, y + 30
        pip(face, x + 10, y, 10, _icon_color(name))
        face.text((x + 24, y), name, size=10, anchor="lm")
        x += w + 6
    if f["alignment"]:
        dot = "#f2c500" if f["alignment"] == "righteous" else "#d32f2f"
        pip(face, face.W - 30, face.y + 16, 9, dot)
        face.text((face.W - 44, face.y + 16), words(f["alignment"]), size=10, anchor="rm")
    face.y = y + 22
    if f["kind"] == "armory":
        face.rect((16, face.y, face.W - 16, face.y + 60), fill="#7a2e1f", radius=8)
        face.paragraph(
            words(f["armory"]),
            (26, face.y + 16, face.W - 26, face.y + 56),
            size=18,
            min_size=10,
            fill="#ffffff",
            align="center",
        )
        face.y += 70
    bonuses = [
        f"+{b['points']} with {b['with']}" if b["points"] >= 0 else f"{b['points']} with {b['with']}"
        for b in f["bonuses"]
    ]
    if bonuses:
        face.paragraph("Bonus: " + "; ".join(bonuses), (20, face.y, face.W - 20, face.y + 40), size=11, min_size=8)
        face.y += 44
    face.paragraph(f["text"], (20, face.y, face.W - 20, face.H - 32), size=11, min_size=7)

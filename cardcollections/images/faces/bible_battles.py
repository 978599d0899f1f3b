"""Bible Battles faces: effort, type tags, an art panel, and the four stat boxes."""

from __future__ import annotations

from typing import Any

from cardcollections.catalog.labels import words
from cardcollections.images.faces.drawing import Face
from cardcollections.models import Card

# Frame colours: (outer frame, inner panel, ink).
FRAME = ("#6b3f1d", "#f3e6cf", "#2e1c0c")


def fields(card: Card) -> dict[str, Any]:
    """What a Bible Battles face shows, beyond the fields every face shows."""
    shown = ("type", "effort", "offense", "defense", "food", "wisdom", "mounted", "abilities")
    return {**{name: getattr(card, name) for name in shown}, "unique": card.is_unique}


def draw(face: Face, f: dict[str, Any]) -> None:
    face.title_bar(f["title"], f["effort"], cost_label="EFFORT")
    tags = [(words(f["type"]), "#6b3f1d", "#ffffff")]
    if f["unique"]:
        tags.append(("Unique", "#c9a227", "#2e1c0c"))
    if f["mounted"]:
        tags.append(("Mounted", "#5d6d3a", "#ffffff"))
    face.tag_row(tags)
    # A plain art panel with the type's initial: the card has no picture yet.
    top, bottom = face.y + 2, face.y + 130
    face.rect((16, top, face.W - 16, bottom), fill="#e6d3ae", outline="#b48a52", width=1.5, radius=6)
    face.text(
        (face.W / 2, (top + bottom) / 2), (f["type"] or "?")[0].upper(), size=64, fill="#c8ad7f", anchor="mm", bold=True
    )
    face.y = bottom + 8
    stats = [("OFFENSE", f["offense"]), ("DEFENSE", f["defense"]), ("FOOD", f["food"]), ("WISDOM", f["wisdom"])]
    box_w = (face.W - 32 - 3 * 6) / 4
    for i, (label, value) in enumerate(stats):
        x = 16 + i * (box_w + 6)
        face.rect((x, face.y, x + box_w, face.y + 42), fill="#ffffff", outline="#b48a52", width=1.5, radius=6)
        face.text((x + box_w / 2, face.y + 18), "-" if value is None else str(value), size=18, anchor="mm", bold=True)
        face.text((x + box_w / 2, face.y + 34), label, size=7, anchor="mm")
    face.y += 52
    body = "\n".join(t for t in (f["abilities"], f["text"]) if t)
    face.paragraph(body, (20, face.y, face.W - 20, face.H - 32), size=11, min_size=7)

"""Battle Cards faces: size and value badges, and the four battle categories as bars."""

from __future__ import annotations

from typing import Any

from cardcollections.images.faces.drawing import Face
from cardcollections.models import Card

# Frame colours: (outer frame, inner panel, ink).
FRAME = ("#3a2a6b", "#efecf8", "#1c1533")


def fields(card: Card) -> dict[str, Any]:
    """What a Battle Cards face shows, beyond the fields every face shows."""
    return {name: getattr(card, name) for name in ("strength", "skill", "magic", "terror", "value", "size")}


def draw(face: Face, f: dict[str, Any]) -> None:
    face.title_bar(f["title"], None)
    # Size and Value as badges (Value is a squad-points cost, not a 0-100 score),
    # then the four battle categories as labelled bars.
    top = face.y + 4
    for cx, label, value, fill in (
        (face.W / 2 - 48, "SIZE", f["size"] or "?", "#3a2a6b"),
        (face.W / 2 + 48, "VALUE", "-" if f["value"] is None else str(f["value"]), "#c9a227"),
    ):
        face.ellipse((cx - 32, top, cx + 32, top + 64), fill=fill)
        face.text((cx, top + 32), value, size=30, fill="#ffffff", anchor="mm", bold=True)
        face.text((cx, top + 76), label, size=9, anchor="mm")
    face.y = top + 94
    stats = [("Strength", f["strength"]), ("Skill", f["skill"]), ("Magic", f["magic"]), ("Terror", f["terror"])]
    top_value = max([v for _, v in stats if v is not None] + [100])
    for label, value in stats:
        face.text((22, face.y + 9), label, size=12, anchor="lm")
        bar_left, bar_right = 100, face.W - 60
        face.rect((bar_left, face.y + 3, bar_right, face.y + 15), fill="#dcd6ee", radius=6)
        if value:
            filled = bar_left + (bar_right - bar_left) * min(1.0, value / top_value)
            face.rect((bar_left, face.y + 3, max(filled, bar_left + 12), face.y + 15), fill="#6a4fc2", radius=6)
        face.text((face.W - 22, face.y + 9), "-" if value is None else str(value), size=14, anchor="rm", bold=True)
        face.y += 30
    face.paragraph(f["text"], (20, face.y + 4, face.W - 20, face.H - 32), size=11, min_size=7)

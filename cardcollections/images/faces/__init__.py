"""Rendered card faces for cards without a scan: which game draws a card, and drawing only what changed."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from cardcollections.images.faces import battle_cards
from cardcollections.images.faces import bible_battles
from cardcollections.images.faces import book_of_mormon_battles
from cardcollections.images.faces import chapter_and_verse
from cardcollections.images.faces import warriors_of_the_promised_land
from cardcollections.images.faces.drawing import FACE_SCALE
from cardcollections.images.faces.drawing import FACE_SIZE
from cardcollections.images.faces.drawing import Face
from cardcollections.images.storage import delete_files_on_commit
from cardcollections.models import Card

# Bump when the drawing changes, so every cached face is drawn again.
FACE_VERSION = 2

# One renderer a game, by the game's slug: each has FRAME, fields(card) and draw(face, fields).
_GAMES = {
    "chapter-and-verse": chapter_and_verse,
    "bible-battles": bible_battles,
    "book-of-mormon-battles": book_of_mormon_battles,
    "warriors-of-the-promised-land": warriors_of_the_promised_land,
    "battle-cards": battle_cards,
}
# Frame colours of a game without its own renderer: (outer frame, inner panel, ink).
_GENERIC_FRAME = ("#37474f", "#eceff1", "#263238")


def card_face_key(card: Card) -> str:
    """Hash of everything the face shows: a face whose key matches is still right."""
    drawn = {"version": FACE_VERSION, "size": FACE_SIZE, "scale": FACE_SCALE, **_face_fields(card)}
    return hashlib.sha256(json.dumps(drawn, sort_keys=True, default=str).encode()).hexdigest()


def card_face_render(*, card: Card) -> Card:
    """Give the card a rendered face, drawing it only when the fields it shows have changed."""
    _face_render(card)
    return card


def card_faces_render(*, card_ids: list[int]) -> int:
    """Draw the faces of these cards that have no scan; return how many were drawn (kept faces don't count)."""
    cards = Card.objects.filter(pk__in=card_ids, scan="").select_related("game", "card_set").order_by("id")
    return sum(1 for card in cards.iterator(chunk_size=200) if _face_render(card))


def _face_render(card: Card) -> bool:
    """Draw the card's face if its key changed or its file is gone; True when it was drawn."""
    key = card_face_key(card)
    if card.face and card.face.name and card.face_key == key and default_storage.exists(card.face.name):
        return False
    name = f"cards/faces/{card.pk}-{key[:20]}.png"
    # The name carries the key and the drawing is deterministic, so a file
    # already under this name (another request got here first) is this face.
    if not default_storage.exists(name):
        name = default_storage.save(name, ContentFile(render_face_png(card)))
    old = card.face.name
    card.face = name
    card.face_key = key
    card.save(update_fields=["face", "face_key"])
    if old and old != name:
        delete_files_on_commit({old})
    return True


def render_face_png(card: Card) -> bytes:
    """The card face as PNG bytes; the same fields always give the same bytes."""
    fields = _face_fields(card)
    game = _GAMES.get(fields["game"])
    face = Face(game.FRAME if game else _GENERIC_FRAME)
    (game.draw if game else _draw_generic)(face, fields)
    face.footer(fields)
    return face.png()


def _face_fields(card: Card) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "game": card.game.slug,
        "set": card.card_set.code,
        "number": card.number,
        "title": card.title,
        "text": card.text,
        # Where its facts come from, on the face too: a drawn face must never pass for a printed card.
        "provenance": card.provenance,
    }
    game = _GAMES.get(card.game.slug)
    if game:
        fields.update(game.fields(card))
    return fields


def _draw_generic(face: Face, f: dict[str, Any]) -> None:
    face.title_bar(f["title"])
    face.paragraph(f["text"], (20, face.y, face.W - 20, face.H - 32), size=12, min_size=7)


def frame_color(game_slug: str) -> str:
    """The outer frame's colour of the game's faces (a printed proxy's bleed is filled with it)."""
    game = _GAMES.get(game_slug)
    return (game.FRAME if game else _GENERIC_FRAME)[0]


def card_face_png(card: Card) -> bytes:
    """The card's drawn face as PNG bytes: the kept file when it is still right, else drawn now (and not kept)."""
    if card.face and card.face.name and card.face_key == card_face_key(card):
        try:
            with default_storage.open(card.face.name, "rb") as kept:
                return bytes(kept.read())
        except FileNotFoundError:
            pass
    return render_face_png(card)


def card_back_png(*, game_slug: str, game_name: str) -> bytes:
    """A card back the site draws for a game's proxies: its frame, its name, and that it is a proxy."""
    game = _GAMES.get(game_slug)
    frame, panel, _ink = game.FRAME if game else _GENERIC_FRAME
    face = Face((frame, frame, "#ffffff"))
    face.rect((22, 22, face.W - 23, face.H - 23), outline=panel, width=3, radius=12)
    face.rect((34, 34, face.W - 35, face.H - 35), outline=panel, width=1, radius=8)
    face.paragraph(
        game_name.upper(),
        (50, face.H / 2 - 60, face.W - 50, face.H / 2 + 20),
        size=26,
        min_size=14,
        fill="#ffffff",
        align="center",
    )
    face.text((face.W / 2, face.H / 2 + 40), "PRINT AND PLAY", size=12, fill=panel, anchor="mm")
    return face.png()

"""Card images: verified scans with their thumbnails, and rendered faces for cards without a scan.

Uploads follow shared/RELIABILITY.md ("Uploads"): a 12 KiB PNG can claim 100
megapixels, and a thumbnail of it took 422 MiB. So an upload is checked in an
order that never decodes an unchecked image: the byte size first, then the
dimensions read from the header alone, then Pillow's verify; only then are
pixels decoded (once, for the thumbnail). Pillow's own decompression-bomb guard
is lowered to the same limit and its warning made an error, as a second line.

Nothing is written until every check has passed and the thumbnail is built, so
a refused upload leaves the card and the media folder as they were.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import json
import math
import re
import textwrap
import unicodedata
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from PIL import (
    GifImagePlugin,  # noqa: F401  (importing a plugin registers its format with Image.OPEN)
    Image,
    ImageDraw,
    ImageFont,
    ImageOps,
    JpegImagePlugin,  # noqa: F401
    PngImagePlugin,  # noqa: F401
    WebPImagePlugin,  # noqa: F401
    features,
)

from cardcollections.models import Card

ALLOWED_FORMATS: tuple[str, ...] = ("PNG", "JPEG", "WEBP", "GIF")
_EXTENSIONS = {"PNG": ".png", "JPEG": ".jpg", "WEBP": ".webp", "GIF": ".gif"}
THUMBNAIL_SIZE = (320, 448)
# Thumbnails are WebP (small) when this Pillow can write it, PNG otherwise.
_WEBP = features.check("webp")


class CardImageError(Exception):
    """An image was refused; str() is a message for the person who sent it."""


@dataclass(frozen=True)
class PreparedScan:
    """A checked scan and its thumbnail, ready to store (nothing written yet)."""

    data: bytes
    format: str
    width: int
    height: int
    thumbnail: bytes
    thumbnail_ext: str

    @property
    def extension(self) -> str:
        return _EXTENSIONS[self.format]

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


# ---------------------------------------------------------------- scans
def card_scan_prepare(*, upload: IO[bytes]) -> PreparedScan:
    """Check an uploaded scan and build its thumbnail; raise CardImageError on refusal. Writes nothing."""
    max_bytes: int = settings.CARD_SCAN_MAX_BYTES
    max_pixels: int = settings.CARD_SCAN_MAX_PIXELS

    # 1. Size, before reading: an UploadedFile knows it; the bounded read below is the real check.
    declared = getattr(upload, "size", None)
    if isinstance(declared, int) and declared > max_bytes:
        raise CardImageError(f"the file is {_mb(declared, up=True)}; at most {_mb(max_bytes)} is allowed")
    with contextlib.suppress(AttributeError, OSError):
        upload.seek(0)
    data = upload.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise CardImageError(f"the file is larger than {_mb(max_bytes)}; at most {_mb(max_bytes)} is allowed")
    if not data:
        raise CardImageError("the file is empty")

    # 2. Format and dimensions from the header only.
    image_format, width, height = _header_dimensions(data, max_pixels)
    pixels = width * height
    if pixels > max_pixels:
        raise CardImageError(
            f"the image is {width}x{height} = {_megapixels(pixels)} megapixels; "
            f"at most {_megapixels(max_pixels)} are allowed"
        )

    # 3. Verify, then decode once for the thumbnail, with Pillow's guard as an error.
    with _pillow_guard(max_pixels):
        try:
            with Image.open(io.BytesIO(data), formats=[image_format]) as im:
                im.verify()
            with Image.open(io.BytesIO(data), formats=[image_format]) as im:
                thumbnail, thumbnail_ext = _thumbnail_bytes(im)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise CardImageError(
                f"the image is too large to open safely; at most {_megapixels(max_pixels)} megapixels are allowed"
            ) from exc
        except Exception as exc:
            # Untrusted bytes: whatever a decoder raises (OSError, SyntaxError,
            # ValueError, struct.error...) means the file is not a usable image.
            raise CardImageError(
                f"the file is not a valid {image_format} image (it may be truncated or damaged)"
            ) from exc
    return PreparedScan(
        data=data,
        format=image_format,
        width=width,
        height=height,
        thumbnail=thumbnail,
        thumbnail_ext=thumbnail_ext,
    )


def card_scan_store(*, card: Card, scan: PreparedScan) -> Card:
    """Store a prepared scan and its thumbnail on the card; the old files go once the transaction commits."""
    old_names = {card.scan.name, card.thumbnail.name} - {""}
    digest = scan.digest[:16]
    # The extension comes from the detected format, never from the uploaded name.
    card.scan.save(f"{digest}{scan.extension}", ContentFile(scan.data), save=False)
    card.thumbnail.save(f"{card.pk}-{digest}{scan.thumbnail_ext}", ContentFile(scan.thumbnail), save=False)
    card.save(update_fields=["scan", "thumbnail"])
    stale = old_names - {card.scan.name, card.thumbnail.name}
    if stale:
        transaction.on_commit(functools.partial(_delete_files, stale))
    return card


def card_scan_set(*, card: Card, upload: IO[bytes]) -> Card:
    """Check an uploaded scan (CardImageError on refusal, nothing stored) and store it with a thumbnail."""
    return card_scan_store(card=card, scan=card_scan_prepare(upload=upload))


def card_scan_clear(*, card: Card) -> Card:
    """Remove the card's scan and thumbnail; its image falls back to the rendered face."""
    old_names = {card.scan.name, card.thumbnail.name} - {""}
    card.scan = ""
    card.thumbnail = ""
    card.save(update_fields=["scan", "thumbnail"])
    if old_names:
        transaction.on_commit(functools.partial(_delete_files, old_names))
    return card


def _delete_files(names: set[str]) -> None:
    for name in names:
        with contextlib.suppress(OSError):
            default_storage.delete(name)


def _header_dimensions(data: bytes, max_pixels: int) -> tuple[str, int, int]:
    """(format, width, height) from the file header, without decoding any pixel data.

    Image.open would run Pillow's bomb check before we could read the size for
    a helpful message, so the registered format readers are used directly: they
    parse the header only; pixels are decoded by load(), which is not called here.
    """
    prefix = data[:16]
    for image_format in ALLOWED_FORMATS:
        factory, accept = Image.OPEN[image_format]
        if accept is not None and accept(prefix) is not True:
            continue
        try:
            with factory(io.BytesIO(data)) as header:
                width, height = header.size
        except Image.DecompressionBombError as exc:
            # The WebP reader runs the bomb check itself before it allocates a
            # canvas, so a huge WebP stops here (at twice the limit).
            raise CardImageError(
                f"the image has more than {_megapixels(2 * max_pixels)} megapixels; "
                f"at most {_megapixels(max_pixels)} are allowed"
            ) from exc
        except Exception as exc:
            raise CardImageError(f"the file is not a valid {image_format} image (its header is damaged)") from exc
        if width < 1 or height < 1:
            raise CardImageError(f"the image is {width}x{height}; it has no pixels")
        return image_format, width, height
    raise CardImageError("the file is not an image; a PNG, JPEG, WebP or GIF file is needed")


@contextlib.contextmanager
def _pillow_guard(max_pixels: int) -> Iterator[None]:
    """Pillow's decompression-bomb check at our limit, and its warning raised as an error.

    MAX_IMAGE_PIXELS is process-wide; it is only ever lowered, and to the
    site's own limit, so other Pillow users in the process get the same cap.
    """
    if Image.MAX_IMAGE_PIXELS is None or max_pixels < Image.MAX_IMAGE_PIXELS:
        Image.MAX_IMAGE_PIXELS = max_pixels
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        yield


def _thumbnail_bytes(im: Image.Image) -> tuple[bytes, str]:
    # draft() (used by thumbnail) lets the JPEG decoder scale down while it
    # decodes, so a large JPEG never exists in memory at full size.
    im.thumbnail(THUMBNAIL_SIZE, Image.Resampling.LANCZOS)
    im = ImageOps.exif_transpose(im)  # phone scans are often stored sideways
    has_alpha = im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info
    im = im.convert("RGBA" if has_alpha else "RGB")
    out = io.BytesIO()
    if _WEBP:
        im.save(out, format="WEBP", quality=85, method=4)
        return out.getvalue(), ".webp"
    im.save(out, format="PNG", optimize=True)
    return out.getvalue(), ".png"


def _mb(n: int, *, up: bool = False) -> str:
    # A size over the limit is rounded up, so it never reads as the limit itself.
    mb = n / (1024 * 1024)
    return f"{_trim(math.ceil(mb * 10) / 10 if up else mb)} MB"


def _megapixels(n: int) -> str:
    return _trim(n / 1_000_000)


def _trim(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------- rendered faces
# Bump when the drawing changes, so every cached face is drawn again.
FACE_VERSION = 1
FACE_SIZE = (320, 448)
# Faces are drawn at twice their layout size, so they stay sharp on the card
# page and on high-density screens; layout numbers below are in 320x448 units.
FACE_SCALE = 2

THEME_COLORS: dict[str, str] = {
    "strength": "#c62828",
    "wisdom": "#f9c80e",
    "faith": "#1e63c4",
    "histories": "#fbfbf7",
    "trials": "#1b1b1b",
}
STANDARD_WORK_NAMES: dict[str, str] = {
    "old-testament": "Old Testament",
    "new-testament": "New Testament",
    "book-of-mormon": "Book of Mormon",
    "doctrine-and-covenants": "Doctrine and Covenants",
    "pearl-of-great-price": "Pearl of Great Price",
}
UNIQUE_EFFECT_TEXT = "one copy per deck; once played, no card of that title may be played again in the game"


def effect_words(effect: dict[str, Any]) -> str:
    """A Chapter and Verse effect as it reads on the card, e.g. "Prayer (2)", "Cross Reference (John 3:16)"."""
    kind = effect.get("kind")
    if kind == "discard":
        return f"Discard: {effect.get('text', '')}".rstrip(": ")
    if kind == "quote":
        return "Quote"
    if kind == "prayer":
        return f"Prayer ({effect.get('n')})"
    if kind == "keyword":
        return f"Keyword ({', '.join(effect.get('words') or [])})"
    if kind == "unique":
        return f"Unique: {UNIQUE_EFFECT_TEXT}"
    if kind == "cross-reference":
        return f"Cross Reference ({effect.get('reference', '')})"
    if kind == "quick-play":
        return f"Quick Play: {effect.get('text', '')}".rstrip(": ")
    return str(effect.get("text", ""))


def words(slug: str) -> str:
    """'unique-person' -> 'Unique person'."""
    return slug.replace("-", " ").capitalize() if slug else ""


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
    if card.face and card.face_key == key and default_storage.exists(card.face.name):
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
        transaction.on_commit(functools.partial(_delete_files, {old}))
    return True


def render_face_png(card: Card) -> bytes:
    """The card face as PNG bytes; the same fields always give the same bytes."""
    fields = _face_fields(card)
    face = _Face(_FRAMES.get(fields["game"], ("#37474f", "#eceff1", "#263238")))
    draw_game = _GAME_DRAWERS.get(fields["game"], _draw_generic)
    draw_game(face, fields)
    face.footer(fields)
    return face.png()


def _face_fields(card: Card) -> dict[str, Any]:
    game = card.game.slug
    fields: dict[str, Any] = {
        "game": game,
        "set": card.card_set.code,
        "number": card.number,
        "title": card.title,
        "text": card.text,
    }
    if game == "chapter-and-verse":
        fields.update(
            sacrifice=card.sacrifice,
            icons=card.icons,
            markers=list(card.markers or []),
            scripture=card.scripture,
            reference=card.reference,
            standard_work=card.standard_work,
            advanced=card.advanced,
            effects=[effect_words(e) for e in card.effects or []],
        )
    elif game == "bible-battles":
        fields.update(
            type=card.type,
            effort=card.effort,
            offense=card.offense,
            defense=card.defense,
            food=card.food,
            wisdom=card.wisdom,
            unique=card.is_unique,
            mounted=card.mounted,
            abilities=card.abilities,
        )
    elif game == "book-of-mormon-battles":
        fields.update(kind=card.kind, value=card.value, color=card.color, shape=card.shape, power=card.power)
    elif game == "warriors-of-the-promised-land":
        fields.update(
            kind=card.kind,
            icons=list(card.icon_names or []),
            alignment=card.alignment,
            points=card.points,
            prophet=card.prophet,
            bonuses=list(card.bonuses or []),
            armory=card.armory,
        )
    elif game == "battle-cards":
        fields.update(
            strength=card.strength,
            skill=card.skill,
            magic=card.magic,
            terror=card.terror,
            value=card.value,
            size=card.size,
        )
    return fields


# Frame colours per game: (outer frame, inner panel, ink).
_FRAMES: dict[str, tuple[str, str, str]] = {
    "chapter-and-verse": ("#24324f", "#f7f1e1", "#2b2418"),
    "bible-battles": ("#6b3f1d", "#f3e6cf", "#2e1c0c"),
    "book-of-mormon-battles": ("#1f5e4a", "#eef3ee", "#14261f"),
    "warriors-of-the-promised-land": ("#7a2e1f", "#f6ede4", "#2a120b"),
    "battle-cards": ("#3a2a6b", "#efecf8", "#1c1533"),
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


class _Face:
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
        self.draw.text(
            self._s(xy),
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
        x = 16
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

    def png(self) -> bytes:
        out = io.BytesIO()
        # No metadata chunks and fixed compression: identical fields give identical bytes.
        self.image.save(out, format="PNG", optimize=False, compress_level=6)
        return out.getvalue()


def _wrap(face: _Face, text: str, width: float, size: int) -> list[str]:
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


def _fit(face: _Face, text: str, width: float, height: float, size: int, min_size: int) -> tuple[list[str], int]:
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


def _pip(face: _Face, x: float, y: float, r: float, color: str) -> None:
    # Light pips (histories white, wisdom yellow) need a dark rim to be seen on the panel.
    face.ellipse((x - r, y - r, x + r, y + r), fill=color, outline="#4a4a4a", width=1)


def _draw_chapter_and_verse(face: _Face, f: dict[str, Any]) -> None:
    face.title_bar(f["title"], f["sacrifice"], cost_label="SACRIFICE")
    # Theme icons: one coloured pip per icon, grouped by theme.
    x, y = 18.0, face.y + 8
    for theme, color in THEME_COLORS.items():
        count = f["icons"].get(theme, 0)
        for _ in range(count):
            _pip(face, x + 7, y, 7, color)
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


def _draw_bible_battles(face: _Face, f: dict[str, Any]) -> None:
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


def _draw_book_of_mormon_battles(face: _Face, f: dict[str, Any]) -> None:
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


def _icon_color(name: str) -> str:
    # A stable colour per Warriors icon name (the same name is always the same colour).
    h = hashlib.sha256(name.encode()).digest()
    return f"#{60 + h[0] % 140:02x}{60 + h[1] % 140:02x}{60 + h[2] % 140:02x}"


def _draw_warriors(face: _Face, f: dict[str, Any]) -> None:
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
        _pip(face, x + 10, y, 10, _icon_color(name))
        face.text((x + 24, y), name, size=10, anchor="lm")
        x += w + 6
    if f["alignment"]:
        dot = "#f2c500" if f["alignment"] == "righteous" else "#d32f2f"
        _pip(face, face.W - 30, face.y + 16, 9, dot)
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


def _draw_battle_cards(face: _Face, f: dict[str, Any]) -> None:
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


def _draw_generic(face: _Face, f: dict[str, Any]) -> None:
    face.title_bar(f["title"])
    face.paragraph(f["text"], (20, face.y, face.W - 20, face.H - 32), size=12, min_size=7)


_GAME_DRAWERS = {
    "chapter-and-verse": _draw_chapter_and_verse,
    "bible-battles": _draw_bible_battles,
    "book-of-mormon-battles": _draw_book_of_mormon_battles,
    "warriors-of-the-promised-land": _draw_warriors,
    "battle-cards": _draw_battle_cards,
}

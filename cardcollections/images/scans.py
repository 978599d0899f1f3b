"""Uploaded card scans: checked before any pixel is decoded, thumbnailed, then stored on the card.

Uploads follow docs/reliability.md ("Uploads"): a 12 KiB PNG can claim 100
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
import hashlib
import io
import math
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from django.conf import settings
from django.core.files.base import ContentFile
from PIL import GifImagePlugin  # noqa: F401  (importing a plugin registers its format with Image.OPEN)
from PIL import Image
from PIL import ImageOps
from PIL import ImageSequence
from PIL import JpegImagePlugin  # noqa: F401
from PIL import PngImagePlugin  # noqa: F401
from PIL import WebPImagePlugin  # noqa: F401
from PIL import features

from cardcollections.images.storage import delete_files_on_commit
from cardcollections.models import Card
from cardsite.api.errors import ServiceError

ALLOWED_FORMATS: tuple[str, ...] = ("PNG", "JPEG", "WEBP", "GIF")
_EXTENSIONS = {"PNG": ".png", "JPEG": ".jpg", "WEBP": ".webp", "GIF": ".gif"}
THUMBNAIL_SIZE = (320, 448)
# Thumbnails are WebP (small) when this Pillow can write it, PNG otherwise.
_WEBP = features.check("webp")


class CardImageError(ServiceError):
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


def scan_limits_text() -> str:
    """The limits as a form's help says them: "at most 10 MB and 16 megapixels"."""
    return f"at most {_mb(settings.CARD_SCAN_MAX_BYTES)} and {_megapixels(settings.CARD_SCAN_MAX_PIXELS)} megapixels"


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
            with Image.open(io.BytesIO(data), formats=[image_format]) as im:
                data = _without_metadata(im, image_format, max_pixels)
        except CardImageError:
            raise
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


def card_scan_store(*, card: Card, scan: PreparedScan, stored: set[str] | None = None) -> Card:
    """Store a prepared scan and its thumbnail on the card; the old files go once the transaction commits.
    Each new file's name is added to `stored` (when given) as soon as it is written, for files_deleted_on_error."""
    stored = stored if stored is not None else set()
    old_names = {name for name in (card.scan.name, card.thumbnail.name) if name}
    digest = scan.digest[:16]
    # The extension comes from the detected format, never from the uploaded name.
    card.scan.save(f"{digest}{scan.extension}", ContentFile(scan.data), save=False)
    assert card.scan.name is not None  # save() names the file
    stored.add(card.scan.name)
    card.thumbnail.save(f"{card.pk}-{digest}{scan.thumbnail_ext}", ContentFile(scan.thumbnail), save=False)
    assert card.thumbnail.name is not None
    stored.add(card.thumbnail.name)
    card.save(update_fields=["scan", "thumbnail"])
    delete_files_on_commit(old_names - {card.scan.name, card.thumbnail.name})
    return card


def card_scan_set(*, card: Card, upload: IO[bytes], stored: set[str] | None = None) -> Card:
    """Check an uploaded scan (CardImageError on refusal, nothing stored) and store it with a thumbnail
    (the new files' names added to `stored`, as card_scan_store does)."""
    return card_scan_store(card=card, scan=card_scan_prepare(upload=upload), stored=stored)


def card_scan_clear(*, card: Card) -> Card:
    """Remove the card's scan and thumbnail; its image falls back to the rendered face."""
    old_names = {name for name in (card.scan.name, card.thumbnail.name) if name}
    card.scan = ""
    card.thumbnail = ""
    card.save(update_fields=["scan", "thumbnail"])
    delete_files_on_commit(old_names)
    return card


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
            # Pillow types OPEN's factories as (fp, filename); the image classes take the filename as optional.
            with factory(io.BytesIO(data)) as header:  # type: ignore[call-arg]
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
    im.info.clear()  # Pillow writes the source's EXIF (camera, GPS) into a WebP unless told otherwise
    has_alpha = im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info
    im = im.convert("RGBA" if has_alpha else "RGB")
    out = io.BytesIO()
    if _WEBP:
        im.save(out, format="WEBP", quality=85, method=4)
        return out.getvalue(), ".webp"
    im.save(out, format="PNG", optimize=True)
    return out.getvalue(), ".png"


# What a stored scan keeps of its file's metadata: only the colour profile, which changes how it looks.
_KEPT_INFO = ("icc_profile", "transparency", "duration", "loop")


def _without_metadata(im: Image.Image, image_format: str, max_pixels: int) -> bytes:
    """The scan as stored: turned upright by its orientation tag, then written again with no metadata.

    A photo's EXIF holds the camera, the time and often GPS coordinates, and a
    card page is public. Every frame of an animated GIF is kept, as long as all
    its frames together hold no more pixels than one image may (each frame is
    decoded at the canvas's size: a 1 KB GIF of one-pixel frames on a large
    canvas took hundreds of MB); of any other format, the first frame.
    """
    if image_format == "GIF":
        _check_frames(im, max_pixels)
    frames = [
        ImageOps.exif_transpose(f.copy()) for f in (ImageSequence.Iterator(im) if image_format == "GIF" else [im])
    ]
    kept = {key: im.info[key] for key in _KEPT_INFO if key in im.info}
    for frame in frames:
        frame.info.clear()
    options: dict = {"icc_profile": kept["icc_profile"]} if "icc_profile" in kept else {}
    if image_format in ("JPEG", "WEBP"):
        options.update(quality=95)
    elif image_format == "GIF":
        options.update({k: kept[k] for k in ("transparency", "duration", "loop") if k in kept})
        if len(frames) > 1:
            options.update(save_all=True, append_images=frames[1:])
    elif image_format == "PNG" and "transparency" in kept:
        options["transparency"] = kept["transparency"]
    out = io.BytesIO()
    frames[0].save(out, format=image_format, exif=b"", **options)
    return out.getvalue()


def _check_frames(im: Image.Image, max_pixels: int) -> None:
    """Refuse a GIF whose frames together hold more pixels than one image may, before any frame is kept:
    seeking decodes frame after frame into the one canvas, so memory stays that of a single frame."""
    allowed = max(1, max_pixels // (im.width * im.height))
    try:
        im.seek(allowed)
    except EOFError:
        im.seek(0)
        return
    raise CardImageError(
        f"the animation has more than {allowed} frames of {im.width}x{im.height}; "
        f"all its frames together may hold at most {_megapixels(max_pixels)} megapixels"
    )


def _mb(n: int, *, up: bool = False) -> str:
    # A size over the limit is rounded up, so it never reads as the limit itself.
    mb = n / (1024 * 1024)
    return f"{_trim(math.ceil(mb * 10) / 10 if up else mb)} MB"


def _megapixels(n: int) -> str:
    return _trim(n / 1_000_000)


def _trim(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")

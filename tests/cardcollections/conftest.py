"""Fixtures of the catalog tests: a media folder of the test's own, and image files."""

import io
import struct
import zlib
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image


@pytest.fixture
def media_root(settings, tmp_path) -> Path:
    """Uploaded scans and drawn faces go to a temporary folder, so a test can see exactly what was written."""
    root = tmp_path / "media"
    root.mkdir()
    settings.MEDIA_ROOT = root
    return root


def media_files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def image_bytes(
    size: tuple[int, int] = (300, 420), color: tuple[int, int, int] | str = (30, 90, 160), fmt: str = "PNG"
) -> bytes:
    """An image of one colour in `fmt`: a card-shaped (5:7) PNG scan unless told otherwise."""
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format=fmt)
    return out.getvalue()


def png_upload(size: tuple[int, int] = (300, 420)) -> SimpleUploadedFile:
    """A PNG scan as a form or a service receives it."""
    return SimpleUploadedFile("scan.png", image_bytes(size), content_type="image/png")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def bomb_png(width: int, height: int) -> bytes:
    """A black 1-bit PNG of width x height, built row by row: a few KiB on disk, never decoded here.

    Pillow would need width*height bytes to hold it (mode "1" is a byte per
    pixel), so Image.new cannot make a 100-megapixel one cheaply.
    """
    row = b"\x00" + b"\x00" * ((width + 7) // 8)  # filter byte "none", then the packed pixels
    packer = zlib.compressobj(9)
    idat = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)  # 1 bit, greyscale
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")

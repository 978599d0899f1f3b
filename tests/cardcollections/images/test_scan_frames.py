"""An animated scan's frames are decoded one full canvas each: many tiny frames are a decompression bomb."""

import io
import struct

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cardcollections.images.scans import CardImageError
from cardcollections.images.scans import card_scan_set
from tests.cardcollections.images.fresh import run_fresh
from tests.cardcollections.images.test_images import card  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def many_frame_gif(width: int, height: int, frames: int) -> bytes:
    """A GIF whose screen is width x height, drawn by `frames` one-pixel frames (23 bytes a frame)."""
    head = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0) + b"\x00\x00\x00\xff\xff\xff"
    loop = b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    gce = b"\x21\xf9\x04\x00\x0a\x00\x00\x00"
    frame = b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x44\x01\x00"
    return head + loop + (gce + frame) * frames + b"\x3b"


def test_a_gif_whose_frames_add_up_to_far_more_than_the_pixel_limit_is_refused(card, settings):  # noqa: F811
    settings.CARD_SCAN_MAX_PIXELS = 1_000_000
    data = many_frame_gif(1000, 1000, 50)  # 1 MP a frame, 50 MP decoded, 1.2 KB on disk
    with pytest.raises(CardImageError):
        card_scan_set(card=card, upload=SimpleUploadedFile("scan.gif", data))


def test_a_gif_within_the_limit_keeps_every_frame(card, settings, media_root):  # noqa: F811
    from PIL import Image

    settings.CARD_SCAN_MAX_PIXELS = 1_000_000
    frames = [Image.new("RGB", (200, 200), (10 * i, 0, 0)) for i in range(25)]  # 1 MP in all
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=100)
    card_scan_set(card=card, upload=SimpleUploadedFile("scan.gif", out.getvalue()))
    card.refresh_from_db()
    with Image.open(media_root / card.scan.name) as stored:
        assert stored.n_frames == 25


def test_memory_stays_flat_for_a_one_kilobyte_animated_gif():
    result = run_fresh(
        """
        from tests.cardcollections.images.test_scan_frames import many_frame_gif
        from cardcollections.images.scans import CardImageError, card_scan_prepare

        data = many_frame_gif(2000, 2000, 12)  # 4 MP a frame: each under the 16 MP limit, 48 MP in all
        before = peak_mib()
        try:
            card_scan_prepare(upload=io.BytesIO(data))
            outcome = "accepted"
        except CardImageError as exc:
            outcome = str(exc)
        print(json.dumps({"bytes": len(data), "grew_mib": peak_mib() - before, "outcome": outcome}))
        """
    )
    assert result["outcome"].startswith("the animation has more than 4 frames of 2000x2000"), result
    assert result["grew_mib"] < 40, result

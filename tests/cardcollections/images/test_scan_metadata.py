"""A stored scan keeps no metadata: no camera, no GPS, no comment; it is turned upright first."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import ExifTags
from PIL import Image

from cardcollections.images.scans import card_scan_set
from tests.cardcollections.images.test_images import card  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]

GPS_IFD = 0x8825


def _photo(fmt: str = "JPEG", orientation: int = 1, size=(300, 420)) -> bytes:
    image = Image.new("RGB", size, (200, 40, 40))
    image.paste((20, 20, 220), (0, 0, size[0] // 2, 20))  # a mark at the top left, to see the turn
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "SpyCam"
    exif[ExifTags.Base.Model] = "Model 7"
    exif[ExifTags.Base.Orientation] = orientation
    exif.get_ifd(GPS_IFD).update({1: "N", 2: (40.0, 26.0, 46.0), 3: "W", 4: (79.0, 58.0, 56.0)})
    out = io.BytesIO()
    image.save(out, format=fmt, exif=exif.tobytes(), **({"quality": 95} if fmt == "JPEG" else {}))
    return out.getvalue()


def _stored(media_root, name: str) -> Image.Image:
    return Image.open(media_root / name)


@pytest.mark.parametrize("fmt", ["JPEG", "PNG", "WEBP"])
def test_the_camera_and_gps_are_gone_from_the_scan_and_its_thumbnail(card, media_root, fmt):  # noqa: F811
    data = _photo(fmt)
    with Image.open(io.BytesIO(data)) as original:
        assert original.getexif()[ExifTags.Base.Make] == "SpyCam"  # the upload really carries it
    card_scan_set(card=card, upload=SimpleUploadedFile(f"scan.{fmt.lower()}", data))
    card.refresh_from_db()
    for name in (card.scan.name, card.thumbnail.name):
        raw = (media_root / name).read_bytes()
        assert b"SpyCam" not in raw and b"Model 7" not in raw
        with _stored(media_root, name) as stored:
            exif = stored.getexif()
            assert ExifTags.Base.Make not in exif and not exif.get_ifd(GPS_IFD)
            assert "exif" not in stored.info


def test_a_sideways_photo_is_stored_upright(card, media_root):  # noqa: F811
    # Orientation 6: the camera stored it turned; a viewer turns it 90 degrees clockwise.
    card_scan_set(card=card, upload=SimpleUploadedFile("scan.jpg", _photo(orientation=6, size=(420, 300))))
    card.refresh_from_db()
    with _stored(media_root, card.scan.name) as stored:
        assert stored.size == (300, 420)
        assert stored.getexif().get(ExifTags.Base.Orientation, 1) == 1


def test_an_animated_gif_keeps_its_frames(card, media_root):  # noqa: F811
    frames = [Image.new("RGB", (60, 84), colour) for colour in ((255, 0, 0), (0, 255, 0), (0, 0, 255))]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=100, comment=b"secret note")
    card_scan_set(card=card, upload=SimpleUploadedFile("scan.gif", out.getvalue()))
    card.refresh_from_db()
    raw = (media_root / card.scan.name).read_bytes()
    assert b"secret note" not in raw
    with _stored(media_root, card.scan.name) as stored:
        assert stored.n_frames == 3

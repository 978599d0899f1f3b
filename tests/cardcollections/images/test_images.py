"""Card images: scans are checked before any decoding; faces are drawn once and kept until the card changes."""

import io
import os
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from cardcollections.catalog.memo import per_catalog
from cardcollections.catalog.services import catalog_load
from cardcollections.images.faces import card_face_key
from cardcollections.images.faces import card_face_render
from cardcollections.images.faces import render_face_png
from cardcollections.images.scans import CardImageError
from cardcollections.images.scans import card_scan_set
from cardcollections.models import Card
from tests.cardcollections.conftest import bomb_png
from tests.cardcollections.conftest import image_bytes
from tests.cardcollections.conftest import media_files
from tests.cardcollections.images.fresh import run_fresh

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]

# A scan's size: larger than the 320 x 448 thumbnail, so the thumbnail is scaled down.
SCAN = (600, 840)


@pytest.fixture
def card(cv_cards) -> Card:
    return cv_cards["means"]


def upload(data: bytes, name: str = "scan.png", content_type: str = "image/png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)


def assert_nothing_stored(card: Card, media_root: Path) -> None:
    card.refresh_from_db()
    assert not card.scan
    assert not card.thumbnail
    assert media_files(media_root) == []


# ---------------------------------------------------------------- scans
def test_it_accepts_a_small_png_and_makes_a_thumbnail(card, media_root):
    card_scan_set(card=card, upload=upload(image_bytes(SCAN)))

    card.refresh_from_db()
    assert card.scan.name.endswith(".png")
    assert card.thumbnail.name.endswith(".webp")
    assert (media_root / card.scan.name).read_bytes() == image_bytes(SCAN)
    with Image.open(media_root / card.thumbnail.name) as thumb:
        assert thumb.format == "WEBP"
        assert thumb.size == (320, 448)
    assert card.image_url == card.thumbnail.url


def test_it_names_the_scan_by_its_real_format_not_the_uploaded_name(card, media_root):
    jpeg = image_bytes(color="white", fmt="JPEG")
    card_scan_set(card=card, upload=upload(jpeg, name="card.html", content_type="text/html"))

    card.refresh_from_db()
    assert card.scan.name.endswith(".jpg")
    assert ".html" not in card.scan.name


def test_it_keeps_a_small_scan_at_its_size_in_the_thumbnail(card, media_root):
    card_scan_set(card=card, upload=upload(image_bytes((200, 280))))

    card.refresh_from_db()
    with Image.open(media_root / card.thumbnail.name) as thumb:
        assert thumb.size == (200, 280)


def test_it_refuses_a_file_that_is_not_an_image(card, media_root):
    with pytest.raises(CardImageError, match="not an image; a PNG, JPEG, WebP or GIF file is needed"):
        card_scan_set(card=card, upload=upload(b"<html>hello</html>", name="scan.png"))
    assert_nothing_stored(card, media_root)


def test_it_refuses_an_image_format_that_is_not_allowed(card, media_root):
    with pytest.raises(CardImageError, match="not an image"):
        card_scan_set(card=card, upload=upload(image_bytes((30, 42), "black", "BMP"), name="scan.bmp"))
    assert_nothing_stored(card, media_root)


def test_it_refuses_a_file_over_10_mb(card, media_root):
    data = image_bytes((10, 10)) + b"\0" * settings.CARD_SCAN_MAX_BYTES
    with pytest.raises(CardImageError, match=r"the file is 10.1 MB; at most 10 MB is allowed"):
        card_scan_set(card=card, upload=upload(data))
    assert_nothing_stored(card, media_root)


def test_it_reads_at_most_the_limit_when_the_size_is_not_declared(card, media_root):
    stream = io.BytesIO(b"\x89PNG" + b"\0" * (settings.CARD_SCAN_MAX_BYTES + 10))
    with pytest.raises(CardImageError, match="larger than 10 MB"):
        card_scan_set(card=card, upload=stream)
    assert stream.tell() == settings.CARD_SCAN_MAX_BYTES + 1
    assert_nothing_stored(card, media_root)


def test_it_refuses_a_100_megapixel_png_with_its_dimensions(card, media_root):
    data = bomb_png(10_000, 10_000)
    assert len(data) < 100_000  # small on disk: the danger is in decoding it

    with pytest.raises(CardImageError) as refused:
        card_scan_set(card=card, upload=upload(data))

    assert str(refused.value) == "the image is 10000x10000 = 100 megapixels; at most 16 are allowed"
    assert_nothing_stored(card, media_root)


def test_it_refuses_an_image_just_over_the_pixel_limit(card, media_root, settings):
    settings.CARD_SCAN_MAX_PIXELS = 1_000_000
    with pytest.raises(CardImageError, match=r"1001x1000 = 1 megapixels; at most 1 are allowed"):
        card_scan_set(card=card, upload=upload(bomb_png(1001, 1000)))
    assert_nothing_stored(card, media_root)
    assert Image.MAX_IMAGE_PIXELS is not None


def test_it_refuses_a_truncated_png(card, media_root):
    data = image_bytes(SCAN)
    with pytest.raises(CardImageError, match="not a valid PNG image"):
        card_scan_set(card=card, upload=upload(data[: len(data) // 2]))
    assert_nothing_stored(card, media_root)


def test_it_refuses_an_empty_file(card, media_root):
    with pytest.raises(CardImageError, match="empty"):
        card_scan_set(card=card, upload=upload(b""))
    assert_nothing_stored(card, media_root)


def test_it_keeps_memory_flat_while_refusing_a_bomb():
    """In a fresh interpreter, refusing a 100-megapixel PNG must not allocate its 100 MB of pixels."""
    result = run_fresh(
        """
        from tests.cardcollections.conftest import bomb_png
        from cardcollections.images.scans import CardImageError, card_scan_prepare

        data = bomb_png(10_000, 10_000)
        before = peak_mib()
        try:
            card_scan_prepare(upload=io.BytesIO(data))
        except CardImageError as exc:
            message = str(exc)
        print(json.dumps({"grew_mib": peak_mib() - before, "message": message}))
        """
    )
    assert "100 megapixels" in result["message"]
    assert result["grew_mib"] < 20, result  # decoding would take 100 MB


def test_it_deletes_the_old_files_when_a_new_scan_is_stored(card, media_root, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        card_scan_set(card=card, upload=upload(image_bytes(SCAN, (200, 0, 0))))
    first = media_files(media_root)
    with django_capture_on_commit_callbacks(execute=True):
        card_scan_set(card=card, upload=upload(image_bytes(SCAN, (0, 200, 0))))

    card.refresh_from_db()
    assert media_files(media_root) == sorted([card.scan.name, card.thumbnail.name])
    assert not set(first) & set(media_files(media_root))


# ---------------------------------------------------------------- rendered faces
def test_it_renders_a_face_once_and_keeps_it(card, media_root):
    card_face_render(card=card)
    card.refresh_from_db()
    path = media_root / card.face.name
    assert card.face_key == card_face_key(card)
    with Image.open(path) as face:
        assert face.format == "PNG"
        assert face.size == (640, 896)  # 320x448 drawn at twice the size
    stamp = path.stat().st_mtime_ns
    os.utime(path, ns=(stamp - 10**9, stamp - 10**9))  # any rewrite would change it again

    again = Card.objects.select_related("game", "card_set").get(pk=card.pk)
    card_face_render(card=again)

    assert again.face.name == card.face.name
    assert path.stat().st_mtime_ns == stamp - 10**9
    assert media_files(media_root) == [card.face.name]


def test_drawing_or_storing_a_cards_images_keeps_the_values_kept_per_catalog(card):
    # A visitor's first request for a card's image draws and saves its face: that must not make every
    # worker rebuild its card pools and tag lists; a change to the card itself still does.
    builds = []
    per_catalog(card.game.slug, "test value", lambda: builds.append(1))
    card_face_render(card=card)
    card_scan_set(card=card, upload=upload(image_bytes(SCAN)))
    per_catalog(card.game.slug, "test value", lambda: builds.append(1))
    assert builds == [1]
    card.title = "Means of Grace"
    card.save()
    per_catalog(card.game.slug, "test value", lambda: builds.append(1))
    assert builds == [1, 1]


def test_it_redraws_the_face_when_the_loader_changes_the_card(
    card, cv_document, media_root, django_capture_on_commit_callbacks
):
    card_face_render(card=card)
    card.refresh_from_db()
    old_name, old_key = card.face.name, card.face_key

    changed = cv_document
    assert changed["cards"][0]["title"] == card.title
    changed["cards"][0]["sacrifice"] = 5
    catalog_load(document=changed)  # the loader clears face_key of a changed card
    card = Card.objects.select_related("game", "card_set").get(pk=card.pk)
    assert card.face_key == ""
    with django_capture_on_commit_callbacks(execute=True):
        card_face_render(card=card)

    card.refresh_from_db()
    assert card.face_key not in ("", old_key)
    assert card.face.name != old_name
    assert media_files(media_root) == [card.face.name]  # the old face is gone


def test_it_draws_the_face_again_when_its_file_is_lost(card, media_root):
    card_face_render(card=card)
    card.refresh_from_db()
    (media_root / card.face.name).unlink()

    card_face_render(card=card)
    assert (media_root / card.face.name).is_file()


def test_it_draws_the_same_bytes_for_the_same_fields(card):
    assert render_face_png(card) == render_face_png(card)


@pytest.mark.parametrize(
    "document",
    [
        {
            "game": "bible-battles",
            "sets": [{"code": "B", "name": "B"}],
            "cards": [
                {
                    "set": "B",
                    "number": "1",
                    "title": "Moses",
                    "type": "unique-person",
                    "effort": 5,
                    "offense": 2,
                    "defense": 4,
                    "wisdom": 3,
                    "mounted": True,
                    "abilities": "Parts the sea — once per game.",
                },
            ],
        },
        {
            "game": "book-of-mormon-battles",
            "sets": [{"code": "M", "name": "M"}],
            "cards": [
                {
                    "set": "M",
                    "number": "1",
                    "title": "Sariah",
                    "kind": "character",
                    "value": 200,
                    "color": "gold",
                    "shape": "oval",
                },
                {"set": "M", "number": "2", "title": "Faith", "kind": "power", "power": "title-of-liberty"},
            ],
        },
        {
            "game": "warriors-of-the-promised-land",
            "sets": [{"code": "W", "name": "W"}],
            "cards": [
                {
                    "set": "W",
                    "number": "1",
                    "title": "Abinadi",
                    "kind": "warrior",
                    "icons": ["prophet", "faith"],
                    "alignment": "righteous",
                    "points": 2,
                    "prophet": True,
                    "bonuses": [{"with": "Prayer", "points": 1}],
                },
                {"set": "W", "number": "2", "title": "Ambush", "kind": "armory", "icons": ["army"], "armory": "ambush"},
            ],
        },
        {
            "game": "battle-cards",
            "sets": [{"code": "C", "name": "C"}],
            "cards": [
                {
                    "set": "C",
                    "number": "1",
                    "title": "Goliath",
                    "strength": 88,
                    "skill": 55,
                    "magic": 5,
                    "terror": 80,
                    "value": 7,
                    "size": "B",
                },
            ],
        },
    ],
    ids=lambda d: d["game"],
)
def test_it_draws_a_face_for_every_game(document, media_root):
    catalog_load(document=document)
    for card in Card.objects.select_related("game", "card_set"):
        card_face_render(card=card)
        with Image.open(media_root / card.face.name) as face:
            assert face.size == (640, 896)
            # Not a blank canvas: the frame, panel and text give many colours.
            assert len(face.convert("RGB").getcolors(maxcolors=1 << 16) or range(1 << 16)) > 20


@pytest.mark.django_db
def test_a_drawn_face_says_where_the_card_comes_from(cv_cards):
    from cardcollections.images.faces.drawing import PROVENANCE_LABELS

    card = cv_cards["means"]
    sample_png, sample_key = render_face_png(card), card_face_key(card)
    card.provenance, card.source = "published", "https://example.org/post"
    # Another provenance is another face (drawn again: the key covers it), never a sample passed off as printed.
    assert card_face_key(card) != sample_key and render_face_png(card) != sample_png
    assert "not a printed card" in PROVENANCE_LABELS["sample"]

"""loadcatalog / dumpcatalog as docs/contracts/catalog-format.md says: one transaction, upsert, paths, exit statuses."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError
from django.core.management import call_command
from rest_framework.test import APIClient

from cardcollections.models import Card
from cardcollections.models import CardSet
from tests.cardcollections.conftest import image_bytes
from tests.cardcollections.conftest import media_files

ROOT = Path(__file__).resolve().parents[3]
STARTER = ROOT / "cardcollections" / "starter_catalogs"


def write(tmp_path: Path, document: dict, name: str = "catalog.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def load(*paths: Path, dry_run: bool = False) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    args = [str(p) for p in paths] + (["--dry-run"] if dry_run else [])
    call_command("loadcatalog", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def rejected(*paths: Path) -> tuple[int, str]:
    err = io.StringIO()
    with pytest.raises(CommandError) as info:
        call_command("loadcatalog", *[str(p) for p in paths], stdout=io.StringIO(), stderr=err)
    return info.value.returncode, err.getvalue()


def dump(game: str) -> dict:
    out = io.StringIO()
    call_command("dumpcatalog", game, stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.django_db
class TestLoading:
    def test_it_loads_a_file_and_reports_counts(self, tmp_path, cv_document):
        out, _ = load(write(tmp_path, cv_document))
        assert "4 new" in out
        assert Card.objects.filter(game__slug="chapter-and-verse").count() == 4
        card = Card.objects.get(card_set__code="CV1", number="1")
        assert card.icon_wisdom == 2 and card.icon_faith == 0
        assert card.effects == [{"kind": "prayer", "n": 3}]

    def test_it_updates_in_place_keeping_ids(self, tmp_path, cv_document):
        load(write(tmp_path, cv_document))
        before = Card.objects.get(card_set__code="CV1", number="2")
        cv_document["cards"][1]["sacrifice"] = 5
        cv_document["cards"][1]["title"] = "Faith Without Works!"
        out, _ = load(write(tmp_path, cv_document))
        after = Card.objects.get(card_set__code="CV1", number="2")
        assert after.pk == before.pk
        assert (after.sacrifice, after.title) == (5, "Faith Without Works!")
        assert "1 updated" in out and "3 unchanged" in out

    def test_loading_twice_changes_nothing(self, tmp_path, cv_document):
        path = write(tmp_path, cv_document)
        load(path)
        first = list(Card.objects.order_by("pk").values())
        out, _ = load(path)
        assert list(Card.objects.order_by("pk").values()) == first
        assert "0 new and 0 updated" in out

    def test_it_leaves_alone_cards_missing_from_the_file(self, tmp_path, cv_document):
        load(write(tmp_path, cv_document))
        del cv_document["cards"][0]
        load(write(tmp_path, cv_document))
        assert Card.objects.filter(card_set__code="CV1", number="1").exists()

    def test_a_card_may_name_a_set_already_in_the_database(self, tmp_path, cv_document):
        load(write(tmp_path, cv_document))
        later = {"game": "chapter-and-verse", "sets": [], "cards": [dict(cv_document["cards"][0], number="99")]}
        load(write(tmp_path, later))
        assert Card.objects.filter(card_set__code="CV1", number="99").exists()

    def test_it_strips_strings(self, tmp_path, cv_document):
        cv_document["cards"][0]["title"] = "  By Small Means \n"
        load(write(tmp_path, cv_document))
        assert Card.objects.filter(title="By Small Means").count() == 1

    def test_dry_run_checks_and_writes_nothing(self, tmp_path, cv_document):
        out, _ = load(write(tmp_path, cv_document), dry_run=True)
        assert "would load 4 new" in out
        assert not Card.objects.exists() and not CardSet.objects.exists()

    def test_dry_run_of_several_files_accepts_what_the_real_load_accepts(self, tmp_path, cv_document):
        # docs/contracts/catalog-format.md, Loading: a card's set may be "already in the database", as an earlier
        # file's set is in a real load; `--dry-run` checks the same files without writing.
        sets_file = write(
            tmp_path, {"game": "chapter-and-verse", "sets": cv_document["sets"], "cards": []}, "sets.json"
        )
        cards_file = write(tmp_path, {"game": "chapter-and-verse", "cards": cv_document["cards"]}, "cards.json")
        out, _ = load(sets_file, cards_file, dry_run=True)
        assert "would load 4 new" in out
        assert not Card.objects.exists() and not CardSet.objects.exists()
        out, _ = load(sets_file, cards_file)
        assert "loaded 4 new" in out

    def test_dry_run_checks_images_and_writes_no_file(self, tmp_path, cv_document, media_root):
        (tmp_path / "a.png").write_bytes(image_bytes())
        cv_document["cards"][0]["image"] = "a.png"
        out, _ = load(write(tmp_path, cv_document), dry_run=True)
        assert "would load 4 new" in out
        assert media_files(media_root) == []
        assert not Card.objects.exists()

    def test_dry_run_still_rejects_a_bad_image(self, tmp_path, cv_document, media_root):
        (tmp_path / "a.png").write_bytes(b"not an image")
        cv_document["cards"][0]["image"] = "a.png"
        with pytest.raises(CommandError) as info:
            call_command("loadcatalog", "--dry-run", str(write(tmp_path, cv_document)), stdout=io.StringIO())
        assert info.value.returncode == 1
        assert media_files(media_root) == []


@pytest.mark.django_db
class TestRejecting:
    def test_it_rejects_the_whole_file_for_one_bad_card_with_its_json_path(self, tmp_path, cv_document):
        cv_document["cards"][2]["icons"]["faith"] = 12
        code, err = rejected(write(tmp_path, cv_document))
        assert code == 1
        assert "cards[2].icons.faith: must be an integer from 0 to 9" in err
        assert not Card.objects.exists()

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            (lambda c: c["cards"][0].update(colour="red"), "cards[0].colour: unknown key"),
            (lambda c: c["cards"][1].pop("title"), "cards[1].title: is required"),
            (lambda c: c["cards"][1].update(title=""), "cards[1].title: must not be empty"),
            (lambda c: c["cards"][1].update(title="x" * 201), "cards[1].title: must have at most 200"),
            (lambda c: c["cards"][0].update(sacrifice=21), "cards[0].sacrifice: must be an integer from 0 to 20"),
            (lambda c: c["cards"][0].update(sacrifice=True), "cards[0].sacrifice: must be an integer"),
            (lambda c: c["cards"][0].update(number=7), "cards[0].number: must be a string"),
            (lambda c: c["cards"][0].update(standard_work="apocrypha"), "cards[0].standard_work: must be one of"),
            (lambda c: c["cards"][0]["icons"].update(grace=1), "cards[0].icons.grace: unknown theme"),
            (lambda c: c["cards"][0]["effects"].append({"kind": "prayer"}), "cards[0].effects[1].n: is required"),
            (lambda c: c["cards"][0]["effects"].append({"kind": "zap"}), "cards[0].effects[1].kind: must be one of"),
            (lambda c: c["cards"][1]["effects"][0].update(words=[1]), "cards[1].effects[0].words[0]:"),
            (lambda c: c["cards"][0].update(set="XX"), "cards[0].set: unknown set 'XX'"),
            (lambda c: c["cards"][1].update(number="1"), "cards[1].number: CV1 1 is already cards[0]"),
            (lambda c: c["sets"][0].update(released="March"), "sets[0].released: must be a date"),
            (lambda c: c.update(game="chess"), "game: must be one of"),
            (lambda c: c.update(cards={}), "cards: must be a list"),
            (lambda c: c.update(deck=[]), "deck: unknown key"),
        ],
    )
    def test_it_names_each_problem_by_json_path(self, tmp_path, cv_document, change, message):
        change(cv_document)
        code, err = rejected(write(tmp_path, cv_document))
        assert code == 1
        assert message in err
        assert not Card.objects.exists()

    @pytest.mark.parametrize("released", ["20080327", "2008-W13-4", "2008-087", "2008-03-27T00:00"])
    def test_released_must_be_exactly_yyyy_mm_dd(self, tmp_path, cv_document, released):
        # Python's date.fromisoformat took these; a dump then wrote "2008-03-27", not the file's value.
        cv_document["sets"][0]["released"] = released
        code, err = rejected(write(tmp_path, cv_document))
        assert code == 1
        assert "sets[0].released: must be a date YYYY-MM-DD" in err
        assert not CardSet.objects.exists()

    def test_it_reports_every_problem_not_just_the_first(self, tmp_path, cv_document):
        cv_document["cards"][0]["sacrifice"] = -1
        cv_document["cards"][3]["reference"] = ""
        _, err = rejected(write(tmp_path, cv_document))
        assert "cards[0].sacrifice" in err and "cards[3].reference" in err

    def test_a_missing_image_is_reported_beside_the_other_problems(self, tmp_path, cv_document):
        # docs/contracts/catalog-format.md, Loading: every problem is reported with its JSON path.
        cv_document["cards"][0]["sacrifice"] = 99
        cv_document["cards"][1]["image"] = "nope.png"
        code, err = rejected(write(tmp_path, cv_document))
        assert code == 1
        assert "cards[0].sacrifice" in err and "cards[1].image: no file 'nope.png'" in err

    def test_every_unreadable_image_is_reported_not_just_the_first(self, tmp_path, cv_document, media_root):
        (tmp_path / "a.png").write_bytes(b"not an image")
        (tmp_path / "b.png").write_bytes(b"not an image")
        cv_document["cards"][0]["image"] = "a.png"
        cv_document["cards"][1]["image"] = "b.png"
        code, err = rejected(write(tmp_path, cv_document))
        assert code == 1
        assert "cards[0].image" in err and "cards[1].image" in err
        assert not Card.objects.exists()

    def test_a_rejected_load_leaves_no_image_file_behind(self, tmp_path, cv_document, media_root):
        # The first card's image is stored before the second one is found bad; the load is undone, files too.
        (tmp_path / "a.png").write_bytes(image_bytes())
        (tmp_path / "b.png").write_bytes(b"not an image")
        cv_document["cards"][0]["image"] = "a.png"
        cv_document["cards"][1]["image"] = "b.png"
        assert rejected(write(tmp_path, cv_document))[0] == 1
        assert media_files(media_root) == []

    def test_a_later_rejected_file_takes_the_earlier_files_images_with_it(self, tmp_path, cv_document, media_root):
        (tmp_path / "a.png").write_bytes(image_bytes())
        cv_document["cards"][0]["image"] = "a.png"
        good = write(tmp_path, cv_document)
        bad = write(tmp_path, {"game": "chapter-and-verse", "cards": [{"set": "CV1"}]}, "bad.json")
        assert rejected(good, bad)[0] == 1
        assert not Card.objects.exists() and media_files(media_root) == []

    def test_a_file_saved_with_a_byte_order_mark_loads(self, tmp_path, cv_document):
        path = tmp_path / "bom.json"
        path.write_bytes(b"\xef\xbb\xbf" + json.dumps(cv_document).encode())
        out, _ = load(path)
        assert "loaded 4 new" in out

    def test_extra_is_free_and_kept_as_is(self, tmp_path, cv_document):
        cv_document["cards"][0]["extra"] = {"anything": {"nested": [1, "two", None]}}
        load(write(tmp_path, cv_document))
        assert Card.objects.get(card_set__code="CV1", number="1").extra == {"anything": {"nested": [1, "two", None]}}

    @pytest.mark.parametrize(
        ("extra", "message"),
        [
            ({"note": "\ud800"}, "cards[0].extra.note: must not contain lone surrogates"),
            ({"a": [1, {"b": "x\x00y"}]}, "cards[0].extra.a[1].b: must not contain NUL characters"),
            ({"\udfff": 1}, "cards[0].extra.\\udfff: must not contain lone surrogates"),
        ],
    )
    def test_extra_holding_text_no_column_can_store_is_rejected_and_the_card_api_still_works(
        self, tmp_path, cv_document, extra, message
    ):
        # A lone surrogate in extra used to load, then every card-list request of the game was a 500.
        cv_document["cards"][0]["extra"] = extra
        code, err = rejected(write(tmp_path, cv_document))
        assert code == 1
        assert message in err
        assert not Card.objects.exists()
        assert APIClient().get("/api/v1/cards/", {"game": "chapter-and-verse"}).status_code == 200

    def test_deeply_nested_extra_loads(self, tmp_path, cv_document):
        cv_document["cards"][0]["extra"] = {"deep": json.loads("[" * 500 + '"x"' + "]" * 500)}
        load(write(tmp_path, cv_document))
        assert Card.objects.filter(card_set__code="CV1", number="1").exists()

    def test_a_rejected_file_changes_nothing_already_loaded(self, tmp_path, cv_document):
        load(write(tmp_path, cv_document))
        snapshot = list(Card.objects.order_by("pk").values())
        cv_document["cards"][0]["sacrifice"] = 3  # a valid change...
        cv_document["cards"][1]["sacrifice"] = 99  # ...and an invalid one
        rejected(write(tmp_path, cv_document))
        assert list(Card.objects.order_by("pk").values()) == snapshot

    def test_several_files_load_together_or_not_at_all(self, tmp_path, cv_document, bb_document):
        bb_document["cards"][0]["type"] = "wizard"
        code, err = rejected(write(tmp_path, cv_document, "cv.json"), write(tmp_path, bb_document, "bb.json"))
        assert code == 1 and "cards[0].type: must be one of" in err
        assert not Card.objects.exists()

    def test_invalid_json_is_rejected_with_its_line(self, tmp_path):
        path = tmp_path / "broken.json"
        path.write_text('{"game": "battle-cards",\n "cards": [,]}', encoding="utf-8")
        code, err = rejected(path)
        assert code == 1 and "line 2" in err

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ('{"game": "chapter-and-verse", "cards": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
            ('{"game": "chapter-and-verse", "cards": [{"sacrifice": 1' + "0" * 5000 + "}]}", "digits"),
        ],
        ids=["deep-nesting", "5000-digit-number"],
    )
    def test_json_the_decoder_refuses_is_rejected_with_a_message_not_a_traceback(self, tmp_path, text, message):
        path = tmp_path / "hostile.json"
        path.write_text(text, encoding="utf-8")
        code, err = rejected(path)
        assert code == 1
        assert f"{path}: not a JSON document the loader can read" in err and message in err
        assert not Card.objects.exists()

    def test_a_missing_file_is_a_usage_error(self, tmp_path):
        code, _ = rejected(tmp_path / "nope.json")
        assert code == 2

    def test_game_specific_kinds(self, tmp_path):
        doc = {
            "game": "book-of-mormon-battles",
            "sets": [{"code": "BMB", "name": "Boxed game"}],
            "cards": [
                {"set": "BMB", "number": "1", "title": "Nephi", "kind": "character", "value": 500},
                {"set": "BMB", "number": "2", "title": "Famine", "kind": "power", "power": "famine", "color": "gold"},
            ],
        }
        _, err = rejected(write(tmp_path, doc))
        assert "cards[0].color: is required for a character card" in err
        assert "cards[1].color: only character cards have color" in err


@pytest.mark.django_db
class TestDumping:
    def test_a_dump_round_trips(self, tmp_path, cv_document, bb_document):
        load(write(tmp_path, cv_document, "cv.json"), write(tmp_path, bb_document, "bb.json"))
        # A card without provenance loads as a sample, and a dump says so.
        for document in (cv_document, bb_document):
            for card in document["cards"]:
                card["provenance"] = "sample"
        assert dump("chapter-and-verse") == cv_document
        assert dump("bible-battles") == bb_document

    def test_dump_then_load_then_dump_is_stable(self, tmp_path, cv_document):
        load(write(tmp_path, cv_document))
        first = dump("chapter-and-verse")
        load(write(tmp_path, first, "again.json"))
        assert dump("chapter-and-verse") == first

    @pytest.mark.parametrize("path", sorted(STARTER.glob("*.json")), ids=lambda p: p.stem)
    def test_every_starter_catalog_round_trips(self, path):
        document = json.loads(path.read_text(encoding="utf-8"))
        load(path)
        assert dump(document["game"]) == document

    def test_an_unknown_game_is_a_usage_error(self):
        with pytest.raises(CommandError) as info:
            call_command("dumpcatalog", "chess", stdout=io.StringIO())
        assert info.value.returncode == 2


def test_the_real_command_exits_with_the_spec_statuses(tmp_path, cv_document):
    """The exit statuses as a shell script sees them (a separate process, its own SQLite file)."""
    # A bare environment, but for the key the settings need with debug off.
    env = {"CARDSITE_VAR_DIR": str(tmp_path / "var"), "PATH": "/usr/bin:/bin", "SECRET_KEY": os.environ["SECRET_KEY"]}
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=ROOT)
    good = write(tmp_path, cv_document)
    cv_document["cards"][0]["sacrifice"] = "two"
    bad = write(tmp_path, cv_document, "bad.json")
    assert subprocess.run([*manage, "loadcatalog", str(good)], env=env, cwd=ROOT).returncode == 0
    result = subprocess.run([*manage, "loadcatalog", str(bad)], env=env, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 1 and "cards[0].sacrifice" in result.stderr
    assert subprocess.run([*manage, "loadcatalog"], env=env, cwd=ROOT, capture_output=True).returncode == 2
    assert subprocess.run([*manage, "dumpcatalog", "nope"], env=env, cwd=ROOT, capture_output=True).returncode == 2

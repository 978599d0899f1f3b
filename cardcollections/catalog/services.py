"""Writing catalogs: one file, one transaction, upsert by (game, set, number)."""

from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

from django.core.files import File
from django.db import transaction

from cardcollections.catalog.mapping import columns_from_fields
from cardcollections.images.storage import files_deleted_on_error
from cardcollections.models import Card
from cardcollections.models import CardSet
from cardcollections.models import Game
from rules.catalog import Catalog
from rules.catalog import CatalogError
from rules.catalog import CatalogProblem
from rules.catalog import parse_catalog


@dataclass
class CatalogLoadReport:
    game: str
    sets_created: int = 0
    sets_updated: int = 0
    cards_created: int = 0
    cards_updated: int = 0
    cards_unchanged: int = 0
    dry_run: bool = False
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        verb = "would load" if self.dry_run else "loaded"
        return (
            f"{self.game}: {verb} {self.cards_created} new and {self.cards_updated} updated cards "
            f"({self.cards_unchanged} unchanged), {self.sets_created} new and {self.sets_updated} updated sets"
        )


class _DryRunRollback(Exception):
    pass


def catalog_load(
    *,
    document: object,
    base_dir: Path | None = None,
    dry_run: bool = False,
    roll_back: bool = True,
    stored: set[str] | None = None,
) -> CatalogLoadReport:
    """Check and load one catalog document; raise CatalogError and write nothing if any card is invalid.

    `base_dir` is where the file's relative `image` paths are looked up; a
    named image that is missing is a problem like any other. A dry run stores
    no image and undoes its writes, unless `roll_back` is false: then the
    caller undoes them (loadcatalog, so that a later file of one dry run sees
    the sets of an earlier one, as a real load would). The image files stored
    are deleted if the load fails; a caller whose own transaction may still
    roll back after it passes `stored` and deletes those named there itself.
    """
    Game.ensure_all()
    game_slug = document.get("game") if isinstance(document, dict) else None
    known_sets = (
        set(CardSet.objects.filter(game__slug=game_slug).values_list("code", flat=True))
        if isinstance(game_slug, str)
        else set()
    )
    try:
        catalog = parse_catalog(document, known_set_codes=known_sets)
    except CatalogError as exc:
        # Every problem of the file at once: a missing image beside the fields' problems.
        raise CatalogError(exc.problems + _missing_images(document, base_dir)) from None
    problems = _missing_images(document, base_dir)
    if problems:
        raise CatalogError(problems)
    report = CatalogLoadReport(game=catalog.game, dry_run=dry_run)
    with files_deleted_on_error() as own:
        try:
            with transaction.atomic():
                _write(catalog, report, base_dir, dry_run=dry_run, stored=own if stored is None else stored)
                if dry_run and roll_back:
                    raise _DryRunRollback
        except _DryRunRollback:
            pass
    return report


def _missing_images(document: object, base_dir: Path | None) -> list[CatalogProblem]:
    """The named images that are not there, read from the document itself (its cards may have other problems)."""
    cards = document.get("cards") if isinstance(document, dict) else None
    if base_dir is None or not isinstance(cards, list):
        return []
    problems = []
    for i, card in enumerate(cards):
        ref = card.get("image") if isinstance(card, dict) else None
        ref = ref.strip() if isinstance(ref, str) else ""
        if ref and not (base_dir / ref).is_file():
            problems.append(CatalogProblem(f"cards[{i}].image", f"no file {ref!r} next to the catalog"))
    return problems


def _write(
    catalog: Catalog, report: CatalogLoadReport, base_dir: Path | None, *, dry_run: bool, stored: set[str]
) -> None:
    game = Game.objects.get(slug=catalog.game)
    sets = {s.code: s for s in CardSet.objects.filter(game=game)}
    for s in catalog.sets:
        existing = sets.get(s.code)
        if existing is None:
            sets[s.code] = CardSet.objects.create(game=game, code=s.code, name=s.name, released=s.released)
            report.sets_created += 1
        elif (existing.name, existing.released) != (s.name, s.released):
            existing.name, existing.released = s.name, s.released
            existing.save(update_fields=["name", "released"])
            report.sets_updated += 1

    image_problems: list[CatalogProblem] = []
    existing_cards = {(c.card_set.code, c.number): c for c in Card.objects.filter(game=game).select_related("card_set")}
    for i, entry in enumerate(catalog.cards):
        columns = columns_from_fields(catalog.game, dict(entry.fields))
        columns["title"] = entry.title
        card = existing_cards.get((entry.set_code, entry.number))
        image_changed = card is None or card.image_ref != columns["image_ref"] or not card.scan
        if card is None:
            card = Card(game=game, card_set=sets[entry.set_code], number=entry.number, **columns)
            card.save()
            report.cards_created += 1
        else:
            changed = [name for name, value in columns.items() if getattr(card, name) != value]
            if not changed:
                report.cards_unchanged += 1
            else:
                for name in changed:
                    setattr(card, name, columns[name])
                card.face_key = ""  # the rendered face is drawn again
                card.save()
                report.cards_updated += 1
        ref = entry.fields.get("image")
        if ref and base_dir is not None and image_changed:
            # Every bad image is reported, not only the first; once one is, no more files are stored.
            try:
                _attach_scan(
                    card, base_dir / ref, f"cards[{i}].image", store=not dry_run and not image_problems, stored=stored
                )
            except CatalogError as exc:
                image_problems.extend(exc.problems)
    if image_problems:
        raise CatalogError(image_problems)


def _attach_scan(card: Card, path: Path, json_path: str, *, store: bool, stored: set[str]) -> None:
    """Check the image and, unless `store` is false (a dry run: the media folder is not touched), store it."""
    from cardcollections.images.scans import CardImageError
    from cardcollections.images.scans import card_scan_prepare
    from cardcollections.images.scans import card_scan_store

    try:
        with path.open("rb") as fh:
            scan = card_scan_prepare(upload=File(fh, name=path.name))
        if store:
            card_scan_store(card=card, scan=scan, stored=stored)
    except CardImageError as exc:
        raise CatalogError([CatalogProblem(json_path, str(exc))]) from exc

"""`manage.py loadcatalog FILE...`: exit 0 loaded, 1 rejected, 2 usage error."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError
from django.db import transaction

from cardcollections.catalog.services import catalog_load
from cardcollections.images.storage import files_deleted_on_error
from rules.catalog import CatalogError


class _Rejected(Exception):
    pass


class _DryRun(Exception):
    pass


class Command(BaseCommand):
    help = "Load catalog files (docs/contracts/catalog-format.md): all of them in one transaction, or nothing."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="catalog JSON file(s)")
        parser.add_argument("--dry-run", action="store_true", help="check the files and write nothing")

    def handle(self, *args, files: list[str], dry_run: bool, **options):
        paths = [Path(f) for f in files]
        for path in paths:
            if not path.is_file():
                raise CommandError(f"{path}: no such file", returncode=2)
        rejected = False
        reports = []
        try:
            with files_deleted_on_error() as stored, transaction.atomic():
                for path in paths:
                    try:
                        # A byte-order mark (as some editors write) is not part of the text, as in uploads.
                        document = json.loads(path.read_bytes().decode("utf-8-sig"))
                    except UnicodeDecodeError as exc:
                        self.stderr.write(f"{path}: not UTF-8 ({exc.reason} at byte {exc.start})")
                        rejected = True
                        continue
                    except json.JSONDecodeError as exc:
                        self.stderr.write(f"{path}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})")
                        rejected = True
                        continue
                    except (ValueError, RecursionError) as exc:
                        # A number of over 4,300 digits (ValueError) or arrays nested deeper than Python's
                        # limit (RecursionError): the decoder refuses it, and so does the loader.
                        self.stderr.write(f"{path}: not a JSON document the loader can read: {_reason(exc)}")
                        rejected = True
                        continue
                    try:
                        # One dry run for all the files, undone below: a file may use the sets of an earlier one.
                        reports.append(
                            catalog_load(
                                document=document,
                                base_dir=path.parent,
                                dry_run=dry_run,
                                roll_back=False,
                                stored=stored,
                            )
                        )
                    except CatalogError as exc:
                        rejected = True
                        self.stderr.write(f"{path}: rejected, {len(exc.problems)} problem(s):")
                        for problem in exc.problems:
                            self.stderr.write(f"  {problem}")
                if rejected:
                    raise _Rejected
                if dry_run:
                    raise _DryRun
        except _Rejected:
            raise CommandError("Nothing was written.", returncode=1) from None
        except _DryRun:
            pass
        for report in reports:
            self.stdout.write(report.summary())


def _reason(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    return str(exc)

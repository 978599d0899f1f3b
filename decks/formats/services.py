"""Writing tournament formats."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db import transaction
from django.db.models import F

from cardcollections.adapters import card_pool_for_game
from cardcollections.jobs.models import JobStatus
from cardcollections.jobs.services import job_budget_check
from cardcollections.jobs.services import job_fail
from cardcollections.models import CardSet
from cardcollections.models import Game
from cardsite.api.work import budget_lock
from decks.formats.notices import RECHECK_TASK
from decks.models import Deck
from decks.models import FormatRecheck
from decks.models import TournamentFormat
from decks.models import TournamentFormatVersion
from rules import formats
from rules.decklist.resolving import suggest_titles
from rules.text import title_key

logger = logging.getLogger(__name__)

# The most banned (or restricted) titles one format may list: every check and every page of it reads them all.
MAX_TITLES = 500
TITLE_FIELDS = {"banned_titles": "banned titles", "restricted_titles": "restricted titles"}


def too_many_titles(field: str, count: int) -> str | None:
    """The message when `count` titles are more than a format may list in `field` (None when they fit)."""
    if count <= MAX_TITLES:
        return None
    return f"A format lists at most {MAX_TITLES} {TITLE_FIELDS[field]}; this list has {count}."


def _titles(field: str, titles: Iterable[str], game: str, errors: dict[str, list[str]]) -> list[str]:
    """The titles as the catalog spells them, once each; unknown titles are errors with suggestions."""
    pool = card_pool_for_game(game)
    out: dict[str, str] = {}
    for raw in titles:
        if not raw.strip():
            continue
        printings = pool.by_title(raw)
        if not printings:
            near = suggest_titles(pool, raw)
            hint = f" Did you mean {', '.join(near)}?" if near else ""
            errors.setdefault(field, []).append(f"No {game} card is called {raw.strip()}.{hint}")
            continue
        out.setdefault(title_key(raw), printings[0].title)
    return list(out.values())


@dataclass(frozen=True)
class FormatRules:
    """A format's rules as create and update take them, before their checks (the form builds them)."""

    base_format: str
    legal_sets: Iterable[CardSet] = ()
    banned_titles: Iterable[str] = ()
    restricted_titles: Iterable[str] = ()
    min_size: int | None = None
    max_size: int | None = None

    def __post_init__(self) -> None:
        # Read once, whatever iterable was given (a queryset, a generator): the checks and the write both read them.
        for name in ("legal_sets", "banned_titles", "restricted_titles"):
            object.__setattr__(self, name, tuple(getattr(self, name)))

    @classmethod
    def of(cls, fmt: TournamentFormat, **changes: Any) -> FormatRules:
        """`fmt`'s rules as stored, with `changes`."""
        return cls(
            **{
                "base_format": fmt.base_format,
                "legal_sets": list(fmt.legal_sets.all()),
                "banned_titles": list(fmt.banned_titles),
                "restricted_titles": list(fmt.restricted_titles),
                "min_size": fmt.min_size,
                "max_size": fmt.max_size,
                **changes,
            }
        )


def _checked_rules(*, game: Game, rules: FormatRules, errors: dict[str, list[str]]) -> dict[str, Any]:
    """The checks a format's rules pass (on create and on update), after those already in `errors`.

    Raises ValidationError (by field) if any failed; otherwise the row's rule
    fields, with the titles as the catalog spells them (the legal sets are set apart).
    """
    try:
        formats.base_format(game.slug, rules.base_format)
    except formats.UnknownFormat as exc:
        errors["base_format"] = [exc.message]
    foreign = [s.code for s in rules.legal_sets if s.game_id != game.pk]
    if foreign:
        errors["legal_sets"] = [f"{', '.join(foreign)} {'is' if len(foreign) == 1 else 'are'} not a {game} set."]
    min_size, max_size = rules.min_size, rules.max_size
    if min_size is not None and max_size is not None and min_size > max_size:
        errors["max_size"] = ["The maximum size must not be below the minimum."]
    checked: dict[str, list[str]] = {}
    for field, titles in (("banned_titles", rules.banned_titles), ("restricted_titles", rules.restricted_titles)):
        titles = list(titles)
        message = too_many_titles(field, len(titles))
        if message is not None:
            # Refused before any title is looked up: a long list must cost nothing.
            errors[field] = [message]
            checked[field] = []
        else:
            checked[field] = _titles(field, titles, game.slug, errors)
    if errors:
        raise ValidationError(errors)
    return {"base_format": rules.base_format, **checked, "min_size": min_size, "max_size": max_size}


def _version_write(row: TournamentFormat, sets: list[CardSet]) -> TournamentFormatVersion:
    """Version `row.version` of `row` with its rules as they are now (in the caller's transaction, row locked)."""
    version = TournamentFormatVersion.objects.create(
        format=row,
        number=row.version,
        base_format=row.base_format,
        banned_titles=list(row.banned_titles),
        restricted_titles=list(row.restricted_titles),
        min_size=row.min_size,
        max_size=row.max_size,
    )
    version.legal_sets.set(sets)
    return version


@transaction.atomic
def tournament_format_version_record(*, fmt: TournamentFormat) -> TournamentFormatVersion:
    """A new version of `fmt` with its rules as stored now (after a change made outside the services: the admin)."""
    row = TournamentFormat.objects.select_for_update().get(pk=fmt.pk)
    row.version = (row.versions.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    row.save(update_fields=["version", "updated"])
    fmt.version = row.version
    return _version_write(row, list(row.legal_sets.all()))


@transaction.atomic
def tournament_format_create(
    *,
    organiser: User | None,
    slug: str,
    name: str,
    game: Game,
    rules: FormatRules,
) -> TournamentFormat:
    """Create a tournament format; raise ValidationError (by field) if it could never be used."""
    errors: dict[str, list[str]] = {}
    if formats.is_base_format_slug(slug):
        errors["slug"] = [f"{slug} is the name of a base format; choose another slug."]
    elif TournamentFormat.objects.filter(slug=slug).exists():
        errors["slug"] = [f"A format called {slug} already exists."]
    fields = _checked_rules(game=game, rules=rules, errors=errors)
    try:
        with transaction.atomic():
            row = TournamentFormat.objects.create(
                slug=slug, name=name, game=game, organiser=organiser, version=1, **fields
            )
    except IntegrityError as exc:
        # Lost a race for the slug with another organiser.
        raise ValidationError({"slug": [f"A format called {slug} already exists."]}) from exc
    row.legal_sets.set(rules.legal_sets)
    _version_write(row, list(rules.legal_sets))
    return row


class FormatNotYours(PermissionDenied):
    """Only a format's organiser, or staff, may change it."""


def tournament_format_can_edit(*, fmt: TournamentFormat, user: User | None) -> bool:
    return bool(
        user is not None
        and user.is_authenticated
        and (user.is_staff or (fmt.organiser_id is not None and fmt.organiser_id == user.pk))
    )


def tournament_format_update(
    *,
    fmt: TournamentFormat,
    user: User | None,
    name: str,
    rules: FormatRules,
    queue: str | None = None,
) -> TournamentFormat:
    """Change a format's rules (its organiser or staff; FormatNotYours otherwise), in one transaction.

    The slug and the game stay: decks and events name the format by its slug.
    Every change is a new version (numbered under a lock on the format's row, so
    never twice the same number nor a gap); events keep the version they use
    until their organisers move them (decks.events.services.event_format_version_move).
    Raises ValidationError (by field) on the same checks as create. Once the
    change has committed, every saved deck of the format is validated again by
    a worker, and the owners of decks it made illegal get a notice
    (decks.formats.notices.format_recheck_run). That re-check is a job charged to
    the editor's work budget (OverBudget or TooBig when it does not fit: nothing
    changes); an edit made while the format's re-check still waits merges into it.
    """
    if not tournament_format_can_edit(fmt=fmt, user=user):
        raise FormatNotYours("Only the format's organiser or staff may change it.")
    errors: dict[str, list[str]] = {}
    if not name or not name.strip():
        errors["name"] = ["A format needs a name."]
    fields = _checked_rules(game=fmt.game, rules=rules, errors=errors)
    assert user is not None  # tournament_format_can_edit refuses no one else
    with budget_lock(f"format-recheck:{user.pk}"), transaction.atomic():
        row = TournamentFormat.objects.select_for_update().get(pk=fmt.pk)
        recheck = _recheck_merge_or_charge(fmt=row, user=user)
        row.name = name.strip()
        for field, value in fields.items():
            setattr(row, field, value)
        row.version += 1
        row.save()
        row.legal_sets.set(rules.legal_sets)
        _version_write(row, list(rules.legal_sets))
        if recheck is not None:
            # Every saved deck of the format: bulk work.
            target = queue or settings.FORMAT_RECHECK_QUEUE or settings.CELERY_BULK_QUEUE
            recheck_id = str(recheck.pk)
            transaction.on_commit(lambda: _enqueue_recheck(recheck_id, target))
    return row


def _recheck_merge_or_charge(*, fmt: TournamentFormat, user: User) -> FormatRecheck | None:
    """The re-check this edit needs: merged into the format's queued one (None: nothing more to queue), or a new
    one charged to the editor's work budget (OverBudget, a 429, or TooBig when it does not fit: the edit is
    refused and nothing changes). Called under the format's row lock, so two edits never both queue one."""
    merged = FormatRecheck.objects.filter(format=fmt, status=JobStatus.QUEUED).update(edits=F("edits") + 1)
    if merged:
        return None
    total = Deck.objects.filter(format=fmt.slug).count()
    seconds = total * FormatRecheck.SECONDS_PER_DECK
    job_budget_check(model=FormatRecheck, caller=user, seconds=seconds)
    return FormatRecheck.objects.create(format=fmt, requested_by=user, total=total)


def _enqueue_recheck(recheck_id: str, queue: str | None) -> None:
    options: dict[str, Any] = {"queue": queue} if queue else {}
    try:
        current_app.send_task(RECHECK_TASK, args=[recheck_id], **options)
    except Exception as exc:
        logger.exception("the format re-check %s could not be queued", recheck_id)
        job_fail(model=FormatRecheck, pk=recheck_id, message=f"could not be queued: {type(exc).__name__}")

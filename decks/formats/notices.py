"""Notices on a deck owner's decks page when a tournament format change makes a saved deck illegal.

`tournament_format_update` (decks/formats/services.py) queues a FormatRecheck job (one waiting per format:
edits merge into it; charged to the editor's work budget), run by `format_recheck_run` (the
`decks.format_decks_recheck` task) once its change has committed. Every saved
deck of that format is validated again (`deck_revalidate`); a deck that was legal
and now is not gets one DeckNotice for its owner, and the owner one notification a re-check, however many
of their decks it touched (cardcollections/notifications: in the site, and by mail if they want it, coalesced). Running it twice changes nothing
more: the second run finds those decks already illegal. A deck that is legal again
(a ban lifted) has its open notices of that format dismissed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse

from cardcollections.jobs.services import job_claim
from cardcollections.jobs.services import job_fail
from cardcollections.jobs.services import job_finish
from cardcollections.models import NotificationKind
from cardcollections.notifications.services import notify
from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError
from cardsite.api.work import claim_token
from decks.lists.services import deck_revalidate
from decks.models import Deck
from decks.models import DeckNotice
from decks.models import FormatRecheck
from decks.models import TournamentFormat

logger = logging.getLogger(__name__)

RECHECK_TASK = "decks.format_decks_recheck"
MAX_MESSAGE = 500


class NoticeNotYours(ServiceError):
    """The notice belongs to someone else (a 404 for them)."""

    kind = NOT_FOUND


def _notice_message(format_name: str, deck_name: str, first_finding: str) -> str:
    return clip(f"{format_name} changed: {deck_name} is no longer legal — {first_finding}")


def format_decks_recheck(*, format_slug: str) -> dict[str, int]:
    """Validate every saved deck of `format_slug` again; notify the owners of decks it made illegal.

    Answers counts: decks checked, notices written, notices cleared (decks legal again).
    """
    row = TournamentFormat.objects.filter(slug=format_slug).first()
    format_name = row.name if row is not None else format_slug
    ids = list(Deck.objects.filter(format=format_slug).order_by("pk").values_list("pk", flat=True))
    return decks_recheck(
        deck_ids=ids,
        still=lambda deck: deck.format == format_slug,
        message=lambda deck, finding: _notice_message(format_name, deck.name, finding),
        heading=f"{format_name} changed",
    )


def format_recheck_run(*, recheck_id: str, task_id: str | None = None) -> FormatRecheck | None:
    """Run one format re-check job (the body of its task): every saved deck of its format, as the format's rules
    are when it runs (so the edits merged into it are all seen). None when there is nothing to claim."""
    token = claim_token(task_id)
    if not job_claim(model=FormatRecheck, pk=recheck_id, token=token):
        return None
    recheck = FormatRecheck.objects.select_related("format").get(pk=recheck_id)
    counts = format_decks_recheck(format_slug=recheck.format.slug)
    job_finish(model=FormatRecheck, pk=recheck_id, token=token, checked=counts["checked"], noticed=counts["noticed"])
    return FormatRecheck.objects.get(pk=recheck_id)


def format_recheck_fail(*, recheck_id: str, message: str) -> bool:
    """Fail an unfinished re-check (a task that failed for good); True if it was unfinished."""
    return job_fail(model=FormatRecheck, pk=recheck_id, message=message)


def decks_recheck(
    *, deck_ids: list, still: Callable[[Deck], bool], message: Callable[[Deck, str], str], heading: str = ""
) -> dict[str, int]:
    """Validate these saved decks again (those `still` concerned); a deck that was legal and is not gets a
    notice (`message(deck, first finding)`); a deck legal again has its open notices of its format dismissed.

    Each owner is told once per re-check, however many of their decks it made illegal: one deck's notice as
    it is, several in one notification (`heading`: "N of your decks are no longer legal: ...") leading to their
    decks page. (Mail is coalesced further, per player, by cardcollections.notifications.)
    """
    checked = noticed = cleared = 0
    told: dict[int, list[tuple[Deck, DeckNotice]]] = {}
    for deck_id in deck_ids:
        with transaction.atomic():
            # Locked as deck_update locks it, so a save racing this check is seen whole or not at all.
            deck = Deck.objects.select_for_update().select_related("game", "owner").filter(pk=deck_id).first()
            if deck is None or not still(deck):
                continue
            was_legal = deck.legal
            deck_revalidate(deck=deck)
            checked += 1
            if was_legal and not deck.legal:
                errors = deck.validation.get("errors") or [{"message": "it breaks the format's rules"}]
                notice = DeckNotice.objects.create(
                    deck=deck,
                    owner_id=deck.owner_id,
                    format=deck.format,
                    message=message(deck, str(errors[0].get("message", ""))),
                    findings=errors,
                )
                told.setdefault(deck.owner_id, []).append((deck, notice))
                noticed += 1
            elif deck.legal and not was_legal:
                cleared += DeckNotice.objects.filter(deck=deck, format=deck.format, dismissed=False).update(
                    dismissed=True
                )
    for notices in told.values():
        _tell_owner(notices, heading)
    return {"checked": checked, "noticed": noticed, "cleared": cleared}


def _tell_owner(notices: list[tuple[Deck, DeckNotice]], heading: str) -> None:
    """One notification for one owner's newly illegal decks of one re-check."""
    deck, notice = notices[0]
    if len(notices) == 1:
        text, url = notice.message, reverse("deck-detail", args=[deck.pk])
    else:
        names = ", ".join(sorted(d.name for d, _ in notices))
        text = clip(f"{heading + ': ' if heading else ''}{len(notices)} of your decks are no longer legal: {names}")
        url = reverse("deck-list")
    notify(deck.owner, kind=NotificationKind.DECK_ILLEGAL, message=text, url=url)


def clip(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"


def deck_notice_dismiss(*, notice: DeckNotice, user: User) -> DeckNotice:
    """The owner dismisses a notice (it leaves their decks page). Anyone else: NoticeNotYours."""
    if not user.is_authenticated or notice.owner_id != user.pk:
        raise NoticeNotYours("No such notice.")
    if not notice.dismissed:
        DeckNotice.objects.filter(pk=notice.pk).update(dismissed=True)
        notice.dismissed = True
    return notice

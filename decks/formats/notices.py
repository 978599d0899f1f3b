"""Notices on a deck owner's decks page when a tournament format change makes a saved deck illegal.

`tournament_format_update` (decks/formats/services.py) queues `format_decks_recheck`
(the `decks.format_decks_recheck` task) once its change has committed. Every saved
deck of that format is validated again (`deck_revalidate`); a deck that was legal
and now is not gets one DeckNotice for its owner, and the owner a notification
(cardcollections/notifications: in the site, and by mail if they want it). Running it twice changes nothing
more: the second run finds those decks already illegal. A deck that is legal again
(a ban lifted) has its open notices of that format dismissed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse

from cardcollections.models import NotificationKind
from cardcollections.notifications.services import notify
from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError
from decks.lists.services import deck_revalidate
from decks.models import Deck
from decks.models import DeckNotice
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
    )


def decks_recheck(
    *, deck_ids: list, still: Callable[[Deck], bool], message: Callable[[Deck, str], str]
) -> dict[str, int]:
    """Validate these saved decks again (those `still` concerned); a deck that was legal and is not gets a
    notice (`message(deck, first finding)`); a deck legal again has its open notices of its format dismissed."""
    checked = noticed = cleared = 0
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
                notify(
                    deck.owner,
                    kind=NotificationKind.DECK_ILLEGAL,
                    message=notice.message,
                    url=reverse("deck-detail", args=[deck.pk]),
                )
                noticed += 1
            elif deck.legal and not was_legal:
                cleared += DeckNotice.objects.filter(deck=deck, format=deck.format, dismissed=False).update(
                    dismissed=True
                )
    return {"checked": checked, "noticed": noticed, "cleared": cleared}


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

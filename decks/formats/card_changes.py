"""A card edit the deck rules read (approved from a card proposal) re-checks the game's saved decks and
event registrations in a worker, leaving notices as a format change does.

The collections app may not import decks, so it sends `card_rules_changed` once the edit has
committed; the receiver here queues `decks.card_decks_recheck` (connected in DecksConfig.ready).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from cardcollections.proposals.signals import card_rules_changed
from decks.events.models import Registration
from decks.events.services import registration_recheck_result
from decks.formats.notices import clip
from decks.formats.notices import decks_recheck
from decks.models import Deck
from decks.models import DeckNotice

logger = logging.getLogger(__name__)

CARD_RECHECK_TASK = "decks.card_decks_recheck"


@receiver(card_rules_changed)
def _queue_recheck(*, game: str, titles: list[str], **kwargs: Any) -> None:
    queue = settings.CELERY_BULK_QUEUE
    try:
        current_app.send_task(CARD_RECHECK_TASK, args=[game, titles], **({"queue": queue} if queue else {}))
    except Exception:
        logger.exception("the re-check of %s decks after a card change could not be queued", game)


def _changed(titles: list[str]) -> str:
    shown = ", ".join(titles[:3]) + (" …" if len(titles) > 3 else "")
    return f"A card changed ({shown})"


def card_decks_recheck(*, game_slug: str, titles: list[str]) -> dict[str, int]:
    """Validate the game's saved decks and active registrations again; notify owners of what became illegal.

    Idempotent: a second run finds the same decks already illegal and writes no second notice.
    """
    ids = list(Deck.objects.filter(game__slug=game_slug).order_by("pk").values_list("pk", flat=True))
    counts = decks_recheck(
        deck_ids=ids,
        still=lambda deck: deck.game.slug == game_slug,
        message=lambda deck, finding: clip(f"{_changed(titles)}: {deck.name} is no longer legal — {finding}"),
        heading=_changed(titles),
    )
    counts["registrations"] = counts["registrations_noticed"] = 0
    registrations = Registration.objects.filter(event__game__slug=game_slug, active=True).select_related(
        "event__game", "event__format_version"
    )
    for registration in registrations.order_by("created"):
        with transaction.atomic():
            was_legal = (
                registration.recheck_legal
                if registration.recheck_legal is not None
                else bool(registration.validation.get("legal"))
            )
            result = registration_recheck_result(registration=registration, event=registration.event)
            # Only the re-check columns, as the organiser's re-check writes them: the snapshot is never written.
            Registration.objects.filter(pk=registration.pk).update(
                recheck=result, recheck_legal=result["legal"], rechecked=timezone.now()
            )
            counts["registrations"] += 1
            if was_legal and not result["legal"] and registration.deck_id is not None:
                errors = result.get("errors") or [{"message": "it breaks the format's rules"}]
                DeckNotice.objects.create(
                    deck_id=registration.deck_id,
                    owner_id=registration.player_id,
                    format=registration.format,
                    message=clip(
                        f"{_changed(titles)}: your registration for {registration.event.name} is no longer legal — "
                        f"{errors[0].get('message', '')}"
                    ),
                    findings=errors,
                )
                counts["registrations_noticed"] += 1
    return counts

"""Reading mastery (docs/learning.md, "Mastery"): a player's progress on the sets they learn, the signatures on
their Mastery cards, and who may see them.

The catalogs define no Mastery Game levels (the designer's ranks): `MASTERY_LEVELS` is empty and the page shows the
progress as it is and says so. Levels are never made up here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.contrib.auth.models import User
from django.db.models import QuerySet

from learning.mastery.models import MasterySharing
from learning.mastery.models import Signature
from learning.selectors import SetMastery
from learning.selectors import mastery_by_set

# The designer's Mastery Game levels, by catalog set code, where a catalog defines them: none does today.
MASTERY_LEVELS: dict[str, tuple[str, ...]] = {}


def mastery_public(*, player: User) -> bool:
    return bool(MasterySharing.objects.filter(user_id=player.pk).values_list("public", flat=True).first())


def mastery_visible(*, viewer: Any, player: User) -> bool:
    """Whether `viewer` may read `player`'s mastery page: their own, or one they chose to show."""
    if getattr(viewer, "is_authenticated", False) and viewer.pk == player.pk:
        return True
    return mastery_public(player=player)


def signatures_of(*, player: User, limit: int = 200) -> QuerySet[Signature]:
    """The signatures on `player`'s Mastery cards, the latest first, with who signed and the card."""
    return (
        Signature.objects.filter(player_id=player.pk)
        .select_related("signer", "card", "card__card_set")
        .order_by("-signed", "-id")[:limit]
    )


@dataclass(frozen=True)
class SetProgress:
    """A set's progress (`mastery_by_set`) with how many of its verses are signed, and the set's levels if any."""

    mastery: SetMastery
    signed: int
    levels: tuple[str, ...]


def mastery_of(*, player: User) -> list[SetProgress]:
    """`player`'s progress on each set they learn a verse of, with the verses of it signed for them."""
    signed_keys = set(Signature.objects.filter(player_id=player.pk).values_list("verse_key", flat=True))
    out = []
    for mastery in mastery_by_set(user=player):
        keys = mastery.keys
        out.append(
            SetProgress(
                mastery=mastery,
                signed=len(keys & signed_keys),
                levels=MASTERY_LEVELS.get(mastery.card_set.code, ()),
            )
        )
    return out


def signed_at_table(*, table_id: UUID, players: Iterable[int]) -> set[tuple[int, str]]:
    """(player id, verse key) of the verses already signed at the table for these players."""
    return set(
        Signature.objects.filter(table_id=table_id, player_id__in=list(players)).values_list("player_id", "verse_key")
    )

"""Setting copies aside for a holder (a built deck) and releasing them."""

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.db import transaction

from cardcollections.models import CardReservation
from cardcollections.models import Game


@transaction.atomic
def reservations_replace(
    *,
    owner: User,
    game: Game,
    holder: str,
    label: str,
    url: str = "",
    titles: Mapping[str, tuple[str, int]],
) -> list[CardReservation]:
    """Make `holder`'s reservations exactly `titles` ({title key: (title, copies)}); copies < 1 are left out.

    Reserving more than is owned is allowed (the deck is still built, with
    proxies or borrowed cards); the selectors report the shortfall.
    """
    CardReservation.objects.filter(owner=owner, holder=holder).delete()
    rows = [
        CardReservation(
            owner=owner,
            game=game,
            holder=holder,
            holder_label=label[:200],
            holder_url=url[:300],
            title_key=key,
            title=title[:200],
            quantity=copies,
        )
        for key, (title, copies) in sorted(titles.items())
        if copies >= 1
    ]
    return CardReservation.objects.bulk_create(rows)


def reservations_release(*, owner: User, holder: str) -> int:
    deleted, _ = CardReservation.objects.filter(owner=owner, holder=holder).delete()
    return deleted

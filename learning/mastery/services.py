"""Writing mastery (docs/learning.md, "Mastery"): a signature on a player's Mastery card, and the page's sharing.

`signature_create` trusts its caller for the game: the tables app, which alone can read a table's log, checks that
the player quoted the verse word for word there and that the signer was their opponent
(`tables.services.table_sign_verse`); this service keeps the rules that hold whatever the game: nobody signs for
themselves, the card prints a verse, and a verse is signed once per player and table.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction
from django.utils import timezone

from cardcollections.models import Card
from cardsite.api.errors import NOT_ALLOWED
from learning.mastery.models import MasterySharing
from learning.mastery.models import Signature
from learning.services import LearningError
from rules.learning import verse_key


def signature_create(
    *, signer: User, player: User, card: Card, table_id: UUID, game: str, now: datetime | None = None
) -> tuple[Signature, bool]:
    """`signer` signs the Mastery card of `card`'s verse for `player`, from the game at `table_id`: the signature,
    and whether it is new (a verse already signed for that player at that table answers the one stored)."""
    if signer.pk == player.pk:
        raise LearningError("Nobody signs their own Mastery card.", field="player", kind=NOT_ALLOWED)
    if not card.scripture or not card.reference:
        raise LearningError("This card prints no verse to sign.", field="card")
    key = verse_key(card.scripture, card.reference)
    found = Signature.objects.filter(player_id=player.pk, verse_key=key, table_id=table_id).first()
    if found is not None:
        return found, False
    try:
        with transaction.atomic():
            made = Signature.objects.create(
                player=player,
                signer=signer,
                card=card,
                verse_key=key,
                table_id=table_id,
                game=game,
                signed=now or timezone.now(),
            )
    except IntegrityError:
        # The other opponent signed it at the same moment: theirs stands.
        return Signature.objects.get(player_id=player.pk, verse_key=key, table_id=table_id), False
    return made, True


def mastery_sharing_set(*, user: User, public: bool) -> MasterySharing:
    """Show `user`'s mastery page to others (`public`) or keep it theirs alone (the default)."""
    sharing, _ = MasterySharing.objects.update_or_create(user_id=user.pk, defaults={"public": public})
    return sharing

"""A card or set saved or deleted in this process: the values kept per catalog (card pools, tag lists) are stale."""

from django.db.models.signals import post_delete
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils import timezone

from cardcollections.catalog.memo import forget_catalog_values
from cardcollections.models import Card
from cardcollections.models import CardSet

# A card's images: no kept value reads them, and a face is drawn (and saved) on a visitor's first request for it.
IMAGE_FIELDS = frozenset({"face", "face_key", "scan", "thumbnail"})


@receiver([post_save, post_delete], sender=Card)
@receiver([post_save, post_delete], sender=CardSet)
def _catalog_changed(update_fields=None, **kwargs) -> None:
    if update_fields and kwargs["sender"] is Card and update_fields <= IMAGE_FIELDS:
        return
    forget_catalog_values()


@receiver(post_save, sender=CardSet)
def _set_changed(instance: CardSet, created: bool, **kwargs) -> None:
    # The catalog stamp (memo.py) is read from the cards alone, and other processes see a change only there:
    # a set renamed or re-dated (its cards' set name, their canonical order) touches its cards.
    if not created:
        Card.objects.filter(card_set=instance).update(modified=timezone.now())

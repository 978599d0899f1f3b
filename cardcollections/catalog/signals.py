"""A card or set saved or deleted in this process: the values kept per catalog (card pools, tag lists) are stale."""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from cardcollections.catalog.memo import forget_catalog_values
from cardcollections.models import Card, CardSet


@receiver([post_save, post_delete], sender=Card)
@receiver([post_save, post_delete], sender=CardSet)
def _catalog_changed(**kwargs) -> None:
    forget_catalog_values()

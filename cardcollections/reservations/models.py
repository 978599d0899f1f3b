"""Copies a player has set aside: the cards of their built decks.

The collections app keeps the numbers, but does not know what a deck is: a
`holder` is an opaque key ("deck:<uuid>") with a label to show. Reservations
count by title (any printing of a title fills a slot in a built deck), so
"free" is owned minus reserved per title.
"""

from django.conf import settings
from django.db import models

from cardcollections.catalog.models import Game


class CardReservation(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_reservations")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    holder = models.CharField(max_length=80)
    holder_label = models.CharField(max_length=200)
    holder_url = models.CharField(max_length=300, blank=True, default="")
    title_key = models.CharField(max_length=200)
    title = models.CharField(max_length=200)
    quantity = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["owner", "holder", "title_key"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "holder", "title_key"], name="reservation_unique_per_holder"),
            models.CheckConstraint(condition=models.Q(quantity__gte=1), name="reservation_quantity_positive"),
        ]
        indexes = [models.Index(fields=["owner", "game", "title_key"], name="reservation_owner_title")]

    def __str__(self) -> str:
        return f"{self.quantity} {self.title} for {self.holder_label}"

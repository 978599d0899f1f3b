"""Trade offers between two users: what each side gives, and what became of the offer."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from cardcollections.catalog.models import Card
from cardcollections.collection.models import Condition


class Trade(models.Model):
    class Status(models.TextChoices):
        PROPOSED = "proposed", "Proposed"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        WITHDRAWN = "withdrawn", "Withdrawn"
        COUNTERED = "countered", "Countered"

    proposer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="trades_proposed")
    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="trades_received")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PROPOSED, db_index=True)
    # A counter-offer points at the offer it answers.
    parent = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="counters")
    message = models.CharField(max_length=1000, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=~Q(proposer=models.F("recipient")), name="trade_two_users")]
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"trade {self.pk} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.PROPOSED

    def other_party(self, user) -> object:
        return self.recipient if user.pk == self.proposer_id else self.proposer


class TradeLine(models.Model):
    """`quantity` copies of one printing in one condition, given by one side of the trade."""

    class Side(models.TextChoices):
        PROPOSER = "proposer", "Proposer gives"
        RECIPIENT = "recipient", "Recipient gives"

    trade = models.ForeignKey(Trade, on_delete=models.CASCADE, related_name="lines")
    side = models.CharField(max_length=10, choices=Side.choices)
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    condition = models.CharField(max_length=2, choices=Condition.choices, blank=True, default="")
    quantity = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(quantity__gt=0), name="trade_line_quantity_positive"),
            models.UniqueConstraint(fields=["trade", "side", "card", "condition"], name="uniq_trade_line"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.side}: {self.quantity} x card {self.card_id}"

    def giver_id(self) -> int:
        return self.trade.proposer_id if self.side == self.Side.PROPOSER else self.trade.recipient_id

    def receiver_id(self) -> int:
        return self.trade.recipient_id if self.side == self.Side.PROPOSER else self.trade.proposer_id

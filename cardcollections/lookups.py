"""Page and API lookups: the game, card, trade, proposal or notification a URL names, or the 404 answered when there is none."""

from __future__ import annotations

from django.contrib.auth.models import User

from cardcollections.catalog.selectors import card_get
from cardcollections.catalog.selectors import game_get
from cardcollections.models import Card
from cardcollections.models import CardProposal
from cardcollections.models import Game
from cardcollections.models import Notification
from cardcollections.models import Trade
from cardcollections.notifications.selectors import notification_for
from cardcollections.proposals.selectors import proposal_for
from cardcollections.trades.selectors import trade_for
from cardsite.api.errors import found_or_404


def game_or_404(slug: str) -> Game:
    return found_or_404(game_get(slug=slug), "No such game.")


def card_or_404(pk: int) -> Card:
    return found_or_404(card_get(pk=pk), "No such card.")


# The page and the API answer one 404 for someone else's trade, proposal or notification
# as for a missing one, so ids do not leak.
def trade_or_404(*, user: User, pk: int) -> Trade:
    return found_or_404(trade_for(user=user, pk=pk), "No such trade.")


def proposal_or_404(*, user: User, pk: int) -> CardProposal:
    return found_or_404(proposal_for(user=user, pk=pk), "No such proposal.")


def notification_or_404(*, user: User, pk: int) -> Notification:
    return found_or_404(notification_for(user=user, pk=pk), "No such notification.")

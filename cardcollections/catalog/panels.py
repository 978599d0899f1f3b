"""Sections other apps add to a card's page, without this app importing them.

The decks app registers a panel (how many public decks play the card) in its
AppConfig.ready(); the card page renders each panel's template with its context.
A panel returns None to show nothing.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardcollections.catalog.models import Card


@dataclass(frozen=True)
class CardPanel:
    template: str
    context: dict[str, Any]


_PANELS: list[Callable[..., CardPanel | None]] = []


def card_panel_register(panel: Callable[..., CardPanel | None]) -> None:
    """Add `panel(card=..., user=...) -> CardPanel | None` to every card page (once)."""
    if panel not in _PANELS:
        _PANELS.append(panel)


def card_panels(*, card: Card, user: Any) -> list[CardPanel]:
    return [p for p in (panel(card=card, user=user) for panel in _PANELS) if p is not None]

"""Signals of card proposals, for code the proposals service may not call (decks listens to them).

`card_rules_changed(game=<slug>, titles=[...])` is sent once an approved proposal has committed
and changed a field the deck rules read (title, Unique, Advanced, type such as follower, effects).
"""

from django.dispatch import Signal

card_rules_changed = Signal()

# Catalog fields the construction rules read: a change to one re-checks the game's decks.
RULES_FIELDS = frozenset({"title", "unique", "advanced", "type", "effects"})

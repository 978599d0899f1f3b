"""Signals of card proposals, for code the proposals service may not call (decks listens to them).

`card_rules_changed(game=<slug>, titles=[...])` is sent once an approved proposal has committed
and changed a field the deck rules read (title, Unique, Advanced, type such as follower, effects).
"""

from django.dispatch import Signal

card_rules_changed = Signal()

# `proposal_reviewed(proposal_id=..., status=...)`, sent once a review (approve, reject, ask for changes) has
# committed: where site notifications tell the proposer that their proposal's state changed.
proposal_reviewed = Signal()

# Catalog fields the construction rules read: a change to one re-checks the game's decks.
RULES_FIELDS = frozenset({"title", "unique", "advanced", "type", "effects"})

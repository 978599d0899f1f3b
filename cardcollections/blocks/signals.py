"""Sent when a player blocks another, inside the block's transaction (docs/social.md, "Blocking").

The collections app never imports the apps above it; what they own towards the blocker (a follow) they close in
their own receivers, connected in their AppConfig.ready, so it happens in the same transaction as the block.
"""

from django.dispatch import Signal

# Sent with `blocker` and `blocked` (User).
player_blocked = Signal()

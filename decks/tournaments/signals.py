"""Sent when a round is paired, inside the pairing's transaction (docs/decks.md, "Events played online").

The decks app never imports tables (.importlinter): an event played online gets its tables from the tables app's
receiver (`tables/matches.py`, connected in TablesConfig.ready), so the round and its tables commit together.
"""

from django.dispatch import Signal

# Sent with `round` (Round, its matches written) and `event` (Event, locked).
round_paired = Signal()

"""The app's admin as Django's autodiscovery finds it: each feature registers its own models."""

from decks.events import admin as events_admin  # noqa: F401  (events, registrations, re-checks)
from decks.formats import admin as formats_admin  # noqa: F401  (tournament formats)
from decks.tournaments import admin as tournaments_admin  # noqa: F401  (players, rounds, matches)

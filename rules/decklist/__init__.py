"""Deck lists (docs/contracts/deck-format.md): parse text or JSON, resolve against a pool, export.

Three steps, each a pure function, each in its own module:

- `parse.parse_decklist(text)` / `parse.entries_from_json(cards)` -> `ParsedDeck`:
  what the player wrote, line by line, with `unparseable-line` and
  `invalid-count` findings.
- `resolving.resolve(parsed, pool)` -> `ResolvedDeck`: each entry matched to a
  card of the game, or an `unknown-card` finding with suggestions.
- `export.export_decklist(resolved)` -> the canonical text, one line per title.

`plain.read_plain_decklist(text, pool)` does the first two in one pass for the
common list that has nothing to report (blank lines, comments, a header and
`COUNT TITLE` lines naming cards), without an object per line.

A finding is never an exception: bad lines are reported and left out. Only a
JSON list of the wrong *shape* raises `DeckFormatError`, because then the
request itself is malformed (the API answers 400, the command exits 2).
"""

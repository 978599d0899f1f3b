"""Print and play (issue #33): cards at their physical size on A4 or Letter, with crop marks, bleed and backs.

`layout` is the geometry (pure), `pdf` draws a sheet with reportlab (pure: faces come in as PNG bytes),
`services` gives a list of catalog cards its PDF, drawn once and kept by content. Here, below the decks
app, so that a deck (decks.print) and a catalog set print through the same code.
"""

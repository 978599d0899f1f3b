"""Text bound for a spreadsheet: written so it is never read as a formula, and read back as it was."""

# A cell starting with one of these is a formula to Excel, LibreOffice and Google Sheets (CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(text: str) -> str:
    """The text with a leading apostrophe where a spreadsheet would run it: shown as typed, never evaluated."""
    return "'" + text if text[:1] in _FORMULA_STARTS else text


def spreadsheet_text(cell: str) -> str:
    """A cell written by `spreadsheet_cell`, read back: the apostrophe it added is dropped."""
    return cell[1:] if cell[:1] == "'" and cell[1:2] in _FORMULA_STARTS and cell[1:2] else cell

"""The considering board in a text list: candidates written after the list as comment lines.

```
3 By Small Means
// Considering
// 2 Faith Without Works
```

The board is every `// COUNT TITLE` line after a `// Considering` line. To a
reader that knows only docs/contracts/deck-format.md they are comments, so it reads the same
main list; the site reads them back as the board. Other comment lines after
the mark (`// maybe later`, `# notes`) stay comments.
"""

from __future__ import annotations

import re

from rules.decklist.parse import split_lines

MARK = "// Considering"
_MARK = re.compile(r"^//\s*considering\s*:?\s*$", re.IGNORECASE)
# A board entry is a comment whose text starts with a count.
_BOARD_ENTRY = re.compile(r"^//\s*[-+]?[0-9]")


def board_text(text: str) -> str | None:
    """The board's entries as a deck list of their own, None when `text` has no `// Considering` line.

    Every other line is left blank, so a finding's line number is the line in `text`.
    """
    out: list[str] = []
    found = False
    for raw in split_lines(text):
        line = raw.strip()
        if _MARK.match(line):
            found = True
            out.append("")
        elif found and _BOARD_ENTRY.match(line):
            out.append(line[2:].strip())
        else:
            out.append("")
    return "\n".join(out) if found else None


def with_board(main: str, board: str) -> str:
    """The canonical text of a list (`main`) followed by its board (`board`, canonical text too), if any."""
    lines = [line for line in split_lines(board) if line.strip()]
    if not lines:
        return main
    return main + MARK + "\n" + "".join(f"// {line}\n" for line in lines)

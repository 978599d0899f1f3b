"""What players may say at a table: friendly phrases, no free text (safe for children: docs/tables.md)."""

PHRASES = (
    "Hello!",
    "Good luck!",
    "Well played!",
    "Thank you!",
    "One moment, please.",
    "Oops!",
    "Good game!",
)

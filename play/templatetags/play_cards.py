"""Template filters of the play pages."""

from typing import Any

from django import template

register = template.Library()


@register.filter
def card_image_id(ids: dict[str, int], title: Any) -> int | None:
    """The catalog id of the card called `title` (for its image), or None."""
    return ids.get(str(title).casefold())

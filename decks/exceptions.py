"""Errors the decks app raises for a request that is itself wrong."""

from cardsite.api.errors import ServiceError


class DeckRequestError(ServiceError):
    """The request itself is wrong (unknown game or format, malformed list): 400 on the API, exit 2 on the CLI.

    `field` names the request field to blame ("game", "format", "decklist", "cards").
    """

    def __init__(self, field: str, message: str):
        super().__init__(message, field=field)

"""The live deck validation page: a list checked as you type, findings beside their lines."""

from typing import Any

from django.http import HttpRequest
from django.http import HttpResponse
from django.shortcuts import render

from cardsite.page_writes import CountedPostView
from decks.exceptions import DeckRequestError
from decks.formats.selectors import FormatChoice
from decks.formats.selectors import format_choices
from decks.validation.services import MAX_DECKLIST_CHARS
from decks.validation.services import DeckValidation
from decks.validation.services import deck_validation
from rules.decklist.parse import split_lines
from rules.games import GAMES
from rules.games import GAMES_BY_SLUG
from rules.validation import findings_by_line


def _annotated_lines(decklist: str, validation: DeckValidation) -> list[dict[str, Any]]:
    placed = findings_by_line(validation.deck, validation.result)
    warning_codes = {f.code for f in validation.result.warnings}
    return [
        {
            "number": number,
            "text": text,
            "badges": [
                {"code": f.code, "message": f.message, "warning": f.code in warning_codes}
                for f in placed.get(number, [])
            ],
        }
        for number, text in enumerate(split_lines(decklist), start=1)
    ]


class DeckValidatePage(CountedPostView):
    """Paste a list, pick game and format, see the findings beside the lines.

    With htmx (base.html) the form posts as you type and only the result and the
    format menu are swapped; without JavaScript it is an ordinary form post.
    """

    template_name = "decks/validation/validate.html"
    partial_name = "decks/validation/_result.html"
    post_scope = "live"

    def get(self, request: HttpRequest) -> HttpResponse:
        game = request.GET.get("game")
        return self._render(request, game=game if game in GAMES_BY_SLUG else GAMES[0].slug)

    def post(self, request: HttpRequest) -> HttpResponse:
        game = request.POST.get("game", "")
        if game not in GAMES_BY_SLUG:
            game = GAMES[0].slug
        decklist = request.POST.get("decklist", "")[: MAX_DECKLIST_CHARS + 1]
        # The format menu is swapped in again only when the game changed under it.
        menu_stale = request.POST.get("formats_for") != game
        return self._render(
            request,
            game=game,
            format_slug=request.POST.get("format") or None,
            decklist=decklist,
            menu_stale=menu_stale,
        )

    def _render(
        self,
        request: HttpRequest,
        *,
        game: str,
        format_slug: str | None = None,
        decklist: str = "",
        menu_stale: bool = False,
    ) -> HttpResponse:
        choices: list[FormatChoice] = format_choices().get(game, [])
        # Changing the game leaves the old game's format selected: fall back to the default.
        if format_slug not in {c.slug for c in choices}:
            format_slug = choices[0].slug if choices else None
        context: dict[str, Any] = {
            "games": GAMES,
            "game": game,
            "formats": choices,
            "format": format_slug,
            "decklist": decklist,
            "validation": None,
            "problem": None,
            "swap_menu": menu_stale,
        }
        if decklist.strip():
            try:
                validation = deck_validation(game=game, format_slug=format_slug, decklist=decklist)
            except DeckRequestError as exc:
                context["problem"] = exc.message
            else:
                context["validation"] = validation.result
                context["lines"] = _annotated_lines(decklist, validation)
        template = self.partial_name if request.headers.get("HX-Request") else self.template_name
        return render(request, template, context)

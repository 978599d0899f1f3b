"""Deck pages: the live validation page and organisers' tournament formats."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse, reverse_lazy
from django.views import View
from django.views.generic import FormView, ListView

from decks.exceptions import DeckRequestError
from decks.forms import TournamentFormatEditForm, TournamentFormatForm
from decks.selectors.formats import FormatChoice, format_choices, tournament_format_list
from decks.services.formats import tournament_format_can_edit, tournament_format_create, tournament_format_update
from decks.services.validation import MAX_DECKLIST_CHARS, DeckValidation, deck_validation
from rules.decklist import split_lines
from rules.games import GAMES, GAMES_BY_SLUG
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


class DeckValidatePage(View):
    """Paste a list, pick game and format, see the findings beside the lines.

    With htmx (base.html) the form posts as you type and only the result and the
    format menu are swapped; without JavaScript it is an ordinary form post.
    """

    template_name = "decks/validate.html"
    partial_name = "decks/_validate_result.html"

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


class TournamentFormatList(ListView):
    template_name = "decks/format_list.html"
    context_object_name = "formats"

    def get_queryset(self):
        game = self.request.GET.get("game")
        return tournament_format_list(game=game if game in GAMES_BY_SLUG else None)


class TournamentFormatCreate(LoginRequiredMixin, FormView):
    template_name = "decks/format_form.html"
    form_class = TournamentFormatForm
    success_url = reverse_lazy("deck-format-list")

    def form_valid(self, form: TournamentFormatForm) -> HttpResponse:
        try:
            row = tournament_format_create(organiser=self.request.user, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.form_invalid(form)
        messages.success(self.request, f"Created the format {row.name} ({row.slug}).")
        return super().form_valid(form)


class TournamentFormatEdit(LoginRequiredMixin, FormView):
    """Change a format's rules: its organiser or staff (403 for anyone else).

    Saved decks of the format are validated again by a worker afterwards; the
    owners of decks it made illegal see a notice on their decks page.
    """

    template_name = "decks/format_form.html"
    form_class = TournamentFormatEditForm
    success_url = reverse_lazy("deck-format-list")

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        fmt = tournament_format_list().filter(slug=kwargs["slug"]).first()
        if fmt is None:
            raise Http404("No such format.")
        if not tournament_format_can_edit(fmt=fmt, user=request.user):
            raise PermissionDenied("Only the format's organiser or staff may change it.")
        self.fmt = fmt
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self) -> dict[str, Any]:
        kwargs = super().get_form_kwargs()
        kwargs["game"] = self.fmt.game
        return kwargs

    def get_initial(self) -> dict[str, Any]:
        return TournamentFormatEditForm.initial_of(self.fmt)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["fmt"] = self.fmt
        context["action"] = reverse("deck-format-edit", args=[self.fmt.slug])
        return context

    def form_valid(self, form: TournamentFormatEditForm) -> HttpResponse:
        try:
            row = tournament_format_update(fmt=self.fmt, user=self.request.user, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.form_invalid(form)
        messages.success(
            self.request,
            f"Saved {row.name} ({row.slug}). Saved decks of this format are being checked again; "
            "owners of decks it made illegal will see a notice.",
        )
        return super().form_valid(form)

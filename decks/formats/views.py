"""Tournament format pages: the list, and creating or editing an organiser's format."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import HttpResponseBase
from django.urls import reverse
from django.urls import reverse_lazy
from django.views.generic import FormView
from django.views.generic import ListView

from cardsite.api.work import OverBudget
from cardsite.api.work import TooBig
from cardsite.page_writes import CountedPostView
from cardsite.page_writes import SignedInHttpRequest
from decks.formats.forms import TournamentFormatEditForm
from decks.formats.forms import TournamentFormatForm
from decks.formats.selectors import tournament_format_list
from decks.formats.selectors import tournament_format_usage
from decks.formats.services import tournament_format_can_edit
from decks.formats.services import tournament_format_create
from decks.formats.services import tournament_format_update
from rules.games import GAMES_BY_SLUG


class TournamentFormatList(ListView):
    template_name = "decks/formats/list.html"
    context_object_name = "formats"

    def get_queryset(self):
        game = self.request.GET.get("game")
        return tournament_format_list(game=game if game in GAMES_BY_SLUG else None)


class TournamentFormatCreate(LoginRequiredMixin, CountedPostView, FormView):
    request: SignedInHttpRequest  # LoginRequiredMixin: a signed-in user's
    template_name = "decks/formats/form.html"
    form_class = TournamentFormatForm
    success_url = reverse_lazy("deck-format-list")

    def form_valid(self, form: TournamentFormatForm) -> HttpResponse:
        try:
            data = form.cleaned_data
            row = tournament_format_create(
                organiser=self.request.user, slug=data["slug"], name=data["name"], game=data["game"], rules=form.rules()
            )
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.form_invalid(form)
        messages.success(self.request, f"Created the format {row.name} ({row.slug}).")
        return super().form_valid(form)


class TournamentFormatEdit(LoginRequiredMixin, CountedPostView, FormView):
    """Change a format's rules: its organiser or staff (403 for anyone else).

    Saved decks of the format are validated again by a worker afterwards; the
    owners of decks it made illegal see a notice on their decks page. The page
    shows which events (and organisers) use which version: they keep theirs.
    """

    request: SignedInHttpRequest  # LoginRequiredMixin (and dispatch below): a signed-in user's
    template_name = "decks/formats/form.html"
    form_class = TournamentFormatEditForm
    success_url = reverse_lazy("deck-format-list")

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
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
        usage = tournament_format_usage(fmt=self.fmt)
        context["usage"] = usage
        context["usage_count"] = sum(len(u.events) for u in usage)
        context["action"] = reverse("deck-format-edit", args=[self.fmt.slug])
        return context

    def form_valid(self, form: TournamentFormatEditForm) -> HttpResponse:
        try:
            row = tournament_format_update(
                fmt=self.fmt, user=self.request.user, name=form.cleaned_data["name"], rules=form.rules()
            )
        except ValidationError as exc:
            form.add_error(None, exc)
            return self.form_invalid(form)
        except (OverBudget, TooBig) as exc:
            # The re-check this edit needs does not fit the editor's work budget: nothing was changed.
            form.add_error(None, f"Not saved: {exc.message}")
            response = self.form_invalid(form)
            response.status_code = 429 if isinstance(exc, OverBudget) else 400
            if isinstance(exc, OverBudget):
                response["Retry-After"] = str(exc.retry_after)
            return response
        messages.success(
            self.request,
            f"Saved {row.name} ({row.slug}). Saved decks of this format are being checked again (edits made "
            "before that starts are checked together); owners of decks it made illegal will see a notice.",
        )
        return super().form_valid(form)

"""What the deck pages' views share: write posts counted by the page write limit (a 429 past it), as the API's are."""

import functools
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views import View
from django.views.decorators.http import require_POST

from cardsite.api.throttles import page_request_allowed, too_many_requests


def signed_in_post(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A signed-in user's POST, counted by the page write limit (a 429 past it, before the view reads anything)."""

    @functools.wraps(view)
    def counted(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not page_request_allowed(request, scope="writes"):
            return too_many_requests()
        return view(request, *args, **kwargs)

    return login_required(require_POST(counted))


class CountedPostView(View):
    """A page view whose POST is counted by the page write limit (a 429 past it, before the handler reads anything)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST" and not page_request_allowed(request, scope="writes"):
            return too_many_requests()
        return super().dispatch(request, *args, **kwargs)

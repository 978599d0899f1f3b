"""What the deck pages' views share: a signed-in write post, and a lookup that is a 404 when nothing is found."""

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from cardsite.api.throttles import page_request_allowed, too_many_requests

Found = TypeVar("Found")


def found_or_404(found: Found | None, message: str) -> Found:
    """`found`, or a 404 saying `message` when a selector found nothing (or nothing the user may see)."""
    if found is None:
        raise Http404(message)
    return found


def signed_in_post(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A signed-in user's POST, counted by the page write limit (a 429 past it, before the view reads anything)."""

    @functools.wraps(view)
    def counted(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not page_request_allowed(request, scope="writes"):
            return too_many_requests()
        return view(request, *args, **kwargs)

    return login_required(require_POST(counted))

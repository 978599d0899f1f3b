"""Page posts that write, counted by the page write limit (a 429 past it, before the view reads anything), as the API's writes are."""

import functools
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponseBase
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import View
from django.views.decorators.http import require_POST

from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError
from cardsite.api.throttles import page_request_allowed
from cardsite.api.throttles import too_many_requests

PageView = Callable[..., HttpResponseBase]


class SignedInHttpRequest(HttpRequest):
    """The request a signed-in-only page view gets (login_required, signed_in_post): its user is no AnonymousUser.
    For the type checker only; Django makes an HttpRequest as ever."""

    user: User


def posts_counted_as(scope: str) -> Callable[[PageView], PageView]:
    """A page view whose POSTs are counted by the `scope` limit (a 429 past it); its GETs are not."""

    def decorate(view: PageView) -> PageView:
        @functools.wraps(view)
        def counted(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method == "POST" and not page_request_allowed(request, scope=scope):
                return too_many_requests()
            return view(request, *args, **kwargs)

        return counted

    return decorate


# Posts that write; the live checks and previews that write nothing (builder panel, validate, goldfish odds) count
# as "live", a higher rate for pages that post as people type.
counted_posts = posts_counted_as("writes")
live_posts = posts_counted_as("live")


def signed_in_post(view: PageView) -> PageView:
    """A signed-in user's POST, counted by the page write limit."""
    return login_required(require_POST(counted_posts(view)))


class CountedPostView(View):
    """A class-based page view whose POST is counted by the `post_scope` limit (the write limit unless it says)."""

    post_scope = "writes"

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        return posts_counted_as(self.post_scope)(super().dispatch)(request, *args, **kwargs)


def is_local_path(request: HttpRequest, target: str) -> bool:
    """True when `target` is a path on this site: it starts with one "/" (no bare word such as `foo`, which
    redirect() would read as a URL name, no `//host` or `/\\host`, no scheme) and Django finds it safe."""
    return (
        target.startswith("/")
        and not target.startswith(("//", "/\\"))
        and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    )


def next_path(request: HttpRequest, fallback: str) -> str:
    """Where a page goes back to: the posted (or asked) `next` when it is a path on this site, else `fallback`.
    Every view that reads `next` reads it here, so none can be sent off the site or into a 500."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    return target if is_local_path(request, target) else fallback


def page_refusal(request: HttpRequest, exc: ServiceError) -> int:
    """A service's refusal on a page, by its kind as on the API: not_found is the 404 page (ids do not leak);
    any other is its message shown to the person, and the status (400, 403, 409) for a page that renders
    itself again rather than redirecting."""
    if exc.kind == NOT_FOUND:
        raise Http404(exc.message)
    messages.error(request, exc.message)
    return exc.status_code

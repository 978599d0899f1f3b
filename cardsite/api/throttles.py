"""Rate limits on every API request that writes or computes, counted in the shared cache (Redis in production).

A request with a side effect or a cost (any method but GET, HEAD and OPTIONS) counts against
its caller: the user when signed in, else the client's address. A view may name a costlier
`throttle_scope` ("compute" for validation and goldfish). Over the limit: 429 with Retry-After.
The figures are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], from the environment (README).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from cardsite.cache import count as cache_count

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class WriteRateThrottle(SimpleRateThrottle):
    """`<scope>_user` or `<scope>_anon` requests a period per caller, for unsafe methods only; scope "writes" by default."""

    def allow_request(self, request: Any, view: Any) -> bool:
        """Count the request in a fixed window of the rate's period; False once the window's count is spent.

        Counted with the cache's atomic `cardsite.cache.count` (SET NX and INCR on Redis), not
        DRF's read-modify-write of a history list: under load two gunicorn workers
        read the same history and both let a request through (73 goldfish jobs in a
        minute limited to 60). A fixed window may let up to twice the rate through
        across a window's edge, never more.
        """
        self.over = False
        # A read is free unless its view costs work (`throttle_reads`: a print-and-play sheet drawn on a GET).
        if request.method in SAFE_METHODS and not getattr(view, "throttle_reads", False):
            return True
        signed_in = bool(request.user and request.user.is_authenticated)
        self.scope = f"{getattr(view, 'throttle_scope', 'writes')}_{'user' if signed_in else 'anon'}"
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        num_requests, duration = self.parse_rate(self.rate)
        assert num_requests is not None and duration is not None  # None only for no rate, and there is one
        self.num_requests, self.duration = num_requests, duration
        now = self.timer()
        window = int(now // duration)
        key = f"{self.get_cache_key(request, view)}:{window}"
        count = cache_count(self.cache, key, duration + 1)
        self.retry_after = (window + 1) * duration - now
        self.over = count > num_requests
        return not self.over

    def wait(self) -> float | None:
        return self.retry_after if getattr(self, "over", False) else None

    def get_rate(self) -> str | None:
        # The scope is known only per request (allow_request sets it); none yet at construction. The rates are
        # read now, not when the class was made, so a settings change (a test, a reload) takes effect.
        scope = getattr(self, "scope", None)
        # The stubs type the rates as numbers; DRF's are text ("60/min").
        return api_settings.DEFAULT_THROTTLE_RATES.get(scope) if scope else None  # type: ignore[return-value]

    def get_cache_key(self, request: Any, view: Any) -> str:
        ident = str(request.user.pk) if request.user and request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


class _Page:
    """What a throttle reads of a view: its scope."""

    def __init__(self, scope: str, *, reads: bool = False):
        self.throttle_scope = scope
        self.throttle_reads = reads


def too_many_requests() -> HttpResponse:
    """A page's 429: a short message (htmx leaves the panel as it was) and when to try again."""
    response = HttpResponse("Too many requests from here; wait a minute and try again.", status=429)
    response["Retry-After"] = "60"
    return response


def page_request_allowed(request: Any, *, scope: str, reads: bool = False) -> bool:
    """The same count for a page's POST (sign-up), or a costly GET with `reads`: False once `<scope>_anon` /
    `<scope>_user` is spent."""
    return WriteRateThrottle().allow_request(request, _Page(scope, reads=reads))

"""The API's documentation pages, under the site's Content-Security-Policy.

drf-spectacular's own templates carry an inline <style> and (ReDoc) an inline script, which the policy refuses.
Swagger UI runs as the split view: the page loads its set-up script from the same URL (`?script`), so the page
needs nothing inline; our template links its few styles from static/css/api-docs.css. ReDoc's set-up is a static
script too, but ReDoc writes its styles as <style> elements at run time (styled-components) and searches in a
worker made from a blob: that one page's policy adds a per-response nonce for those styles (and the hashes of two
it writes before it has the nonce) and `blob:` workers. Scripts stay 'self' everywhere, with no eval.

The schema itself changes only with the code: it is generated and rendered once per process and form (issue #34:
uncached, each request cost up to 0.57 s, and four in parallel moved the health check to 0.8 s).
"""

from typing import Any

from csp.constants import NONCE
from csp.constants import SELF
from csp.decorators import csp_update
from django.conf import settings
from django.core.signals import setting_changed
from django.http import HttpResponse
from django.utils.decorators import method_decorator
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from drf_spectacular.views import SpectacularRedocView
from drf_spectacular.views import SpectacularSwaggerSplitView

# ReDoc's bundle also writes two stylesheets as it loads, before it can be given the nonce: an empty <style>, then
# its scrollbar styles. They are allowed by their hashes, which belong to the pinned drf-spectacular-sidecar: if an
# upgrade changes them, the browser test of the docs (tests/browser/test_csp_browser.py) reports the new ones.
REDOC_LOAD_STYLE_HASHES = [
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",  # the empty <style>
    "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",  # perfect-scrollbar's styles
]
_REDOC_POLICY = {"style-src": [NONCE, *REDOC_LOAD_STYLE_HASHES], "worker-src": [SELF, "blob:"]}


class SwaggerDocs(SpectacularSwaggerSplitView):
    template_name = "api_docs/swagger_ui.html"


# The same addition in whichever header the site sends (CSP_REPORT_ONLY switches it).
@method_decorator(csp_update(_REDOC_POLICY, REPORT_ONLY=settings.CONTENT_SECURITY_POLICY is None), name="get")
class RedocDocs(SpectacularRedocView):
    template_name = "api_docs/redoc.html"


# A renderer's media type -> (body, Content-Disposition): at most one entry per renderer of the schema view.
_SCHEMA_BODIES: dict[str, tuple[bytes, str]] = {}


def _forget_schemas(**kwargs: Any) -> None:
    # A changed setting (tests) may change the schema.
    _SCHEMA_BODIES.clear()


setting_changed.connect(_forget_schemas, dispatch_uid="cardsite.api_docs.schemas")


class CachedSchema(SpectacularAPIView):
    """The OpenAPI schema, rendered once per process for each form (YAML, JSON) and served as bytes.

    Keyed by the renderer, never by what the request wrote (an Accept header's parameters, a `lang`), so no caller
    can grow the cache or miss it on purpose. The schema is in English: drf-spectacular's `lang` is not offered.
    """

    @extend_schema(exclude=True)  # as drf-spectacular's own view (SERVE_INCLUDE_SCHEMA off)
    def get(self, request: Any, *args: Any, **kwargs: Any) -> Any:
        renderer = request.accepted_renderer
        cached = _SCHEMA_BODIES.get(renderer.media_type)
        if cached is None:
            response = self._get_schema_response(request)
            context = {"request": request, "response": response, "view": self}
            body = renderer.render(response.data, renderer.media_type, context)
            cached = _SCHEMA_BODIES[renderer.media_type] = (body, response["Content-Disposition"])
        content_type = f"{renderer.media_type}; charset={renderer.charset}" if renderer.charset else renderer.media_type
        return HttpResponse(cached[0], content_type=content_type, headers={"Content-Disposition": cached[1]})

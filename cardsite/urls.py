"""The site's URL conf: the admin, accounts, each app's API under /api/v1/ and its pages, and media."""

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest
from django.http import HttpResponseBase
from django.urls import include
from django.urls import path
from django.views.static import serve

from cardsite.accounts import logout
from cardsite.accounts import password_change
from cardsite.accounts import password_reset
from cardsite.api_docs import CachedSchema
from cardsite.api_docs import RedocDocs
from cardsite.api_docs import SwaggerDocs
from cardsite.health import Health


def serve_media(request: HttpRequest, path: str) -> HttpResponseBase:
    # MEDIA_ROOT is read per request, so tests can point it at a temporary folder.
    return serve(request, path, document_root=str(settings.MEDIA_ROOT))


urlpatterns = [
    path("admin/", admin.site.urls),
    # Django's password reset, rate limited per address like sign-up; the rest of its account views as they are.
    path("accounts/password_reset/", password_reset, name="password_reset"),
    path("accounts/password_change/", password_change, name="password_change"),
    path("accounts/logout/", logout, name="logout"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/v1/", include("cardcollections.api_urls")),
    path("api/v1/", include("decks.api_urls")),
    path("api/v1/", include("play.api_urls")),
    path("api/v1/", include("learning.api_urls")),
    path("api/v1/", include("tables.api_urls")),
    path("api/v1/health/", Health.as_view(), name="api-health"),
    path("api/v1/schema/", CachedSchema.as_view(), name="schema"),
    path("api/v1/docs/", SwaggerDocs.as_view(url_name="schema"), name="api-docs"),
    path("api/v1/redoc/", RedocDocs.as_view(url_name="schema"), name="api-redoc"),
    path("", include("cardcollections.urls")),
    path("", include("decks.urls")),
    path("", include("play.urls")),
    path("", include("learning.urls")),
    path("", include("tables.urls")),
    # Media are served by Django here (the site's own small deployment); a
    # production proxy can serve MEDIA_ROOT itself.
    path(f"{settings.MEDIA_URL.strip('/')}/<path:path>", serve_media),
]

handler404 = "cardsite.api.not_found.not_found"

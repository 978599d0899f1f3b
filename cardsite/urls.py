from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.static import serve
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from cardsite.health import Health


def serve_media(request, path: str):
    # MEDIA_ROOT is read per request, so tests can point it at a temporary folder.
    return serve(request, path, document_root=settings.MEDIA_ROOT)


urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/v1/", include("cardcollections.api.urls")),
    path("api/v1/", include("decks.api.urls")),
    path("api/v1/health/", Health.as_view(), name="api-health"),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/v1/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/v1/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("", include("cardcollections.urls")),
    path("", include("decks.urls")),
    # Media are served by Django here (the site's own small deployment); a
    # production proxy can serve MEDIA_ROOT itself.
    path(f"{settings.MEDIA_URL.strip('/')}/<path:path>", serve_media),
]

"""A URL conf for the error-page tests: the site's routes plus one view that fails."""

from django.urls import path

from cardsite.urls import urlpatterns as site_urlpatterns


def _fails(request):
    raise RuntimeError("secret detail that must not reach the visitor")


urlpatterns = [path("boom/", _fails), *site_urlpatterns]

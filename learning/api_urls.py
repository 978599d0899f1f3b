"""The learning app's API under /api/v1/."""

from django.urls import include
from django.urls import path

urlpatterns = [path("", include("learning.api.urls"))]

"""Learning offline (docs/learning.md, "Offline")."""

from django.urls import path

from learning.offline import views

urlpatterns = [
    path("learn/offline/", views.offline_page, name="learn-offline"),
    path("learn/sw.js", views.service_worker, name="learn-service-worker"),
    path("learn/manifest.webmanifest", views.manifest, name="learn-manifest"),
]

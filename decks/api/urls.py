from django.urls import path

from decks.api import views

urlpatterns = [
    path("decks/validate/", views.DeckValidateApi.as_view(), name="api-deck-validate"),
]

from decks.api import goldfish_views  # noqa: E402

urlpatterns += [
    path("goldfish/", goldfish_views.GoldfishApi.as_view(), name="api-goldfish"),
    path("goldfish/<uuid:job_id>/", goldfish_views.GoldfishJobApi.as_view(), name="api-goldfish-detail"),
]

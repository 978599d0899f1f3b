from django.urls import include, path

from decks.api import views

urlpatterns = [
    path("decks/validate/", views.DeckValidateApi.as_view(), name="api-deck-validate"),
]

from decks.api import goldfish_views  # noqa: E402

urlpatterns += [
    path("goldfish/", goldfish_views.GoldfishApi.as_view(), name="api-goldfish"),
    path("goldfish/<uuid:job_id>/", goldfish_views.GoldfishJobApi.as_view(), name="api-goldfish-detail"),
]

# Saved decks and events: one URL module each.
urlpatterns += [
    path("", include("decks.api.deck_urls")),
    path("", include("decks.api.event_urls")),
]

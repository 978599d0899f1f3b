from django.urls import include, path

from decks import views

urlpatterns = [
    path("decks/validate/", views.DeckValidatePage.as_view(), name="deck-validate"),
    path("decks/formats/", views.TournamentFormatList.as_view(), name="deck-format-list"),
    path("decks/formats/new/", views.TournamentFormatCreate.as_view(), name="deck-format-create"),
    path("decks/formats/<slug:slug>/edit/", views.TournamentFormatEdit.as_view(), name="deck-format-edit"),
]

from decks import goldfish_views  # noqa: E402

urlpatterns += [
    path("decks/goldfish/", goldfish_views.GoldfishPage.as_view(), name="deck-goldfish"),
    path("decks/goldfish/exact/", goldfish_views.GoldfishExactPartial.as_view(), name="deck-goldfish-exact"),
]

# Saved decks, the builder and events each keep their own URL module (one owner each).
urlpatterns += [
    path("", include("decks.deck_urls")),
    path("", include("decks.builder_urls")),
    path("", include("decks.event_urls")),
]
urlpatterns += [path("", include("decks.stock_urls"))]

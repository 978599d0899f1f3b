"""URL routes (filled in by its feature)."""

urlpatterns: list = []

"""The tables app's API under /api/v1/."""

from cardsite.feature_urls import feature_urls

urlpatterns = feature_urls("tables", "api.urls")

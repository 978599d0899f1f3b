"""The ASGI application the tables' WebSockets are served by (daphne: scripts/supervise.sh, the Procfile).

HTTP goes to Django as under gunicorn; /ws/ to the apps' WebSocket routes, named here as a string like every
app in the settings (the project's package imports no app). A socket is accepted only from an allowed host's
page (the Origin header: browsers send cookies with a cross-site WebSocket, and CSRF does not cover it) and
carries the session's user (docs/tables.md)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
django_http = get_asgi_application()  # first: it sets Django up before the routes import models

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter  # noqa: E402
from channels.routing import URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.utils.module_loading import import_string  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_http,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(import_string("tables.routing.websocket_urlpatterns")))
        ),
    }
)

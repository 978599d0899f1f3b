"""The WSGI application gunicorn serves (scripts/run.sh, the Procfile)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
application = get_wsgi_application()

"""The WSGI application gunicorn serves (scripts/run.sh, the Procfile)."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
application = get_wsgi_application()
# What is loaded by now (Django, the apps, the engine) lives as long as the process: frozen out of the cyclic
# collector's reach, a full collection during a request walks that request's objects only. A game's answer is
# hundreds of thousands of objects, and a full collection over the whole process cost 130 ms at the play
# endpoint's 95th percentile (docs/benchmarks.md, bench/play_fixed.py).
gc.freeze()

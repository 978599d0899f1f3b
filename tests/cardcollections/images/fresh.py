"""A few lines run in a fresh interpreter with Django set up: what they print as JSON, and their memory peak.

`peak_mib()` reads VmHWM, the process's own peak, which starts again at exec; `ru_maxrss` does not (Linux keeps
it across exec, so a child of pytest starts at pytest's peak and a growth under it is never seen).
"""

import json
import os
import subprocess
import sys
import textwrap

from django.conf import settings

PRELUDE = """
import io, json, django
django.setup()

def peak_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) // 1024
"""


def run_fresh(script: str) -> dict:
    """Run PRELUDE then `script` (dedented) in a new interpreter; the JSON object its last line prints."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "cardsite.settings"}
    done = subprocess.run(
        [sys.executable, "-c", PRELUDE + textwrap.dedent(script)],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])

"""Strict readers for settings that come from the environment.

An unrecognised value raises ImproperlyConfigured at start-up instead of being
silently taken as the default (healthchecks' habit).
"""

import os
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from exc


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_origin(name: str, default: str) -> str:
    """An origin, `scheme://host[:port]` (http or https, no path, query or user): how the site's own links begin
    where no request says it (mail sent by a worker). A trailing `/` is dropped; anything else is refused."""
    raw = os.environ.get(name)
    value = default if raw is None or raw.strip() == "" else raw.strip()
    parts = urlsplit(value)
    try:
        port_ok = parts.port is None or parts.port > 0
    except ValueError:
        port_ok = False
    if (
        parts.scheme not in {"http", "https"}
        or not parts.hostname
        or parts.username is not None
        or parts.password is not None
        or parts.path not in {"", "/"}
        or parts.query
        or parts.fragment
        or not port_ok
        or any(c.isspace() or c in "\\<>\"'" for c in value)
    ):
        raise ImproperlyConfigured(
            f"{name}={value!r} is not an origin: give the site's public address as scheme://host[:port] "
            "(for example https://cards.example.org), with no path"
        )
    return f"{parts.scheme}://{parts.netloc}"

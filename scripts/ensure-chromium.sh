#!/usr/bin/env bash
# Make sure Debian's Chromium is installed for the browser tests (tests/browser).
# Idempotent: does nothing when /usr/bin/chromium exists. Otherwise installs the
# `chromium` package with apt-get (needs root, or sudo without a password).
set -uo pipefail

CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
  exit 0
fi

fail() {
  echo "ensure-chromium: $*" >&2
  echo "ensure-chromium: the browser tests need Debian's Chromium at $CHROMIUM;" \
    "install it with: apt-get install -y --no-install-recommends chromium" >&2
  exit 1
}

if [[ "$(id -u)" -eq 0 ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  fail "$CHROMIUM is missing and installing it needs root (not root, and no password-less sudo)"
fi
command -v apt-get >/dev/null 2>&1 || fail "$CHROMIUM is missing and apt-get is not available"

echo "ensure-chromium: $CHROMIUM is missing; installing the chromium package" >&2
"${SUDO[@]}" apt-get update || fail "apt-get update failed"
DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y --no-install-recommends chromium \
  || fail "apt-get install chromium failed"
[[ -x "$CHROMIUM" ]] || fail "the chromium package was installed but $CHROMIUM is still missing"
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)" >&2

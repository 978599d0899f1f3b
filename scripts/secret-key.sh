#!/usr/bin/env bash
# Print the local secret key kept in var/secret_key, generating it (readable by this user only) the first time.
# Production sets SECRET_KEY in its environment instead; with debug off the site refuses to start without one.
set -euo pipefail
cd "$(dirname "$0")/.."
var=${CARDSITE_VAR_DIR:-var}
mkdir -p "$var"
if [[ ! -s $var/secret_key ]]; then
  (umask 077 && python3 -c 'import secrets; print(secrets.token_urlsafe(50))' > "$var/secret_key")
fi
cat "$var/secret_key"

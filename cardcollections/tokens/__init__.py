"""API tokens: per-device, stored as a digest (django-rest-knox), expiring, revoked on a password change."""

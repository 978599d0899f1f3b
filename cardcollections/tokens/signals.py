"""A password change or reset revokes every API token of the user.

Django marks a new password on the user (`set_password` keeps the raw one in `_password` until
the row is saved, the hook its password validators use), so this covers the change and reset
pages, the admin's password form and `manage.py changepassword` alike. A hash upgraded at
login (`check_password`) clears the mark first, so it revokes nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from cardcollections.tokens.services import api_tokens_revoke_all


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="tokens_revoke_on_password_change")
def revoke_tokens_on_password_change(sender, instance, created: bool, **kwargs) -> None:
    if not created and getattr(instance, "_password", None) is not None:
        api_tokens_revoke_all(user=instance)

"""Account mail: the password reset link, sent by a worker.

The reset page only checks the form and queues `cardcollections.password_reset_mail` with the address typed,
the same for every address, so its answer and its time tell no one whether an account has it (with a real SMTP
server, sending in the request took 2 s for a known address and 5 ms for an unknown one: issue #34). The
worker looks the address up and mails each account at it (Django's rules: active, with a usable password) a
one-time link on SITE_URL, never on the Host of the request that asked.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

# The Celery task sending one reset request's mail (cardcollections/accounts/tasks.py); the reset page
# (cardsite/accounts.py) sends it by this name.
PASSWORD_RESET_TASK = "cardcollections.password_reset_mail"
SUBJECT_TEMPLATE = "registration/password_reset_subject.txt"
BODY_TEMPLATE = "registration/password_reset_email.html"


def password_reset_mail_send(*, email: str) -> int:
    """Mail a one-time reset link to each account at `email` (the body of the task); how many mails were sent.

    None for an address no account has. A second delivery sends a second link, which does no harm: each works
    once, and using one (a new password) ends the other.
    """
    origin = urlsplit(settings.SITE_URL)
    sent = 0
    for user in PasswordResetForm().get_users(email):
        context = {
            "email": user.email,
            "domain": origin.netloc,
            "site_name": origin.netloc,
            "uid": urlsafe_base64_encode(force_bytes(user.pk)),
            "user": user,
            "token": default_token_generator.make_token(user),
            "protocol": origin.scheme,
        }
        subject = "".join(render_to_string(SUBJECT_TEMPLATE, context).splitlines())
        # Raises when the server is down or slow, so the task tries again (Django's form logged and dropped it).
        send_mail(subject, render_to_string(BODY_TEMPLATE, context), None, [user.email])
        sent += 1
    return sent

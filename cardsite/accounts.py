"""The site's account pages beside Django's own: password reset, rate limited per address as sign-up is, its
link built from SITE_URL, and password change, whose check of the old password is counted per account."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.views import PasswordChangeView
from django.contrib.auth.views import PasswordResetView
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import HttpResponseBase
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from cardsite.api.throttles import page_request_allowed


class SiteOriginPasswordResetView(PasswordResetView):
    """Django's reset view with the mail's link on SITE_URL: Django's own takes the domain and the scheme from
    the request, so a caller's Host header (any name ALLOWED_HOSTS lets through) would be in the mail."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        origin = urlsplit(settings.SITE_URL)
        form.save(
            domain_override=origin.netloc,
            use_https=origin.scheme == "https",
            token_generator=self.token_generator,
            from_email=self.from_email,
            email_template_name=self.email_template_name,
            subject_template_name=self.subject_template_name,
            html_email_template_name=self.html_email_template_name,
            extra_email_context=dict(self.extra_email_context or {}),
        )
        return super(PasswordResetView, self).form_valid(form)


_password_reset_form = SiteOriginPasswordResetView.as_view()
_password_change_form = PasswordChangeView.as_view()


@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest) -> HttpResponseBase:
    """Django's password reset (a one-time link by email), rate limited per address as sign-up is.

    The answer is the same whether or not the address belongs to an account, so no one learns who has one.
    """
    if request.method == "POST" and not page_request_allowed(request, scope="password_reset"):
        return render(request, "registration/password_reset_limited.html", status=429)
    return _password_reset_form(request)


@require_http_methods(["GET", "POST"])
def password_change(request: HttpRequest) -> HttpResponseBase:
    """Django's password change (signed in), its posts counted per account (`password_check`): the old
    password it checks is a guess axes never sees, so a borrowed session could otherwise try many."""
    counted = request.method == "POST" and request.user.is_authenticated
    if counted and not page_request_allowed(request, scope="password_check"):
        return render(request, "registration/password_check_limited.html", status=429)
    return _password_change_form(request)

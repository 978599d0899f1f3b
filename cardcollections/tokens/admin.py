"""Admin of API tokens: who holds one and until when, never a key.

knox's own admin is replaced: it lists the key's first characters among its fields and prints a
new key in a message when a token is added here. Tokens are made by their owners (account page or
API); staff may only revoke (delete) one.
"""

from django.contrib import admin
from knox.models import AuthToken

from cardcollections.tokens.selectors import token_id

if admin.site.is_registered(AuthToken):
    admin.site.unregister(AuthToken)


@admin.register(AuthToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("token", "user", "created", "expiry")
    list_select_related = ("user",)
    search_fields = ("user__username",)
    fields = ("token", "user", "created", "expiry")
    readonly_fields = fields

    @admin.display(description="token id (digest prefix)")
    def token(self, obj: AuthToken) -> str:
        return token_id(obj)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

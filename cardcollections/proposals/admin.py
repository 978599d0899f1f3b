"""Admin of card proposals and card revisions: read-only, for staff to look things up.

A proposal is reviewed on the site's review pages, where approving one applies it to the catalog and
writes its revision in one transaction; changing a status here would skip that, so nothing changes here.
"""

from django.contrib import admin

from cardcollections.collection.admin import ReadOnlyAdmin
from cardcollections.models import CardProposal
from cardcollections.models import CardRevision


@admin.register(CardProposal)
class CardProposalAdmin(ReadOnlyAdmin):
    list_display = ("id", "kind", "game", "card", "proposer", "status", "reviewer", "created")
    list_filter = ("status", "kind", "game")
    list_select_related = ("game", "card", "proposer", "reviewer")
    search_fields = ("proposer__username", "card__title", "source")
    date_hierarchy = "created"


@admin.register(CardRevision)
class CardRevisionAdmin(ReadOnlyAdmin):
    list_display = ("id", "card", "proposal", "proposed_by", "approved_by", "created_card", "created")
    list_filter = ("created_card",)
    list_select_related = ("card", "proposal", "proposed_by", "approved_by")
    search_fields = ("card__title",)

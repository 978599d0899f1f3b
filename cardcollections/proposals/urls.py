"""Card proposal pages."""

from django.urls import include
from django.urls import path

from cardcollections.proposals import views

# Under proposals/.
proposal_routes = [
    path("", views.proposal_list, name="proposal-list"),
    path("review/", views.proposal_queue, name="proposal-queue"),
    path("bulk/", views.proposal_bulk, name="proposal-bulk"),
    path("new/<slug:slug>/", views.proposal_new, name="proposal-new"),
    path("<int:pk>/", views.proposal_detail, name="proposal-detail"),
    path("<int:pk>/revise/", views.proposal_revise_page, name="proposal-revise"),
    path("<int:pk>/review/", views.proposal_review, name="proposal-review"),
]

urlpatterns = [
    path("proposals/", include(proposal_routes)),
    path("cards/<int:pk>/propose/", views.proposal_edit_card, name="proposal-edit-card"),
    path("cards/<int:pk>/history/", views.card_history_page, name="card-history"),
]

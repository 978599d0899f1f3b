"""Card proposal pages."""

from django.urls import path

from cardcollections.proposals import views

urlpatterns = [
    path("proposals/", views.proposal_list, name="proposal-list"),
    path("proposals/review/", views.proposal_queue, name="proposal-queue"),
    path("proposals/bulk/", views.proposal_bulk, name="proposal-bulk"),
    path("proposals/new/<slug:slug>/", views.proposal_new, name="proposal-new"),
    path("proposals/<int:pk>/", views.proposal_detail, name="proposal-detail"),
    path("proposals/<int:pk>/revise/", views.proposal_revise_page, name="proposal-revise"),
    path("proposals/<int:pk>/review/", views.proposal_review, name="proposal-review"),
    path("cards/<int:pk>/propose/", views.proposal_edit_card, name="proposal-edit-card"),
    path("cards/<int:pk>/history/", views.card_history_page, name="card-history"),
]

"""Card proposal API routes under /api/v1/: proposals, review, bulk files, and a card's history."""

from django.urls import path

from cardcollections.proposals.api import views

urlpatterns = [
    path("proposals/", views.ProposalList.as_view(), name="api-proposals"),
    path("proposals/review/", views.ReviewQueue.as_view(), name="api-proposal-review"),
    path("proposals/bulk/", views.ProposalBulk.as_view(), name="api-proposal-bulk"),
    path("proposals/<int:pk>/", views.ProposalDetail.as_view(), name="api-proposal"),
    path("proposals/<int:pk>/scan/", views.ProposalScan.as_view(), name="api-proposal-scan"),
    path("proposals/<int:pk>/approve/", views.ProposalApprove.as_view(), name="api-proposal-approve"),
    path("proposals/<int:pk>/reject/", views.ProposalReject.as_view(), name="api-proposal-reject"),
    path("proposals/<int:pk>/ask-changes/", views.ProposalAskChanges.as_view(), name="api-proposal-ask-changes"),
    path("cards/<int:pk>/history/", views.CardHistory.as_view(), name="api-card-history"),
]

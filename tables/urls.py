"""The tables' pages (docs/tables.md)."""

from django.urls import path

from tables import views

urlpatterns = [
    path("tables/", views.LobbyPage.as_view(), name="tables"),
    path("tables/<uuid:table_id>/", views.TablePage.as_view(), name="table"),
    path("tables/<uuid:table_id>/board/", views.BoardPartial.as_view(), name="table-board"),
    path("tables/<uuid:table_id>/qr.svg", views.QrCode.as_view(), name="table-qr"),
    path("tables/<uuid:table_id>/join/", views.JoinTable.as_view(), name="table-join"),
    path("tables/<uuid:table_id>/leave/", views.LeaveTable.as_view(), name="table-leave"),
    path("tables/<uuid:table_id>/remove-guest/", views.RemoveGuest.as_view(), name="table-remove-guest"),
    path("tables/<uuid:table_id>/move/", views.MoveForm.as_view(), name="table-move"),
    path("tables/<uuid:table_id>/takeback/", views.TakebackForm.as_view(), name="table-takeback"),
    path("tables/<uuid:table_id>/claim-away/", views.ClaimAwayForm.as_view(), name="table-claim-away"),
    path("tables/<uuid:table_id>/rematch/", views.RematchForm.as_view(), name="table-rematch"),
    path("tables/<uuid:table_id>/replay/", views.ReplayPage.as_view(), name="table-replay"),
    path("tables/<uuid:table_id>/replay-consent/", views.ReplayConsent.as_view(), name="table-replay-consent"),
    path("tables/matches/<int:match_id>/", views.MatchTablePage.as_view(), name="table-match"),
    path("tables/<uuid:table_id>/sign/", views.SignVerse.as_view(), name="table-sign"),
]

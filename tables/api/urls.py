"""The tables API's routes, under /api/v1/ (docs/tables.md)."""

from django.urls import path

from tables.api.views import AllowReplayApi
from tables.api.views import ClaimAwayApi
from tables.api.views import JoinApi
from tables.api.views import MatchTablesApi
from tables.api.views import MovesApi
from tables.api.views import RematchApi
from tables.api.views import ReplayApi
from tables.api.views import ResignApi
from tables.api.views import SignApi
from tables.api.views import TableApi
from tables.api.views import TablesApi
from tables.api.views import TakebackAnswerApi
from tables.api.views import TakebackApi

urlpatterns = [
    path("tables/", TablesApi.as_view(), name="api-tables"),
    path("tables/<uuid:table_id>/", TableApi.as_view(), name="api-table"),
    path("tables/<uuid:table_id>/join/", JoinApi.as_view(), name="api-table-join"),
    path("tables/<uuid:table_id>/moves/", MovesApi.as_view(), name="api-table-moves"),
    path("tables/<uuid:table_id>/resign/", ResignApi.as_view(), name="api-table-resign"),
    path("tables/<uuid:table_id>/takeback/", TakebackApi.as_view(), name="api-table-takeback"),
    path("tables/<uuid:table_id>/takeback/answer/", TakebackAnswerApi.as_view(), name="api-table-takeback-answer"),
    path("tables/<uuid:table_id>/claim-away/", ClaimAwayApi.as_view(), name="api-table-claim-away"),
    path("tables/<uuid:table_id>/rematch/", RematchApi.as_view(), name="api-table-rematch"),
    path("tables/<uuid:table_id>/replay/", ReplayApi.as_view(), name="api-table-replay"),
    path("tables/<uuid:table_id>/allow-replay/", AllowReplayApi.as_view(), name="api-table-allow-replay"),
    path("tables/matches/<int:match_id>/", MatchTablesApi.as_view(), name="api-table-match"),
    path("tables/<uuid:table_id>/sign/", SignApi.as_view(), name="api-table-sign"),
]

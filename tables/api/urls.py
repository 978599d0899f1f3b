"""The tables API's routes, under /api/v1/ (docs/tables.md)."""

from django.urls import path

from tables.api.views import JoinApi
from tables.api.views import MovesApi
from tables.api.views import ResignApi
from tables.api.views import SignApi
from tables.api.views import TableApi
from tables.api.views import TablesApi

urlpatterns = [
    path("tables/", TablesApi.as_view(), name="api-tables"),
    path("tables/<uuid:table_id>/", TableApi.as_view(), name="api-table"),
    path("tables/<uuid:table_id>/join/", JoinApi.as_view(), name="api-table-join"),
    path("tables/<uuid:table_id>/moves/", MovesApi.as_view(), name="api-table-moves"),
    path("tables/<uuid:table_id>/resign/", ResignApi.as_view(), name="api-table-resign"),
    path("tables/<uuid:table_id>/sign/", SignApi.as_view(), name="api-table-sign"),
]

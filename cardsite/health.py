"""GET /api/v1/health/: the process answers (and the trivial-endpoint baseline of bench/)."""

from drf_spectacular.utils import extend_schema
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api.reading import NoFields
from cardsite.api.reading import reads_query


class Health(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(responses=inline_serializer("Health", {"status": serializers.CharField()}))
    @reads_query(NoFields)
    def get(self, request):
        return Response({"status": "ok"})

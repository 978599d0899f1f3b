"""The tables' WebSocket routes (cardsite/asgi.py names this module)."""

from django.urls import path

from tables.consumers import TableConsumer

websocket_urlpatterns = [path("ws/tables/<uuid:table_id>/", TableConsumer.as_asgi())]

"""The rules engine: pure Python (numpy allowed), never Django.

Card data comes in as plain data classes; the web process and the Celery
workers call the same functions.
"""

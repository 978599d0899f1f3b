"""Print jobs' pages (a deck's or a catalog set's sheet drawn by a worker)."""

from django.urls import path

from cardcollections.printing import views

urlpatterns = [
    path("print-jobs/<uuid:job_id>/", views.print_job_page, name="print-job"),
    path("print-jobs/<uuid:job_id>/sheet.pdf", views.print_job_pdf, name="print-job-pdf"),
]

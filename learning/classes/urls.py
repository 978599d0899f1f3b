"""Classes' pages (docs/learning.md, "Classes")."""

from django.urls import path

from learning.classes import views

urlpatterns = [
    path("learn/classes/", views.classes_home, name="learn-classes"),
    path("learn/classes/new/", views.NewClassPage.as_view(), name="learn-class-new"),
    path("learn/classes/<int:pk>/", views.class_page, name="learn-class"),
    path("learn/classes/<int:pk>/remove/", views.class_remove_student, name="learn-class-remove"),
    path("learn/classes/<int:pk>/close/", views.class_close_page, name="learn-class-close"),
    path("learn/classes/<int:pk>/leave/", views.class_leave_page, name="learn-class-leave"),
    path("learn/join/", views.JoinPage.as_view(), name="learn-join"),
]

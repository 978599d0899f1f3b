"""Classes' reads: a teacher's classes and their students' progress on the class's verses only, and the classes a
student is in. A teacher sees nothing else of a student: no other verse, no review's answer."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count
from django.db.models import Max
from django.db.models import Q
from django.db.models import QuerySet

from learning.classes.models import ClassMember
from learning.classes.models import LearningClass
from learning.models import FsrsState
from learning.models import LearnedVerse
from learning.models import Review


def classes_taught(*, user: User) -> QuerySet[LearningClass]:
    return LearningClass.objects.filter(teacher_id=user.pk).annotate(
        students=Count("members", distinct=True), verse_count=Count("verses", distinct=True)
    )


def classes_joined(*, user: User) -> QuerySet[ClassMember]:
    return ClassMember.objects.filter(user_id=user.pk).select_related("klass", "klass__teacher")


def class_taught(*, user: User, pk: int) -> LearningClass | None:
    """The class if `user` teaches it, else None (a student's or a stranger's look is the 404 page)."""
    return LearningClass.objects.filter(pk=pk, teacher_id=user.pk).first()


@dataclass(frozen=True)
class StudentProgress:
    member: ClassMember
    learning: int  # the class's verses the student learns now
    known: int  # of those, in FSRS's review state
    reviews: int  # reviews of the class's verses
    last_review: datetime | None


def class_progress(*, klass: LearningClass) -> list[StudentProgress]:
    """Each student's progress on the class's verses (three queries, whatever the class's size)."""
    members = list(klass.members.all())
    keys = klass.verses.values("verse_key")
    users = [m.user_id for m in members]
    verses = (
        LearnedVerse.objects.filter(user_id__in=users, verse_key__in=keys)
        .values("user_id")
        .annotate(n=Count("id"), known=Count("id", filter=Q(state=FsrsState.REVIEW)))
    )
    reviews = (
        Review.objects.filter(user_id__in=users, verse__verse_key__in=keys)
        .values("user_id")
        .annotate(n=Count("id"), last=Max("reviewed"))
    )
    by_verse: dict[int, dict[str, Any]] = {row["user_id"]: dict(row) for row in verses}
    by_review: dict[int, dict[str, Any]] = {row["user_id"]: dict(row) for row in reviews}
    none: dict[str, Any] = {}
    return [
        StudentProgress(
            member=m,
            learning=by_verse.get(m.user_id, none).get("n", 0),
            known=by_verse.get(m.user_id, none).get("known", 0),
            reviews=by_review.get(m.user_id, none).get("n", 0),
            last_review=by_review.get(m.user_id, none).get("last"),
        )
        for m in members
    ]

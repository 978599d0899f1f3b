"""Classes' writes (docs/learning.md, "Classes"): a teacher makes a class of verses, students join it by its code
(signed in, or as a guest with a first name), and the teacher removes a student or closes the class.

A student who joins learns the class's verses as their own (`learning.services.verses_add_cards`): their drills,
schedule and reviews are the same as any player's. A guest is an account made for them, with no email and no
password; removing them or closing the class deletes it and everything of theirs.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError
from django.db import transaction
from django.utils import timezone

from cardcollections.accounts.guests import guest_account_create
from cardcollections.accounts.guests import normal_code
from cardcollections.accounts.guests import readable_code
from cardcollections.models import Card
from cardsite.api.errors import CONFLICT
from cardsite.api.errors import NOT_FOUND
from cardsite.api.errors import ServiceError
from learning.classes.models import MAX_CLASS_NAME
from learning.classes.models import MAX_CLASS_VERSES
from learning.classes.models import MAX_CLASSES_PER_TEACHER
from learning.classes.models import MAX_GUEST_NAME
from learning.classes.models import MAX_MEMBERS
from learning.classes.models import ClassMember
from learning.classes.models import ClassVerse
from learning.classes.models import LearningClass
from learning.services import verses_add_cards
from rules.learning import verse_key

CODE_LENGTH = 8  # 28^8 ≈ 3.8e11 codes (cardcollections.accounts.guests.CODE_ALPHABET), said aloud in a room


class ClassError(ServiceError):
    """A class request the service refuses: a bad name or code (400 naming the field), a class not the caller's
    (404), a closed or full class (409)."""


def _clean_name(name: str, *, field: str, limit: int) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise ClassError("Give a name.", field=field)
    if len(cleaned) > limit:
        raise ClassError(f"At most {limit} characters.", field=field)
    return cleaned


def class_create(
    *, teacher: User, name: str, cards: Iterable[Card], allow_guests: bool = True, now: datetime | None = None
) -> LearningClass:
    """A new class of the verses `cards` print (one per verse, the first card printing it)."""
    name = _clean_name(name, field="name", limit=MAX_CLASS_NAME)
    verses: dict[str, Card] = {}
    for card in cards:
        if card.scripture and card.reference:
            verses.setdefault(verse_key(card.scripture, card.reference), card)
    if not verses:
        raise ClassError("Those cards print no verse: choose a deck or a set with verses.", field="verses")
    if len(verses) > MAX_CLASS_VERSES:
        raise ClassError(f"A class learns at most {MAX_CLASS_VERSES} verses.", field="verses")
    with transaction.atomic():
        # The teacher's row, locked: two forms posted at once cannot both pass the cap.
        User.objects.select_for_update().filter(pk=teacher.pk).first()
        if LearningClass.objects.filter(teacher=teacher, closed__isnull=True).count() >= MAX_CLASSES_PER_TEACHER:
            raise ClassError(f"You have {MAX_CLASSES_PER_TEACHER} open classes: close one first.", field="name")
        for _ in range(5):
            try:
                with transaction.atomic():
                    klass = LearningClass.objects.create(
                        teacher=teacher,
                        name=name,
                        join_code=readable_code(CODE_LENGTH),
                        allow_guests=allow_guests,
                        created=now or timezone.now(),
                    )
                break
            except IntegrityError:  # the code was taken: draw another
                continue
        else:  # pragma: no cover - five clashes in 3.8e11 codes
            raise ClassError("No join code could be drawn; try again.", kind=CONFLICT)
        ClassVerse.objects.bulk_create(ClassVerse(klass=klass, card=card, verse_key=k) for k, card in verses.items())
    return klass


def class_open_by_code(code: str) -> LearningClass:
    """The open class whose join code this is (as typed), or a refusal that does not say whether one exists."""
    klass = LearningClass.objects.filter(join_code=normal_code(code)).select_related("teacher").first()
    if klass is None or klass.closed is not None:
        raise ClassError("No open class has that code. Check it with your teacher.", field="code")
    return klass


def _class_cards(klass: LearningClass) -> list[Card]:
    return [v.card for v in klass.verses.select_related("card")]


def _locked_open(klass: LearningClass) -> LearningClass:
    locked = LearningClass.objects.select_for_update().get(pk=klass.pk)
    if locked.closed is not None:
        raise ClassError("This class is closed.", kind=CONFLICT)
    return locked


def class_join(*, klass: LearningClass, user: User, now: datetime | None = None) -> ClassMember:
    """`user` (signed in) joins the class and learns its verses; joining again changes nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked_open(klass)
        member = ClassMember.objects.filter(klass=locked, user=user).first()
        if member is not None:
            return member
        if locked.teacher_id == user.pk:
            raise ClassError("You teach this class.", field="code")
        if locked.members.count() >= MAX_MEMBERS:
            raise ClassError(f"This class is full ({MAX_MEMBERS} students).", kind=CONFLICT)
        member = ClassMember.objects.create(
            klass=locked, user=user, guest=False, display_name=user.get_username(), joined=now
        )
        verses_add_cards(user=user, cards=_class_cards(locked), now=now)
    return member


def class_join_as_guest(*, klass: LearningClass, first_name: str, now: datetime | None = None) -> ClassMember:
    """A guest joins with a first name only: an account is made for them (no email, no password, a username no one
    chooses) and learns the class's verses. The caller signs the browser in as it."""
    name = _clean_name(first_name, field="first_name", limit=MAX_GUEST_NAME)
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked_open(klass)
        if not locked.allow_guests:
            raise ClassError("This class takes students with an account only: sign in first.", field="first_name")
        if locked.members.count() >= MAX_MEMBERS:
            raise ClassError(f"This class is full ({MAX_MEMBERS} students).", kind=CONFLICT)
        user = guest_account_create(name=name)
        member = ClassMember.objects.create(klass=locked, user=user, guest=True, display_name=name, joined=now)
        verses_add_cards(user=user, cards=_class_cards(locked), now=now)
    return member


def _delete_member(member: ClassMember) -> None:
    if member.guest:
        member.user.delete()  # the guest's account, verses, reviews and membership: nothing of theirs is kept
    else:
        member.delete()  # an account's verses are its own: it keeps learning them


def class_member_remove(*, teacher: User, klass: LearningClass, member_id: int) -> None:
    """The teacher removes one student; a guest is deleted with everything of theirs."""
    if klass.teacher_id != teacher.pk:
        raise ClassError("No such class.", kind=NOT_FOUND)
    with transaction.atomic():
        member = ClassMember.objects.select_related("user").filter(klass=klass, pk=member_id).first()
        if member is None:
            raise ClassError("No such student.", kind=NOT_FOUND)
        _delete_member(member)


def class_leave(*, user: User, klass: LearningClass) -> None:
    """A student leaves; a guest who leaves is deleted (their session is all they had)."""
    with transaction.atomic():
        member = ClassMember.objects.select_related("user").filter(klass=klass, user=user).first()
        if member is None:
            raise ClassError("You are not in this class.", kind=NOT_FOUND)
        _delete_member(member)


def class_close(*, teacher: User, klass: LearningClass, now: datetime | None = None) -> int:
    """Close the class: it takes no one, every guest is deleted with everything of theirs, and students with an
    account leave it (keeping their own verses). How many students it had."""
    if klass.teacher_id != teacher.pk:
        raise ClassError("No such class.", kind=NOT_FOUND)
    with transaction.atomic():
        locked = LearningClass.objects.select_for_update().get(pk=klass.pk)
        members = list(ClassMember.objects.select_related("user").filter(klass=locked))
        guests = [m.user_id for m in members if m.guest]
        ClassMember.objects.filter(klass=locked).delete()
        User.objects.filter(pk__in=guests).delete()
        locked.closed = now or timezone.now()
        locked.save(update_fields=["closed"])
    klass.closed = locked.closed
    return len(members)

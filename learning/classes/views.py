"""Classes' pages (docs/learning.md, "Classes"): a teacher's classes, a new class, a class with its code, its QR and
its students' progress; joining by code (signed in, or as a guest with a first name); leaving.

Another teacher's class, or a class looked at by its student, is the 404 page. Posts count against the write limit
(anonymous joins too, by address), and a class holds at most MAX_MEMBERS students.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import HttpResponseBase
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from cardcollections.models import CardSet
from cardsite.page_writes import CountedPostView
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import page_refusal
from cardsite.page_writes import signed_in_post
from decks.lists.lookups import deck_owned_or_404
from learning.classes.forms import ClassForm
from learning.classes.forms import JoinForm
from learning.classes.models import MAX_MEMBERS
from learning.classes.models import LearningClass
from learning.classes.selectors import class_progress
from learning.classes.selectors import class_taught
from learning.classes.selectors import classes_joined
from learning.classes.selectors import classes_taught
from learning.classes.services import ClassError
from learning.classes.services import class_close
from learning.classes.services import class_create
from learning.classes.services import class_join
from learning.classes.services import class_join_as_guest
from learning.classes.services import class_leave
from learning.classes.services import class_member_remove
from learning.classes.services import class_open_by_code
from learning.selectors import deck_verse_cards
from learning.selectors import decks_to_learn
from learning.selectors import sets_with_verses
from learning.selectors import verse_cards
from rules.numbers import ID_MAX

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _taught_or_404(request: SignedInHttpRequest, pk: int) -> LearningClass:
    klass = class_taught(user=request.user, pk=pk) if pk <= ID_MAX else None
    if klass is None:
        raise Http404("No such class.")
    return klass


@login_required
@require_GET
def classes_home(request: SignedInHttpRequest) -> HttpResponse:
    context = {"taught": classes_taught(user=request.user), "joined": classes_joined(user=request.user)}
    return render(request, "learning/classes/home.html", context)


@method_decorator(login_required, name="dispatch")
class NewClassPage(CountedPostView):
    def _form(self, request: SignedInHttpRequest, data: Any = None) -> ClassForm:
        decks = [(str(d.pk), f"{d.name} ({d.game.name})") for d in decks_to_learn(user=request.user)]
        sets = [(str(s.pk), f"{s.game.name}: {s.name} ({count})") for s, count in sets_with_verses()]
        return ClassForm(data, decks=decks, sets=sets)

    def get(self, request: SignedInHttpRequest) -> HttpResponse:
        return render(request, "learning/classes/new.html", {"form": self._form(request)})

    def post(self, request: SignedInHttpRequest) -> HttpResponse:
        form = self._form(request, request.POST)
        if not form.is_valid():
            return render(request, "learning/classes/new.html", {"form": form}, status=400)
        data = form.cleaned_data
        if data["deck"]:
            deck = deck_owned_or_404(user=request.user, pk=data["deck"])
            cards = list(deck_verse_cards(deck=deck))
        else:
            cards = list(verse_cards().filter(card_set=CardSet.objects.get(pk=data["card_set"])).order_by("id"))
        try:
            klass = class_create(
                teacher=request.user, name=data["name"], cards=cards, allow_guests=data["allow_guests"]
            )
        except ClassError as exc:
            form.add_error(None, exc.message)
            return render(request, "learning/classes/new.html", {"form": form}, status=exc.status_code)
        messages.success(request, f"“{klass.name}” is ready: give your students its code.")
        return redirect("learn-class", pk=klass.pk)


def _qr_svg(url: str) -> str:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, xmldecl=False, svgns=True, title="Join code as a QR code")
    return out.getvalue().decode()


@login_required
@require_GET
def class_page(request: SignedInHttpRequest, pk: int) -> HttpResponse:
    klass = _taught_or_404(request, pk)
    join_url = request.build_absolute_uri(reverse("learn-join")) + f"?code={klass.join_code}"
    context = {
        "klass": klass,
        "progress": class_progress(klass=klass),
        "verses": klass.verses.select_related("card"),
        "join_url": join_url,
        # segno's own SVG of the site's own address: no user text in it
        "qr": mark_safe(_qr_svg(join_url)) if klass.closed is None else "",
        "max_members": MAX_MEMBERS,
    }
    return render(request, "learning/classes/class.html", context)


@signed_in_post
def class_remove_student(request: SignedInHttpRequest, pk: int) -> HttpResponseBase:
    klass = _taught_or_404(request, pk)
    member = request.POST.get("member", "")
    try:
        class_member_remove(teacher=request.user, klass=klass, member_id=int(member) if member.isdigit() else 0)
    except ClassError as exc:
        page_refusal(request, exc)
    else:
        messages.success(request, "The student is removed.")
    return redirect("learn-class", pk=klass.pk)


@signed_in_post
def class_close_page(request: SignedInHttpRequest, pk: int) -> HttpResponseBase:
    klass = _taught_or_404(request, pk)
    if klass.closed is None:
        students = class_close(teacher=request.user, klass=klass)
        messages.success(
            request,
            f"“{klass.name}” is closed: its {students} student{'s' if students != 1 else ''} left it and every guest's data is deleted.",
        )
    return redirect("learn-class", pk=klass.pk)


@signed_in_post
def class_leave_page(request: SignedInHttpRequest, pk: int) -> HttpResponseBase:
    klass = LearningClass.objects.filter(pk=pk).first() if pk <= ID_MAX else None
    if klass is None:
        raise Http404("No such class.")
    try:
        class_leave(user=request.user, klass=klass)
    except ClassError as exc:
        page_refusal(request, exc)
    messages.success(request, f"You left “{klass.name}”.")
    return redirect("learn-home" if request.user.is_authenticated else "home")


class JoinPage(CountedPostView):
    """Join a class by its code: signed in, the class's verses become yours to learn; not signed in, a first name
    makes you a guest of this class (where the teacher allows it), signed in on this browser only."""

    def get(self, request: HttpRequest) -> HttpResponse:
        form = JoinForm(initial={"code": request.GET.get("code", "")[:20]})
        return render(request, "learning/classes/join.html", {"form": form})

    def post(self, request: HttpRequest) -> HttpResponse:
        form = JoinForm(request.POST)
        if not form.is_valid():
            return render(request, "learning/classes/join.html", {"form": form}, status=400)
        data = form.cleaned_data
        try:
            klass = class_open_by_code(data["code"])
            if request.user.is_authenticated:
                class_join(klass=klass, user=request.user)
            else:
                member = class_join_as_guest(klass=klass, first_name=data["first_name"])
                login(request, member.user, backend=MODEL_BACKEND)
        except ClassError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
            return render(request, "learning/classes/join.html", {"form": form}, status=exc.status_code)
        messages.success(request, f"Welcome to “{klass.name}”: its verses are yours to learn.")
        return redirect("learn-drill")

"""Learning pages: /learn/ (due, goal, statistics), choosing verses, and the drill, one verse at a time.

Server-rendered forms that work without a script, phone first. Posts that write are counted by the write limit
(cardsite.page_writes); a verse that is not the player's is the 404 page.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.views.decorators.http import require_GET

from cardcollections.models import CardSet
from cardsite.page_writes import CountedPostView
from cardsite.page_writes import SignedInHttpRequest
from cardsite.page_writes import page_refusal
from cardsite.page_writes import signed_in_post
from decks.lists.lookups import deck_owned_or_404
from learning.forms import AddVersesForm
from learning.forms import DrillAnswerForm
from learning.forms import GoalForm
from learning.lookups import verse_owned_or_404
from learning.models import LearnedVerse
from learning.selectors import deck_quote_recall
from learning.selectors import decks_to_learn
from learning.selectors import learning_stats
from learning.selectors import mastery_by_set
from learning.selectors import next_due
from learning.selectors import owned_verse_cards
from learning.selectors import sets_with_verses
from learning.selectors import verse_blank_count
from learning.selectors import verses_due
from learning.services import LearningError
from learning.services import drill_answer
from learning.services import goal_set
from learning.services import verses_add_from_collection
from learning.services import verses_add_from_deck
from learning.services import verses_add_from_set
from rules.learning import BLANKS
from rules.learning import DRILL_KINDS
from rules.learning import FIRST_LETTERS
from rules.learning import GRADE_NAMES
from rules.learning import SELF_GRADED
from rules.learning import TAP_ORDER
from rules.learning import Grade
from rules.learning import blank_positions
from rules.learning import choose_kind
from rules.learning import first_letters
from rules.learning import reference_readable
from rules.learning import scrambled_words
from rules.learning import with_blanks

UPCOMING = 20
# The game whose verses carry a Quote effect (docs/learning.md, "What you know plays").
QUOTE_GAME = "chapter-and-verse"
GRADE_BY_NAME = {name: grade for grade, name in GRADE_NAMES.items()}


def _day_start(now: datetime) -> datetime:
    """Midnight of the player's day, in their own time zone (cardsite.timezones)."""
    return timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)


@login_required
@require_GET
def learn_home(request: SignedInHttpRequest) -> HttpResponse:
    now = timezone.now()
    stats = learning_stats(user=request.user, now=now, day_start=_day_start(now))
    context = {
        "stats": stats,
        "upcoming": list(verses_due(user=request.user, now=now, limit=UPCOMING)),
        "next_due": next_due(user=request.user, now=now) if not stats.due else None,
        "goal_form": GoalForm(initial={"daily_reviews": stats.goal}),
        "mastery": mastery_by_set(user=request.user),
        "quote_decks": list(decks_to_learn(user=request.user, game_slug=QUOTE_GAME)),
    }
    return render(request, "learning/home.html", context)


@signed_in_post
def learn_goal(request: SignedInHttpRequest) -> HttpResponse:
    form = GoalForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(e) for e in errors))
        return redirect("learn-home")
    goal_set(user=request.user, daily_reviews=form.cleaned_data["daily_reviews"])
    messages.success(request, f"Your goal: {form.cleaned_data['daily_reviews']} reviews a day.")
    return redirect("learn-home")


@method_decorator(login_required, name="dispatch")
class AddVersesPage(CountedPostView):
    """Choose verses to learn: a deck of yours (`?deck=<id>` from the deck's page) or a catalog set."""

    def _form(self, request: SignedInHttpRequest, data: Any = None) -> AddVersesForm:
        decks = [(str(d.pk), f"{d.name} ({d.game.name})") for d in decks_to_learn(user=request.user)]
        sets = [(str(s.pk), f"{s.game.name}: {s.name} ({count})") for s, count in sets_with_verses()]
        initial = {"deck": request.GET.get("deck", "")}
        owned = owned_verse_cards(user=request.user).count()
        return AddVersesForm(data, decks=decks, sets=sets, owned=owned, initial=initial)

    def get(self, request: SignedInHttpRequest) -> HttpResponse:
        return render(request, "learning/add.html", {"form": self._form(request)})

    def post(self, request: SignedInHttpRequest) -> HttpResponse:
        form = self._form(request, request.POST)
        if not form.is_valid():
            return render(request, "learning/add.html", {"form": form}, status=400)
        if form.cleaned_data["deck"]:
            deck = deck_owned_or_404(user=request.user, pk=form.cleaned_data["deck"])
            added = verses_add_from_deck(user=request.user, deck=deck)
            source = f"“{deck.name}”"
        elif form.cleaned_data["collection"]:
            added = verses_add_from_collection(user=request.user)
            source = "your collection"
        else:
            card_set = CardSet.objects.get(pk=form.cleaned_data["card_set"])
            added = verses_add_from_set(user=request.user, card_set=card_set)
            source = f"“{card_set.name}”"
        messages.success(request, f"{added} new verse{'s' if added != 1 else ''} to learn from {source}.")
        return redirect("learn-home")


def _prompt(verse: LearnedVerse, kind: str) -> dict[str, Any]:
    """What a drill shows and the hidden values its answer carries back."""
    card = verse.card
    review_id = uuid.uuid4()
    prompt: dict[str, Any] = {"kind": kind, "kind_name": DRILL_KINDS[kind], "uuid": review_id}
    if kind == TAP_ORDER:
        prompt["words"] = scrambled_words(card.scripture, review_id.int)
    elif kind == FIRST_LETTERS:
        prompt["letters"] = first_letters(card.scripture)
    elif kind == BLANKS:
        count = verse_blank_count(verse=verse, now=timezone.now())
        positions = blank_positions(card.scripture, count, review_id.int)
        # Each word shown, or the number of the blank that hides it (for the input's name read aloud).
        numbers = iter(range(1, len(positions) + 1))
        prompt["blanked"] = [
            (text, next(numbers) if hidden else None) for text, hidden in with_blanks(card.scripture, positions)
        ]
        prompt["blanks"] = ",".join(map(str, positions))
        prompt["blank_count"] = len(positions)
    return prompt


def _kinds_for(verse: LearnedVerse) -> dict[str, str]:
    if reference_readable(verse.card.reference):
        return DRILL_KINDS
    return {k: v for k, v in DRILL_KINDS.items() if k != "to_reference"}


def _drill_context(request: SignedInHttpRequest, verse: LearnedVerse | None, kind: str | None) -> dict[str, Any]:
    now = timezone.now()
    stats = learning_stats(user=request.user, now=now, day_start=_day_start(now))
    context: dict[str, Any] = {"stats": stats, "verse": verse}
    if verse is None:
        context["next_due"] = next_due(user=request.user, now=now)
        return context
    kinds = _kinds_for(verse)
    if kind not in kinds:
        kind = choose_kind(reviews=verse.reviews, stability=verse.stability, reference_ok="to_reference" in kinds)
    context.update({"prompt": _prompt(verse, kind), "kinds": kinds, "grades": list(GRADE_NAMES.values())})
    return context


@method_decorator(login_required, name="dispatch")
class DrillPage(CountedPostView):
    """GET: the next due verse (or `?verse=<id>`, one of yours, due or not) in a drill (`?kind=`, else one chosen by
    how well the verse is known). POST: the answer, judged, the review recorded, and what differed shown."""

    def get(self, request: SignedInHttpRequest) -> HttpResponse:
        asked = request.GET.get("verse")
        if asked:
            verse: LearnedVerse | None = verse_owned_or_404(user=request.user, pk=asked)
        else:
            verse = next(iter(verses_due(user=request.user, now=timezone.now(), limit=1)), None)
        context = _drill_context(request, verse, request.GET.get("kind"))
        return render(request, "learning/drill.html", context)

    def post(self, request: SignedInHttpRequest) -> HttpResponse:
        form = DrillAnswerForm(request.POST)
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            return HttpResponse(f"{field}: {' '.join(str(e) for e in errors)}", status=400, content_type="text/plain")
        data = form.cleaned_data
        verse = verse_owned_or_404(user=request.user, pk=data["verse"])
        try:
            result = drill_answer(
                user=request.user,
                verse=verse,
                kind=data["kind"],
                uuid=data["uuid"],
                answer=data["answer"],
                blanks=form.blank_positions(),
                typed_blanks=request.POST.getlist("blank"),
                grade=GRADE_BY_NAME.get(data["grade"]) if data["kind"] in SELF_GRADED else None,
            )
        except LearningError as exc:
            status = page_refusal(request, exc)
            context = _drill_context(request, verse, data["kind"])
            return render(request, "learning/drill.html", context, status=status)
        verse.refresh_from_db()
        now = timezone.now()
        context = {
            "verse": verse,
            "result": result,
            "grade_name": Grade(result.grade).name.title(),
            "answer": data["answer"],
            "kind_name": DRILL_KINDS[data["kind"]],
            "stats": learning_stats(user=request.user, now=now, day_start=_day_start(now)),
        }
        return render(request, "learning/drill.html", context)


@login_required
@require_GET
def deck_recall_page(request: SignedInHttpRequest, deck_id: str) -> HttpResponse:
    """What you know plays: the player's measured recall of one of their decks' Quote verses, offered as the quote
    rate of its goldfish runs and as the computer's quoting when it plays the deck. The goldfish and play pages
    (decks, play) cannot import learning, so the figure goes to them in the link (docs/learning.md)."""
    deck = deck_owned_or_404(user=request.user, pk=deck_id)
    recall = deck_quote_recall(user=request.user, deck=deck, now=timezone.now())
    links = {}
    if recall.rate is not None and deck.game.slug == QUOTE_GAME:
        links = {
            "goldfish": f"{reverse('deck-goldfish')}?{urlencode({'deck': deck.pk, 'quote_rate': recall.rate})}",
            "play": f"{reverse('play-home')}?"
            + urlencode({"game": QUOTE_GAME, "deck": deck.pk, "computer_recall": recall.rate}),
        }
    return render(request, "learning/deck.html", {"deck": deck, "recall": recall, "links": links})

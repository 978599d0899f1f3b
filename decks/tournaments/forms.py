"""Forms of the tournament pages: settings, top cut, drops, and results as buttons ("2-1-0").

A result travels as "a-b-d": games won by the first and the second player and drawn games.
From the organiser's console it is in the match's order; from a player (the player's page, the
organiser too when they play the match) it is from their own side ("won 2-1" is "2-1-0"
whichever seat they have), turned into the match's order here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django import forms

from decks.models import Event
from decks.models import Match
from decks.models import Round
from decks.models import RoundKind

RESULTS = {1: ["1-0-0", "0-0-1", "0-1-0"], 3: ["2-0-0", "2-1-0", "1-0-1", "1-1-1", "0-1-1", "1-2-0", "0-2-0"]}
DASH = "\N{EN DASH}"
_RESULT = re.compile(r"[0-9]-[0-9]-[0-9]", re.ASCII)


def _parse(value: str) -> tuple[int, int, int]:
    a, b, d = (int(x) for x in value.split("-"))
    return a, b, d


def result_label(value: str) -> str:
    """From the first player's side: "Won 2-1", "Lost 0-2", "Drew 1-1-1" (with en dashes, as printed), to read
    after "I" or "you"."""
    a, b, d = _parse(value)
    games = DASH.join(str(n) for n in ((a, b, d) if d else (a, b)))
    return f"{'Won' if a > b else 'Lost' if a < b else 'Drew'} {games}"


def _flip(value: str) -> str:
    a, b, d = _parse(value)
    return f"{b}-{a}-{d}"


class TopCutForm(forms.Form):
    size = forms.TypedChoiceField(choices=[(2, "top 2"), (4, "top 4"), (8, "top 8")], coerce=int)


class DropForm(forms.Form):
    player = forms.CharField(max_length=150, required=False)


@dataclass(frozen=True)
class PlayerView:
    """One player's side of their match: the opponent, the reports, the result buttons."""

    match: Match
    side: int
    choices: list[tuple[str, str]]

    @property
    def opponent(self) -> Any:
        other = self.match.player_b if self.side == 0 else self.match.player_a
        return other.user if other is not None else None

    def _mine(self, report: dict[str, Any] | None) -> str | None:
        if report is None:
            return None
        value = f"{report['wins'][0]}-{report['wins'][1]}-{report['draws']}"
        return value if self.side == 0 else _flip(value)

    @property
    def my_report(self) -> str | None:
        return self._mine(self.match.report_a if self.side == 0 else self.match.report_b)

    @property
    def their_report(self) -> str | None:
        return self._mine(self.match.report_b if self.side == 0 else self.match.report_a)

    @property
    def their_report_label(self) -> str:
        return result_label(self.their_report) if self.their_report else ""

    def pick(self, value: str | None) -> tuple[str, str] | None:
        return next((c for c in self.choices if c[0] == value), None)


class ResultForm(forms.Form):
    result = forms.RegexField(regex=_RESULT, max_length=5)

    @staticmethod
    def choices_for(event: Event, round_: Round | None) -> list[tuple[str, str]]:
        top_cut = round_ is not None and round_.kind == RoundKind.TOP_CUT
        values = RESULTS[event.games_per_match]
        return [(v, result_label(v)) for v in values if not (top_cut and _parse(v)[0] == _parse(v)[1])]

    @classmethod
    def player_view(cls, event: Event, match: Match, user: Any) -> PlayerView | None:
        side = 0 if match.player_a.user_id == user.pk else 1
        return PlayerView(match=match, side=side, choices=cls.choices_for(event, match.round))

    def in_match_order(self, match: Match | None, user: Any, *, as_player: bool) -> tuple[list[int], int]:
        """The posted result as the service takes it: wins in the match's order, drawn games.

        `as_player`: `user` posted from their own side (the player's page), so a second seat's result is
        turned round; else (the organiser's console) it is in the match's order already. Who organises
        decides nothing here: an organiser playing in their own event reports from their seat too.
        """
        value = self.cleaned_data["result"]
        if as_player and match is not None and match.player_b is not None and match.player_b.user_id == user.pk:
            value = _flip(value)
        a, b, d = _parse(value)
        return [a, b], d


class ClockForm(forms.Form):
    """The console's clock buttons: start (or resume) with the round's length, pause, extend by minutes."""

    action = forms.ChoiceField(choices=[("start", "start"), ("pause", "pause"), ("extend", "extend")])
    minutes = forms.IntegerField(required=False, min_value=1, max_value=240)


class ExtraTimeForm(forms.Form):
    """One table's extra time, in minutes."""

    minutes = forms.IntegerField(min_value=1, max_value=60)

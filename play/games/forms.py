"""The form that starts a game on one screen (the play pages)."""

from __future__ import annotations

from typing import Any

from django import forms

from rules.games import GAMES_BY_SLUG
from rules.numbers import parse_rate
from rules.play.registry import engine_for
from rules.play.registry import playable_games

COMPUTER_RECALLS = [
    ("1.0", "always right"),
    ("0.9", "right 9 times in 10"),
    ("0.7", "right 7 times in 10"),
    ("0.5", "right half the time"),
]


def recall_given(raw: Any) -> str | None:
    """A computer's recall (0 to 1, at most two decimals: rules.numbers.parse_rate) a link brings, written as the
    form's choice ("1" and "1.00" are the fixed "1.0", so no choice shows twice); else None.
    The learning app's deck page sends the player's measured recall of their deck's Quote verses this way, so the
    computer quotes that deck as well as they know it (docs/learning.md, "What you know plays"): play cannot import
    learning, so the figure comes in the link."""
    percent = parse_rate(raw)
    if percent is None:
        return None
    fixed = {parse_rate(value): value for value, _label in COMPUTER_RECALLS}
    return fixed.get(percent, f"{percent / 100:.2f}")


class NewGameForm(forms.Form):
    game = forms.ChoiceField(choices=())
    variant = forms.CharField(required=False, max_length=40, help_text="Empty: the basic game.")
    mode = forms.ChoiceField(
        choices=[("computer", "Me against the computer"), ("hotseat", "People taking turns on this screen")],
        initial="computer",
    )
    players = forms.IntegerField(min_value=2, max_value=6, initial=2, help_text="Seats at the table, you included.")
    names = forms.CharField(
        required=False, max_length=200, help_text="The players' names, separated by commas (optional)."
    )
    wisdom = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=99,
        help_text="Bible Battles: the wisdom that wins (1 to 99; empty: 30).",
    )
    # Collectible games (docs/contracts/deck-format.md): the first seat's deck and the other seats' deck.
    deck = forms.CharField(
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="Collectible games: your deck list, one `COUNT TITLE` a line (empty: the game's starter set).",
    )
    deal = forms.CharField(
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Stacked deal (for teachers)",
        help_text="One line a seat, the cards' titles top first separated by | (empty: a shuffled deal). "
        "In Chapter and Verse the first ones are the blessings.",
    )
    friendly = forms.BooleanField(
        required=False,
        label="Friendly play",
        help_text="Chapter and Verse: an opponent may accept a quote the site judged wrong.",
    )
    computer_recall = forms.TypedChoiceField(
        choices=COMPUTER_RECALLS,
        coerce=float,
        empty_value=None,
        initial="0.9",
        required=False,
        label="The computer's quoting",
        help_text="Chapter and Verse: how often the computer says a verse or a reference right.",
    )
    other_deck = forms.CharField(
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 4}),
        label="Other players' deck",
        help_text="Collectible games: the deck list of every other seat (empty: the game's starter set).",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["game"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [(slug, GAMES_BY_SLUG[slug].name) for slug in playable_games()]
        # A recall brought by a link (the player's own, measured by the learning app) is one more choice.
        sent = self.data.get("computer_recall") if self.is_bound else self.initial.get("computer_recall")
        given = recall_given(sent)
        if self.is_bound and given is not None and given != sent:
            # The same recall written another way ("1.00") is read as the choice it is.
            # items(): each field's one value (a QueryDict unpacked with ** would give its lists).
            self.data = {**dict(self.data.items()), "computer_recall": given}
        if given is not None and given not in dict(COMPUTER_RECALLS):
            recall = self.fields["computer_recall"]
            assert isinstance(recall, forms.ChoiceField)
            recall.choices = [(given, f"as well as I know it ({round(float(given) * 100)} %)"), *COMPUTER_RECALLS]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        engine = engine_for(data.get("game", ""))
        if engine is None:
            return data
        variant = data.get("variant") or ""
        if variant and variant not in engine.variants:
            self.add_error("variant", f"Variants of this game: {', '.join(engine.variants) or 'none'}.")
        if not GAMES_BY_SLUG[data["game"]].collectible:
            for name in ("deck", "other_deck"):
                if data.get(name):
                    self.add_error(name, "This game deals its box: the seats bring no deck.")
        if data.get("wisdom") is not None and data["game"] != "bible-battles":
            self.add_error("wisdom", "Only Bible Battles has a wisdom target.")
        players = data.get("players")
        if players is not None and not engine.min_seats <= players <= engine.max_seats:
            self.add_error("players", f"This game takes {engine.min_seats} to {engine.max_seats} players.")
        return data

    def options(self) -> dict[str, Any]:
        """The game's options from the form: its variant, a teacher's stacked deal, Chapter and Verse's friendly
        play and computer's quoting, Bible Battles' wisdom target."""
        data = self.cleaned_data
        options: dict[str, Any] = {"variant": data["variant"]} if data.get("variant") else {}
        if data.get("wisdom") is not None:
            options["wisdom"] = data["wisdom"]
        if (data.get("deal") or "").strip():
            lines = [line for line in data["deal"].splitlines() if line.strip()]
            options["deal"] = [[t.strip() for t in line.split("|") if t.strip()] for line in lines]
        if data.get("game") == "chapter-and-verse":
            options["friendly"] = bool(data.get("friendly"))
            if data.get("computer_recall") is not None:
                options["computer_recall"] = data["computer_recall"]
        return options

    def seats(self) -> list[dict[str, Any]]:
        data = self.cleaned_data
        names = [n.strip()[:40] for n in (data.get("names") or "").split(",") if n.strip()]
        computer = data["mode"] == "computer"
        seats = []
        for seat in range(data["players"]):
            default = "You" if seat == 0 and computer else (f"Computer {seat}" if computer else f"Player {seat + 1}")
            deck = data.get("deck" if seat == 0 else "other_deck") or ""
            seats.append(
                {
                    "name": names[seat] if seat < len(names) else default,
                    "computer": computer and seat > 0,
                    **({"deck": deck} if deck.strip() else {}),
                }
            )
        return seats

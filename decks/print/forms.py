"""The print-and-play page's options: paper, bleed, backs (the API reads the same through PrintQuery)."""

from __future__ import annotations

from django import forms

from cardcollections.printing.layout import BLEEDS
from cardcollections.printing.layout import PAPERS
from cardcollections.printing.layout import max_bleed
from cardcollections.printing.services import PrintOptions

PAPER_CHOICES = [(slug, f"{p.name} ({p.width:g} x {p.height:g} mm)") for slug, p in PAPERS.items()]
BLEED_CHOICES = [(str(b), "none" if b == 0 else f"{b} mm") for b in BLEEDS]


class PrintForm(forms.Form):
    paper = forms.ChoiceField(choices=PAPER_CHOICES, initial="a4")
    bleed = forms.ChoiceField(
        choices=BLEED_CHOICES,
        initial="0",
        help_text=(
            f"Artwork past the cut, for cutting with a guillotine: at most {max_bleed('a4'):g} mm on A4, "
            f"{max_bleed('letter'):g} mm on Letter (nine cards and their crop marks must fit)."
        ),
    )
    backs = forms.BooleanField(
        required=False,
        label="Backs",
        help_text="A page of backs after each page of fronts, for printing on both sides.",
    )

    def options(self) -> PrintOptions:
        data = self.cleaned_data
        return PrintOptions(paper=data["paper"], bleed=int(data["bleed"]), backs=bool(data["backs"]))

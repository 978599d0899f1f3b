"""The print-and-play page's options: paper, bleed, backs (the API reads the same through PrintQuery); a study
sheet's: paper, lines (StudyQuery)."""

from __future__ import annotations

from django import forms

from cardcollections.printing.layout import BLEEDS
from cardcollections.printing.layout import PAPERS
from cardcollections.printing.layout import max_bleed
from cardcollections.printing.services import PrintOptions
from cardcollections.printing.study import STUDY_LINES

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


class StudySheetForm(forms.Form):
    # Either left out is its default, so a bare link to the PDF downloads it (as the API's defaults).
    paper = forms.ChoiceField(choices=PAPER_CHOICES, initial="a4", required=False)
    lines = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in STUDY_LINES],
        coerce=int,
        empty_value=None,
        required=False,
        initial="2",
        label="Lines to write on",
        help_text="Blank ruled lines under each verse, to write it from memory.",
    )

    def clean_paper(self) -> str:
        return self.cleaned_data["paper"] or "a4"

    def clean_lines(self) -> int:
        lines = self.cleaned_data["lines"]
        return 2 if lines is None else int(lines)

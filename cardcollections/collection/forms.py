"""Forms of the collection pages: importing a file, the wishlist, and who may see the collection."""

from typing import Any

from confusable_homoglyphs import confusables
from django import forms
from django.contrib.auth.forms import UserCreationForm

from cardcollections.collection.selectors import username_looking_like
from cardcollections.models import ImportJob
from cardcollections.models import Visibility
from cardsite.api.numbers import StrictIntegerFormField
from rules.numbers import ID_MAX
from rules.text import storable


class CollectionImportForm(forms.Form):
    format = forms.ChoiceField(choices=ImportJob.Format.choices, initial=ImportJob.Format.CSV)
    mode = forms.ChoiceField(
        choices=ImportJob.Mode.choices, initial=ImportJob.Mode.ADD, widget=forms.RadioSelect, label="Import"
    )
    file = forms.FileField(required=False, help_text="a .csv or .txt file (or paste below)")
    text = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}), label="Or paste it here"
    )
    confirm_empty = forms.BooleanField(
        required=False, label="Replacing with a file of no cards: yes, empty my collection of this game"
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload:
            if upload.size > 20 * 1024 * 1024:
                raise forms.ValidationError("The file is larger than 20 MB.")
            try:
                cleaned["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError("The file is not UTF-8 text.") from exc
            if not storable(cleaned["text"]):
                # Pasted text gets this from its CharField; a NUL stored with the job was a 500 on PostgreSQL.
                raise forms.ValidationError("The file contains a NUL byte: it is not a text file.")
        if not (cleaned.get("text") or "").strip():
            raise forms.ValidationError("Choose a file or paste its text.")
        return cleaned


class WishlistForm(forms.Form):
    title = forms.CharField(max_length=200, label="Card title")
    wanted = StrictIntegerFormField(name="wanted", min_value=1, max_value=999, initial=1, label="Copies wanted")


class WishlistRemoveForm(forms.Form):
    """A wish's Remove button: the wish's id."""

    remove = StrictIntegerFormField(name="remove", min_value=1, max_value=ID_MAX)


class VisibilityForm(forms.Form):
    visibility = forms.ChoiceField(choices=Visibility.choices, widget=forms.RadioSelect)


class EmailForm(forms.Form):
    """The account's email address, for password resets; optional (blank removes it). The password is asked
    for: whoever sets the address can reset the password, so a borrowed session must not change it alone."""

    email = forms.EmailField(required=False, max_length=254, label="Email address")
    password = forms.CharField(
        label="Your password", strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "current-password"})
    )

    def __init__(self, *args: Any, user: Any = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if self.user is None or not self.user.check_password(password):
            raise forms.ValidationError("That is not your password.")
        return password


class SignupForm(UserCreationForm):
    """Django's sign-up form, with names no one can pass off as someone else's.

    Django already folds a username with NFKC. On top: no name made only of dots
    and dashes (`.`, `..`), none that mixes scripts in a way that imitates another
    (a Cyrillic "a" in "alice", U+0430), none that differs from an existing one only by case, and none that
    reads as an existing one (one confusable skeleton: "\\u0430\\u04cf\\u0456\\u0441\\u0435" all in Cyrillic, or `a1ice`, beside `alice`).
    An email address is optional: it is used only to send a password reset link.
    """

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    email = forms.EmailField(
        required=False, label="Email (optional)", help_text="Only to send you a link if you forget your password."
    )

    def clean_username(self) -> str:
        username = super().clean_username()  # Django's: NFKC, and no other user with the name in any case
        if username is None or self.has_error("username"):
            return username
        if not any(ch.isalnum() for ch in username):
            raise forms.ValidationError("A username needs at least one letter or digit.")
        if confusables.is_dangerous(username):
            raise forms.ValidationError(
                "This username mixes alphabets in a way that imitates other letters; use one alphabet."
            )
        if username_looking_like(username) is not None:
            raise forms.ValidationError(
                "This username looks the same as an existing username (its letters can be mistaken for theirs); "
                "choose another."
            )
        return username

"""Reading a page's form as a browser would post it, for tests that submit a prefilled form."""

from html.parser import HTMLParser

from django.test import Client


class _Form(HTMLParser):
    """The values a browser would post from a page's form: text inputs, checked boxes, textareas, selected options."""

    def __init__(self) -> None:
        super().__init__()
        self.values: dict[str, str] = {}
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("checkbox", "file", "submit"):
            self.values[name] = a.get("value") or ""
        elif tag == "input" and name and a.get("type") == "checkbox" and "checked" in a:
            self.values[name] = "on"
        elif tag == "textarea" and name:
            self._textarea, self.values[name] = name, ""
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select and "selected" in a:
            self.values[self._select] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            # As the HTML parser does, a newline right after the start tag is not the text's (Django writes one).
            self.values[self._textarea] = self.values[self._textarea].removeprefix("\n")
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.values[self._textarea] += data


def prefilled(client: Client, url: str) -> dict[str, str]:
    form = _Form()
    form.feed(client.get(url).content.decode())  # attribute values and text come unescaped
    form.values.pop("csrfmiddlewaretoken", None)
    return form.values

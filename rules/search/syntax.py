"""The card search language (docs/contracts/search-syntax.md): text in, a tree of terms out, or a SearchSyntaxError.

Grammar (AND binds tighter than OR; parentheses group):

    query   := or_expr?
    or_expr := and_expr ("or" and_expr)*
    and_expr:= unary+
    unary   := "-" unary | "(" or_expr ")" | term
    term    := WORD | "PHRASE" | KEY OP VALUE     (OP: ":" "=" "<" "<=" ">" ">=")

The parser knows no game: `rules.search.keys` checks each `Compare` against a
game's keys. Bounded for hostile input: the text is at most MAX_LENGTH
characters, nesting at most MAX_DEPTH deep, and it never raises anything but
SearchSyntaxError.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.search.keys import Match

MAX_LENGTH = 500
MAX_DEPTH = 12
MAX_TERMS = 40

_KEY = re.compile(r"([A-Za-z][A-Za-z_-]*)(<=|>=|:|=|<|>)(.*)", re.DOTALL)
_SPACE = frozenset(" \t\r\n\f\v")


class SearchSyntaxError(ValueError):
    """A query the site cannot read. `message` names the offending text (`fragment`)."""

    def __init__(self, message: str, fragment: str = ""):
        super().__init__(message)
        self.message = message
        self.fragment = fragment


@dataclass(frozen=True)
class Word:
    """A bare word: found in the title, rules text or scripture."""

    text: str


class Phrase(Word):
    """A quoted phrase: its words in this order (a Word to whatever does not tell them apart)."""


@dataclass(frozen=True)
class Compare:
    """`key op value` as typed; `raw` is the term's text, for messages."""

    key: str
    op: str
    value: str
    raw: str


@dataclass(frozen=True)
class Not:
    term: Node | Match  # a Match once resolve_search has checked the tree's keys


@dataclass(frozen=True)
class And:
    """Every term holds."""

    terms: tuple[Node | Match, ...]


class Or(And):
    """Any term holds (one class with And: both are a list of terms; only how they combine differs)."""


Node = Word | Phrase | Compare | Not | And | Or


@dataclass(frozen=True)
class _Token:
    kind: str  # "(", ")", "-", "or", "term"
    node: Node | None = None
    text: str = ""


def _read_quoted(text: str, start: int) -> tuple[str, int]:
    """The text between the quote at `start` and the next one, and the index after it."""
    end = text.find('"', start + 1)
    if end < 0:
        raise SearchSyntaxError(f'Unbalanced quote: {text[start : start + 40]} has no closing ".', text[start:])
    return text[start + 1 : end], end + 1


def _term(raw: str, quoted_value: str | None) -> Node:
    """A word or `key op value` (`raw` as typed; `quoted_value` the value when it was quoted)."""
    match = _KEY.fullmatch(raw if quoted_value is None else raw[: raw.index('"')])
    if match is None:
        return Word(raw)
    key, op, value = match.groups()
    if quoted_value is not None:
        value = quoted_value
    if not value.strip():
        raise SearchSyntaxError(f"{raw} needs a value after {op}.", raw)
    return Compare(key.casefold(), "=" if op == ":" else op, " ".join(value.split()), raw)


def _tokens(text: str) -> list[_Token]:
    out: list[_Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SPACE:
            i += 1
        elif ch in "()":
            out.append(_Token(ch, text=ch))
            i += 1
        elif ch == "-" and i + 1 < n and text[i + 1] not in _SPACE:
            out.append(_Token("-", text="-"))
            i += 1
        elif ch == '"':
            phrase, i = _read_quoted(text, i)
            if phrase.strip():
                out.append(_Token("term", Phrase(" ".join(phrase.split())), f'"{phrase}"'))
        else:
            start = i
            quoted: str | None = None
            while i < n and text[i] not in _SPACE and text[i] not in "()":
                if text[i] == '"':  # key:"a value with spaces"
                    quoted, i = _read_quoted(text, i)
                    break
                i += 1
            raw = text[start:i]
            if quoted is None and raw.casefold() == "or":
                out.append(_Token("or", text=raw))
            else:
                out.append(_Token("term", _term(text[start:i], quoted), text[start:i]))
    return out


class _Parser:
    def __init__(self, tokens: list[_Token]):
        self.tokens = tokens
        self.at = 0
        self.terms = 0

    def peek(self) -> _Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> _Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def or_expr(self, depth: int) -> Node:
        terms = [self.and_expr(depth)]
        while (token := self.peek()) is not None and token.kind == "or":
            self.take()
            if (following := self.peek()) is None or following.kind in (")", "or"):
                raise SearchSyntaxError('"or" needs a term on each side.', "or")
            terms.append(self.and_expr(depth))
        return terms[0] if len(terms) == 1 else Or(tuple(terms))

    def and_expr(self, depth: int) -> Node:
        terms = []
        while (token := self.peek()) is not None and token.kind not in (")", "or"):
            terms.append(self.unary(depth))
        if not terms:
            token = self.peek()
            if token is not None and token.kind == ")" and depth == 0:
                raise SearchSyntaxError("Unbalanced parenthesis: a ) has no ( before it.", ")")
            raise SearchSyntaxError(f"Expected a search term before {token.text if token else 'the end'}.")
        return terms[0] if len(terms) == 1 else And(tuple(terms))

    def unary(self, depth: int) -> Node:
        token = self.take()
        if token.kind == "-":
            following = self.peek()
            if following is None or following.kind in (")", "or"):
                raise SearchSyntaxError("A - needs a term right after it.", "-")
            return Not(self.unary(depth))
        if token.kind == "(":
            if depth >= MAX_DEPTH:
                raise SearchSyntaxError(f"Parentheses nest at most {MAX_DEPTH} deep.", "(")
            if self.peek() is None:
                raise SearchSyntaxError("Unbalanced parenthesis: a ( is never closed.", "(")
            inner = self.or_expr(depth + 1)
            closing = self.peek()
            if closing is None or closing.kind != ")":
                raise SearchSyntaxError("Unbalanced parenthesis: a ( is never closed.", "(")
            self.take()
            return inner
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise SearchSyntaxError(f"A search holds at most {MAX_TERMS} terms.", token.text)
        assert token.node is not None
        return token.node


def parse_search(text: str) -> Node | None:
    """The tree of a query; None for an empty one (everything matches). SearchSyntaxError when unreadable."""
    if not isinstance(text, str):
        raise SearchSyntaxError("A search must be text.")
    if len(text) > MAX_LENGTH:
        raise SearchSyntaxError(f"A search is at most {MAX_LENGTH} characters.", text[:40])
    tokens = _tokens(text)
    if not tokens:
        return None
    parser = _Parser(tokens)
    tree = parser.or_expr(0)
    extra = parser.peek()
    if extra is not None:
        # The only token or_expr leaves behind is a ) with no ( before it.
        raise SearchSyntaxError("Unbalanced parenthesis: a ) has no ( before it.", extra.text)
    return tree

"""Cards as the engine sees them, and a game's pool of cards.

`CardData` holds the facts the rules need about one printing; `CardPool` is the
cards of one game with the look-ups deck lists need (by title, by printing, and
the titles to suggest when a name is mistyped). Both are built from whatever the
caller has: database rows (cardcollections.adapters), test data, a catalog file.
Nothing here is global: every function that needs cards is given a pool.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from types import MappingProxyType
from typing import Any

from rules.text import title_key

_EMPTY: Mapping[str, Any] = MappingProxyType({})


def _frozen_mapping(value: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(value)) if value else _EMPTY


@dataclass(frozen=True)
class CardData:
    """One printing of a card: identity, copy-limit facts, and the fields play needs.

    Mappings are stored read-only and sequences as tuples so that an instance
    cannot change after the pool is built. Hashing and equality go by the
    printing's identity (game, set, number).
    """

    game: str
    set_code: str
    number: str
    title: str
    title_key: str = ""
    copies: int = 1
    # Unique for the copy limits: given as BB's flag, and also true for a
    # unique-person card or one with C&V's Unique effect (see __post_init__).
    unique: bool = False
    advanced: bool = False
    type: str = ""
    kind: str = ""
    value: int | None = None
    # Chapter and Verse
    sacrifice: int | None = None
    icons: Mapping[str, int] = field(default_factory=dict)
    markers: tuple[str, ...] = ()
    scripture: str = ""
    # The verse's own reference ("Alma 37:6"): what a Cross Reference effect names.
    reference: str = ""
    effects: tuple[Mapping[str, Any], ...] = ()
    # Bible Battles
    effort: int | None = None
    offense: int | None = None
    defense: int | None = None
    food: int = 0
    wisdom: int = 0
    mounted: bool = False
    abilities: str = ""  # special ability text, which the play-out does not run
    # Battle Cards
    strength: int | None = None
    skill: int | None = None
    magic: int | None = None
    terror: int | None = None
    size: str = ""
    # Book of Mormon Battles / Warriors of the Promised Land
    color: str = ""
    shape: str = ""
    power: str = ""
    icon_names: tuple[str, ...] = ()
    alignment: str | None = None
    points: int | None = None
    prophet: bool = False
    bonuses: tuple[Mapping[str, Any], ...] = ()
    armory: str = ""
    text: str = ""

    def __post_init__(self) -> None:
        # Callers may leave title_key out; it is always derived the same way.
        object.__setattr__(self, "title_key", title_key(self.title))
        object.__setattr__(self, "icons", _frozen_mapping(self.icons))
        object.__setattr__(self, "markers", tuple(self.markers))
        object.__setattr__(self, "icon_names", tuple(self.icon_names))
        object.__setattr__(self, "effects", tuple(_frozen_mapping(e) for e in self.effects))
        object.__setattr__(self, "bonuses", tuple(_frozen_mapping(b) for b in self.bonuses))
        # The same test as the Card model's is_unique, so every caller agrees.
        if not self.unique and (self.type == "unique-person" or any(e.get("kind") == "unique" for e in self.effects)):
            object.__setattr__(self, "unique", True)

    def __hash__(self) -> int:
        return hash((self.game, self.set_code, self.number))

    @property
    def printing(self) -> str:
        """`(SET) NUMBER`, as a deck list writes it."""
        return f"({self.set_code}) {self.number}"

    @property
    def cost(self) -> int | None:
        return self.sacrifice if self.sacrifice is not None else self.effort

    @property
    def is_follower(self) -> bool:
        return self.type == "follower"


def _printing_key(set_code: str, number: str) -> tuple[str, str]:
    # Set codes and numbers are matched without regard to case ("(cv1)" is CV1).
    return set_code.strip().casefold(), number.strip().casefold()


@dataclass(frozen=True)
class CardPool:
    """The cards of one game, in a stable order (the canonical printing of a title first).

    Built once per request or job from the cards the caller passes in; after
    that every look-up is in memory.
    """

    game: str
    cards: tuple[CardData, ...]
    _by_title: Mapping[str, tuple[CardData, ...]] = field(init=False, repr=False, compare=False)
    _by_printing: Mapping[tuple[str, str], CardData] = field(init=False, repr=False, compare=False)
    _by_set: Mapping[str, tuple[CardData, ...]] = field(init=False, repr=False, compare=False)
    _set_codes: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _title_keys: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        object.__setattr__(self, "cards", cards)
        by_title: dict[str, list[CardData]] = {}
        by_printing: dict[tuple[str, str], CardData] = {}
        by_set: dict[str, list[CardData]] = {}
        set_codes: dict[str, str] = {}
        for card in cards:
            if card.game != self.game:
                raise ValueError(f"{card.title} is a {card.game} card, not {self.game}")
            by_title.setdefault(card.title_key, []).append(card)
            by_printing.setdefault(_printing_key(card.set_code, card.number), card)
            by_set.setdefault(card.set_code, []).append(card)
            set_codes.setdefault(card.set_code.strip().casefold(), card.set_code)
        object.__setattr__(self, "_by_title", MappingProxyType({k: tuple(v) for k, v in by_title.items()}))
        object.__setattr__(self, "_by_printing", MappingProxyType(by_printing))
        object.__setattr__(self, "_by_set", MappingProxyType({k: tuple(v) for k, v in by_set.items()}))
        object.__setattr__(self, "_set_codes", MappingProxyType(set_codes))
        object.__setattr__(self, "_title_keys", tuple(by_title))

    @classmethod
    def of(cls, game: str, cards: Iterable[CardData]) -> CardPool:
        return cls(game=game, cards=tuple(cards))

    def __len__(self) -> int:
        return len(self.cards)

    def by_title(self, title: str) -> tuple[CardData, ...]:
        """Every printing of `title` (case and spacing ignored), canonical first; () if none."""
        return self._by_title.get(title_key(title), ())

    def by_key(self, key: str) -> tuple[CardData, ...]:
        return self._by_title.get(key, ())

    def by_printing(self, set_code: str, number: str) -> CardData | None:
        return self._by_printing.get(_printing_key(set_code, number))

    def set_code(self, code: str) -> str | None:
        """The set's code as the catalog spells it, or None if the game has no such set."""
        return self._set_codes.get(code.strip().casefold())

    @property
    def set_codes(self) -> tuple[str, ...]:
        return tuple(self._by_set)

    def set_cards(self, set_code: str) -> tuple[CardData, ...]:
        return self._by_set.get(set_code, ())

    @property
    def title_keys(self) -> tuple[str, ...]:
        return self._title_keys

    def display_title(self, key: str) -> str:
        """The title as its canonical printing spells it."""
        cards = self._by_title.get(key)
        return cards[0].title if cards else key

    @property
    def titles(self) -> tuple[str, ...]:
        """One display title per distinct title, in pool order (for suggestions and pickers)."""
        return tuple(cards[0].title for cards in self._by_title.values())

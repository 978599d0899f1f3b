"""The deck page's grouping and charts: pure functions, no database."""

import xml.etree.ElementTree as ET

import pytest

from rules.cards import CardData
from rules.charts import Bar
from rules.charts import Chart
from rules.charts import bar_chart_svg
from rules.deck_charts import deck_charts
from rules.deck_charts import group_of
from rules.games.bible_battles.charts import bb_effort_curve
from rules.games.bible_battles.charts import bb_food
from rules.games.bible_battles.charts import bb_food_balance
from rules.games.bible_battles.charts import bb_type_counts
from rules.games.chapter_and_verse.charts import MIXED
from rules.games.chapter_and_verse.charts import NO_ICONS
from rules.games.chapter_and_verse.charts import cv_sacrifice_curve
from rules.games.chapter_and_verse.charts import cv_theme_totals
from rules.games.chapter_and_verse.charts import dominant_theme

SVG = "{http://www.w3.org/2000/svg}"


def cv(title: str, sacrifice: int | None = 1, **icons: int) -> CardData:
    return CardData(
        game="chapter-and-verse", set_code="CV1", number=title, title=title, sacrifice=sacrifice, icons=icons
    )


def bb(title: str, type_: str, effort: int | None = 1, food: int = 0) -> CardData:
    return CardData(
        game="bible-battles", set_code="BB1", number=title, title=title, type=type_, effort=effort, food=food
    )


def bars_of(svg: str) -> dict[str, tuple[int, float]]:
    """label -> (value, drawn height) of every bar in the SVG."""
    root = ET.fromstring(svg)
    return {
        rect.get("data-label"): (int(rect.get("data-value")), float(rect.get("height")))
        for rect in root.iter(f"{SVG}rect")
        if rect.get("class") == "bar"
    }


@pytest.mark.parametrize(
    ("icons", "theme"),
    [
        ({"faith": 2}, "faith"),
        ({"wisdom": 2, "histories": 1}, "wisdom"),
        ({"trials": 1, "strength": 3}, "strength"),
        ({"wisdom": 2, "histories": 2}, MIXED),
        ({}, NO_ICONS),
        ({"faith": 0}, NO_ICONS),
    ],
)
def test_it_picks_the_theme_with_the_most_icons(icons, theme):
    assert dominant_theme(icons) == theme


def test_it_groups_cv_by_theme_bb_by_type_and_other_games_by_set():
    assert group_of("chapter-and-verse", cv("A", faith=1)).label == "Faith"
    assert group_of("chapter-and-verse", cv("B", wisdom=1, trials=1)).label == "Mixed themes"
    assert group_of("chapter-and-verse", cv("C")).label == "No icons"
    assert group_of("bible-battles", bb("Goat", "animal")).label == "Animals"
    assert group_of("bible-battles", bb("Moses", "unique-person")).label == "Unique people"
    other = CardData(game="battle-cards", set_code="BC2", number="1", title="Knight")
    assert group_of("battle-cards", other).label == "Set BC2"
    assert group_of("bible-battles", None).label == "Not in the catalog"
    # Themes come in the game's order, then mixed, then none.
    order = [
        group_of("chapter-and-verse", c).order
        for c in (cv("s", strength=1), cv("t", trials=1), cv("m", faith=1, trials=1))
    ]
    assert order == sorted(order)


def test_it_totals_theme_icons_counting_copies():
    chart = cv_theme_totals([(3, cv("A", faith=2)), (2, cv("B", faith=1, wisdom=3)), (1, cv("C"))])
    values = {b.label: b.value for b in chart.bars}
    assert values == {"Strength": 0, "Wisdom": 6, "Faith": 8, "Histories": 0, "Trials": 0}
    drawn = bars_of(chart.svg())
    assert drawn["Faith"][0] == 8 and drawn["Wisdom"][0] == 6
    # Heights are proportional to the values; an empty theme has no height.
    assert drawn["Faith"][1] == pytest.approx(drawn["Wisdom"][1] * 8 / 6, rel=0.01)
    assert drawn["Strength"][1] == 0
    assert "Faith 8" in chart.summary


def test_it_draws_the_sacrifice_curve_with_gaps_as_zero_bars():
    chart = cv_sacrifice_curve([(4, cv("A", sacrifice=0)), (2, cv("B", sacrifice=3)), (1, cv("C", sacrifice=3))])
    assert [(b.label, b.value) for b in chart.bars] == [("0", 4), ("1", 0), ("2", 0), ("3", 3)]
    assert "Average sacrifice 1.29" in chart.summary  # (0*4 + 3*3) / 7
    drawn = bars_of(chart.svg())
    assert drawn["0"][1] > drawn["3"][1] > 0 == drawn["1"][1]


def test_it_counts_types_and_the_effort_curve_of_bible_battles():
    cards = [
        (3, bb("Shepherd", "follower", effort=0)),
        (2, bb("Goat", "animal", 1, food=1)),
        (1, bb("Moses", "unique-person", 5)),
    ]
    types = bb_type_counts(cards)
    assert [(b.label, b.value) for b in types.bars] == [("Followers", 3), ("Animals", 2), ("Unique people", 1)]
    effort = bb_effort_curve(cards)
    assert [b.value for b in effort.bars] == [3, 2, 0, 0, 0, 1]
    assert bars_of(effort.svg())["5"][0] == 1


def test_it_weighs_the_food_provided_against_the_food_armies_and_unique_people_need():
    cards = [
        (2, bb("Goat", "animal", food=1)),
        (1, bb("Field", "land", food=3)),
        (3, bb("Chariots", "army")),
        (1, bb("Moses", "unique-person")),
        (4, bb("Shepherd", "follower")),
    ]
    food = bb_food(cards)
    assert (food.provided, food.providers, food.needed, food.balance) == (5, 3, 4, 1)
    chart = bb_food_balance(cards)
    drawn = bars_of(chart.svg())
    assert drawn["Provided"][0] == 5 and drawn["Needed"][0] == 4
    assert drawn["Provided"][1] > drawn["Needed"][1]
    assert "surplus of 1" in chart.summary
    assert "shortfall of 2" in bb_food_balance([(2, bb("Chariots", "army"))]).summary


def test_a_deck_that_needs_no_food_says_so_on_the_balance_but_a_curve_leaves_gaps_blank():
    import re

    def value_labels(svg: str) -> list[str]:
        return re.findall(r'fill="#111827">(\d+)</text>', svg)

    balance = bb_food_balance([(3, bb("Goat", "animal", food=1))])
    assert value_labels(balance.svg()) == ["3", "0"]
    curve = bb_effort_curve([(2, bb("Goat", "animal", 1)), (1, bb("Ox", "animal", 3))])
    assert "0" not in value_labels(curve.svg())


def test_it_draws_the_charts_each_game_has():
    assert [c.slug for c in deck_charts("chapter-and-verse", [])] == ["theme-icons", "sacrifice-curve"]
    assert [c.slug for c in deck_charts("bible-battles", [])] == ["types", "effort-curve", "food-balance"]
    assert deck_charts("battle-cards", []) == ()


def test_it_makes_an_accessible_svg_and_escapes_every_text():
    chart = Chart("x", "Odd <chart>", "a & b", "copies", (Bar("<script>", 2), Bar("ok", 0)), "Two & none.")
    svg = bar_chart_svg(chart)
    root = ET.fromstring(svg)  # well-formed
    assert root.get("role") == "img"
    assert root.get("aria-label").startswith("Odd <chart>")
    assert root.find(f"{SVG}title").text.startswith("Odd <chart>")
    assert "<script>" not in svg
    assert bars_of(svg) == {"<script>": (2, pytest.approx(bars_of(svg)["<script>"][1])), "ok": (0, 0.0)}


def test_it_draws_an_empty_deck_without_dividing_by_zero():
    svg = cv_theme_totals([]).svg()
    assert all(height == 0 for _, height in bars_of(svg).values())

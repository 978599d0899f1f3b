"""The rules pages' working names cards, not sides' letters or indexes (#36: "challenger's card 0", "b wins")."""

import pytest

pytestmark = pytest.mark.django_db


def test_a_battle_cards_step_names_the_winning_card(client, fixed_deck_catalogs):
    html = client.get("/rules/battle-cards/?category=strength&a=Goliath&b=Samson").content.decode()
    steps = html.split('class="calc-steps"')[1].split("</ol>")[0]
    assert "Samson wins." in steps
    assert " b wins" not in steps and " a wins" not in steps


def test_a_warriors_choice_names_the_card_by_its_place_in_words(client, fixed_deck_catalogs):
    html = client.get(
        "/rules/warriors-of-the-promised-land/?challenger=Pahoran&challenger=Prayer&defender=Nephi&defender=Conversion"
    ).content.decode()
    assert "(the challenger&#x27;s second card)" in html and "(their second card)" in html
    assert "card 0" not in html and "card 1)" not in html

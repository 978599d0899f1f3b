"""match_action (rules/play/interface.py): a legal action's `"text": None` takes any typed string; every other key
still compares exactly, and the other games' actions match as before."""

from rules.play.interface import match_action

LEGAL = [
    {"type": "answer", "text": None},
    {"type": "play", "cards": ["Faith"], "ids": ["s0-faith-1"], "chapter": 0},
]


def test_a_typed_answer_matches_a_legal_action_that_takes_any_text():
    assert match_action(LEGAL, {"type": "answer", "text": "John 3:16"}) == LEGAL[0]
    assert match_action(LEGAL, {"type": "answer", "text": ""}) == LEGAL[0]


def test_an_answer_without_text_or_with_text_that_is_not_a_string_is_refused():
    assert match_action(LEGAL, {"type": "answer"}) is None
    assert match_action(LEGAL, {"type": "answer", "text": 7}) is None
    assert match_action(LEGAL, {"type": "answer", "text": ["a"]}) is None


def test_other_keys_still_compare_exactly_and_text_is_refused_where_the_action_has_none():
    assert match_action(LEGAL, {"type": "play", "cards": ["Faith"], "chapter": 0}) == LEGAL[1]
    assert match_action(LEGAL, {"type": "play", "cards": ["Faith"], "chapter": 1}) is None
    assert match_action(LEGAL, {"type": "play", "cards": ["Faith"], "chapter": 0, "text": "x"}) is None


def test_the_request_limit_on_typed_text_is_what_the_quote_judge_compares():
    from rules.play.log import MAX_TEXT_CHARS
    from rules.quoting import MAX_TYPED_CHARS

    assert MAX_TEXT_CHARS == MAX_TYPED_CHARS

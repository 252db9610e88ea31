"""Forced chance from Python (State.force_chance) and the whole log (State.log_lines) beside
an observation that shows its latest 256 events (docs/python.md, docs/formats.md)."""

import json
import random

import pytest

import rise_engine


def hand_cards(state, seat):
    return [c["card"] for c in state.observation_json(seat)["players"][seat]["hand"]]


def test_a_forced_shuffle_puts_the_named_cards_on_top():
    state = rise_engine.load_game("rise-tcg", {"players": 2}).new_initial_state(3)
    seat = state.current_player()
    before = hand_cards(state, seat)
    wanted = [before[-1], before[0]]  # two cards of the hand go back and come out first
    state.force_chance([{"shuffle": wanted}])
    assert state.forced_chance_left() == 1
    state.apply_action(state.string_to_action("mulligan"))
    assert state.forced_chance_left() == 0
    after = hand_cards(state, seat)
    for card in wanted:
        assert card in after
    # Clones are not forced: the same mulligan on a clone of a fresh state draws at random.
    fresh = rise_engine.load_game("rise-tcg", {"players": 2}).new_initial_state(3)
    fresh.force_chance([{"shuffle": wanted}])
    copy = fresh.clone()
    assert copy.forced_chance_left() == 0


def test_a_forced_outcome_of_the_wrong_kind_raises_when_the_game_draws():
    state = rise_engine.load_game("rise-tcg", {"players": 2}).new_initial_state(3)
    state.force_chance([{"coin": "success"}])
    with pytest.raises(rise_engine.RiseError, match="forced chance"):
        state.apply_action(state.string_to_action("mulligan"))


def test_bad_lists_and_games_without_chance_raise():
    state = rise_engine.load_game("rise-tcg", {"players": 2}).new_initial_state(3)
    with pytest.raises(rise_engine.RiseError, match="force_chance"):
        state.force_chance([{"d6": 7}])
    hex_state = rise_engine.load_game("rise-hex").new_initial_state(1)
    with pytest.raises(rise_engine.RiseError):
        hex_state.force_chance([{"coin": "success"}])
    state.force_chance(None)  # ends forcing (nothing was forced)
    assert state.forced_chance_left() == 0


def test_the_observation_shows_the_latest_events_and_log_lines_all_of_them():
    game = rise_engine.load_game("rise-tcg", {"players": 6})
    state = game.new_initial_state(5)
    rng = random.Random(1)
    while not state.is_terminal() and len(state.log_lines(0)) <= 300:
        state.apply_action(rng.choice(state.legal_actions()))
    lines = state.log_lines(0)
    assert len(lines) > 300
    view = state.observation_json(0)
    assert len(view["log"]) == 256
    assert view["log_from"] == len(lines) - 256
    assert view["log"] == lines[-256:]
    assert rise_engine.load_game("rise-hex").new_initial_state(1).log_lines(0) == []


def test_the_openspiel_information_state_holds_the_whole_log():
    pyspiel = pytest.importorskip("pyspiel")
    import rise_engine.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("rise_tcg", {"players": 6})
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        info = json.loads(state.information_state_string(state.current_player()))
        if len(info["log"]) > 300:
            observed = json.loads(state.observation_string(state.current_player()))
            assert len(observed["log"]) == 256
            assert info["log"][-256:] == observed["log"]
            assert "log_from" not in info
            return
        state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("the game ended before its log reached 300 events")

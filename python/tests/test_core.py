"""The rise_engine API itself: the State contract in the OpenSpiel vocabulary, dense actions,
tensors, errors, bots, simulate and pickling."""

import json
import pickle

import numpy as np
import pytest

import rise_engine
from conftest import GAMES, play_random, random_steps


def test_registered_games_are_the_four():
    assert rise_engine.registered_games() == GAMES


def test_game_info_and_options(game_id):
    info = rise_engine.game_info(game_id)
    assert info["id"] == game_id
    game = rise_engine.load_game(game_id)
    assert game.id() == game_id
    assert game.num_players() == info["min_players"]
    assert set(game.options()) == {o["name"] for o in info["options"]} | {"players"}
    assert 0 < game.num_distinct_actions() <= 4096
    assert len(game.observation_tensor_shape()) >= 1


def test_unknown_game_option_and_player_count_raise_with_the_engine_message():
    with pytest.raises(rise_engine.RiseError, match="no-such-game"):
        rise_engine.load_game("no-such-game")
    with pytest.raises(ValueError, match="frobnicate"):
        rise_engine.load_game("rise-hex", {"frobnicate": 1})
    with pytest.raises(rise_engine.RiseError, match="players='9'"):
        rise_engine.load_game("rise-hex", {"players": 9})


def test_a_random_game_keeps_the_contract(game_id):
    game = rise_engine.load_game(game_id)
    state = game.new_initial_state(seed=3)
    rng = np.random.default_rng(3)
    n = game.num_distinct_actions()
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        assert 0 <= player < game.num_players()
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and legal
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (n,)
        assert list(np.flatnonzero(mask)) == legal
        for a in legal[:20]:
            text = state.action_to_string(a)
            assert state.string_to_action(text) == a
            assert state.dense_action(state.engine_action(a)) == a
        tensor = state.observation_tensor(player)
        assert tensor.dtype == np.float32 and tensor.shape == tuple(game.observation_tensor_shape())
        assert np.isfinite(tensor).all()
        assert state.returns() == [0.0] * game.num_players()
        assert state.game_end() is None
        a = legal[rng.integers(len(legal))]
        state.apply_action(a)
        steps += 1
    assert state.current_player() == rise_engine.TERMINAL
    assert abs(sum(state.returns())) < 1e-9
    assert len(state.history()) == steps == len(state.engine_history())
    end = state.game_end()  # how it ended (issue 36): words and the rule that ended it
    assert set(end) == {"reason", "rule", "cards"} and end["reason"] and end["rule"]
    assert end["rule"].split("-")[0] in ("HEX", "TCG", "DL", "RRD")


def test_an_illegal_action_raises_and_leaves_the_state_unchanged(game_id):
    state = rise_engine.load_game(game_id).new_initial_state(seed=5)
    before = state.to_json()
    illegal = next(a for a in range(state.game().num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(rise_engine.RiseError, match="not legal"):
        state.apply_action(illegal)
    with pytest.raises(rise_engine.RiseError):
        state.string_to_action("no such move")
    assert state.to_json() == before
    assert state.history() == []


def test_the_decision_is_described_in_the_game_words(game_id):
    state = rise_engine.load_game(game_id).new_initial_state(seed=5)
    first = {
        "rise-hex": "take red's action, 1 left this turn",
        "dark-legacy": "choose the pre-battle Equipment (Rule DL-5.1)",
        "rise-tcg": "keep the opening hand or take a mulligan (Rule TCG-3.3)",
    }
    if game_id in first:
        assert state.describe_decision() == first[game_id]
    else:
        assert state.describe_decision() != ""
    with pytest.raises(rise_engine.RiseError, match="whose decision it is \\(to "):
        state.apply_action(next(a for a in range(state.game().num_distinct_actions()) if a not in state.legal_actions()))


def test_clone_is_independent_and_json_round_trips(game_id):
    game = rise_engine.load_game(game_id)
    state = game.new_initial_state(seed=11)
    random_steps(state, np.random.default_rng(1), 10)
    before = state.to_json()
    copy = state.clone()
    assert copy.history() == state.history()
    if not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        assert copy.to_json() == before
        assert len(copy.history()) == len(state.history()) - 1
    loaded = game.state_from_json(copy.to_json())
    assert loaded.to_json() == copy.to_json()
    assert loaded.history() == []
    assert game.state_from_json(json.dumps(copy.to_json())).to_json() == copy.to_json()
    with pytest.raises(rise_engine.RiseError, match="state"):
        game.state_from_json({"game": game_id})


def test_resample_hidden_keeps_what_the_player_sees(game_id):
    game = rise_engine.load_game(game_id)
    state = game.new_initial_state(seed=2)
    rng = np.random.default_rng(2)
    for step in range(40):
        if state.is_terminal():
            break
        p = state.current_player()
        sample = state.resample_hidden(p, seed=step)
        assert sample.observation_json(p) == state.observation_json(p)
        assert np.array_equal(sample.observation_tensor(p), state.observation_tensor(p))
        assert np.array_equal(sample.public_observation_tensor(), state.public_observation_tensor())
        assert sample.legal_actions() == state.legal_actions()
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])


def test_the_same_seed_gives_the_same_game(game_id):
    game = rise_engine.load_game(game_id)
    a, b = game.new_initial_state(9), game.new_initial_state(9)
    play_random(a, np.random.default_rng(4))
    play_random(b, np.random.default_rng(4))
    assert a.to_json() == b.to_json()


def test_pickle_keeps_the_state_and_its_history(game_id):
    game = rise_engine.load_game(game_id)
    state = game.new_initial_state(seed=8)
    random_steps(state, np.random.default_rng(8), 5)
    back = pickle.loads(pickle.dumps(state))
    assert back.to_json() == state.to_json()
    assert back.history() == state.history()
    loaded = game.state_from_json(state.to_json())
    assert pickle.loads(pickle.dumps(loaded)).to_json() == loaded.to_json()
    assert pickle.loads(pickle.dumps(game)).options() == game.options()


def test_bots_play_and_simulate_matches_rise_sim():
    game = rise_engine.load_game("rise-hex")
    state = game.new_initial_state(1)
    bots = [rise_engine.Bot("mcts:iters=50", 1), rise_engine.Bot("random", 2)]
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert abs(sum(state.returns())) < 1e-9
    with pytest.raises(rise_engine.RiseError, match="frobnicate"):
        rise_engine.Bot("frobnicate")
    summary = rise_engine.simulate("raise-rise-die", ["greedy", "random"], games=6, threads=2, seed=3)
    assert summary["games"] == 6
    assert [p["spec"] for p in summary["players"]] == ["greedy", "random"]
    assert len(summary["records"]) == 6
    # How the games ended: the tallies count the records' ends.
    assert sum(e["games"] for e in summary["ends"]) == 6
    for e in summary["ends"]:
        assert e["games"] == sum(r["end"]["reason"] == e["reason"] for r in summary["records"])
    again = rise_engine.simulate("raise-rise-die", ["greedy", "random"], games=6, threads=1, seed=3)
    assert again == summary  # only what the games decide: no wall times, no thread count


def test_more_seats_in_rise_tcg():
    game = rise_engine.load_game("rise-tcg", {"players": 4})
    assert game.num_players() == 4
    state = game.new_initial_state(5)
    play_random(state, np.random.default_rng(5))
    assert len(state.returns()) == 4


def test_rise_tcg_dungeon_mode_has_one_seat():
    """Dungeon mode (Rules TCG-17.*): one seat against the Dungeon the engine runs; the
    returns are the one seat's +1 (cleared), -1 (lost) or 0 (an effect loop's draw)."""
    info = rise_engine.game_info("rise-tcg")
    assert info["solo_option"] == "mode=dungeon"
    game = rise_engine.load_game("rise-tcg", {"mode": "dungeon"})
    assert game.num_players() == 1
    rng = np.random.default_rng(5)
    state = game.new_initial_state(seed=5)
    while not state.is_terminal():
        assert state.current_player() == 0
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
    assert len(state.returns()) == 1
    assert state.returns()[0] in (-1.0, 0.0, 1.0)
    observation = state.observation_json(0)
    assert observation["dungeon"]["id"] == "barrow-depths"
    with pytest.raises(rise_engine.RiseError, match="played by 1 player, not 2"):
        rise_engine.load_game("rise-tcg", {"mode": "dungeon", "players": 2})


@pytest.mark.parametrize("seat", [5, -1, 2])
def test_a_seat_that_does_not_exist_is_refused_by_name(seat):
    # Issue 35: observation_tensor(5), observation_json(-1) and log_lines(5) returned the
    # public view silently. The public view is asked for as SPECTATOR.
    state = rise_engine.load_game("raise-rise-die").new_initial_state(1)
    for call in (state.observation_tensor, state.observation_json, state.log_lines, state.render):
        with pytest.raises(rise_engine.RiseError, match="seat %d: raise-rise-die has seats 0..1" % seat):
            call(seat)
    with pytest.raises(rise_engine.RiseError, match="seat %d" % seat):
        state.describe_action(state.legal_actions()[0], seat)
    assert state.observation_json(rise_engine.SPECTATOR) == state.public_observation_json()


def test_pip_install_builds_outside_the_checkout():
    # Issue 35: pyproject.toml named a build folder inside the source tree, so `pip install .`
    # from a read-only or shared checkout failed. Only scripts/python-env.sh keeps one, by
    # its own -C build-dir.
    import pathlib
    import tomllib

    root = pathlib.Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text())
    assert "build-dir" not in config["tool"]["scikit-build"]
    assert "-C 'build-dir=build/python/{wheel_tag}'" in (root / "scripts" / "python-env.sh").read_text()

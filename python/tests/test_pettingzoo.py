"""PettingZoo's own API and seed tests on the AEC environment of each game."""

import pytest
from pettingzoo.test import api_test, seed_test

from conftest import GAMES
from rise_engine.pettingzoo import env


@pytest.mark.parametrize("game_id", GAMES)
def test_api_test(game_id):
    api_test(env(game_id), num_cycles=200)


@pytest.mark.parametrize("game_id", GAMES)
def test_seed_test(game_id):
    seed_test(lambda: env(game_id), num_cycles=50)


def test_api_test_with_four_seats():
    api_test(env("rise-tcg", {"players": 4}), num_cycles=100)


def test_a_whole_game_ends_with_the_returns():
    e = env("raise-rise-die")
    e.reset(seed=3)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        total[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        e.step(e.action_space(agent).sample(obs["action_mask"]))
    assert sorted(total.values()) == [-1.0, 1.0] or set(total.values()) == {0.0}


def test_unseeded_resets_follow_gymnasiums_convention():
    # Issue 35: reset() without a seed counted 0, 1, 2... in every environment, so every
    # worker of a parallel run played the same games. Now: unseeded environments draw from
    # the system's entropy; a seeded one plays its seed, then follows the generator it seeded.
    from rise_engine.pettingzoo import raw_env

    a, b = raw_env("rise-hex"), raw_env("rise-hex")
    a.reset()
    b.reset()
    assert a.episode_seed != b.episode_seed
    a.reset(seed=7)
    b.reset(seed=7)
    assert a.episode_seed == b.episode_seed == 7
    a.reset()
    b.reset()
    assert a.episode_seed == b.episode_seed != 7


def test_an_action_outside_the_space_is_refused_by_name():
    from rise_engine.pettingzoo import raw_env

    e = raw_env("raise-rise-die")
    e.reset(seed=1)
    n = e.action_space(e.agent_selection).n
    for bad in (n, -1, 2.5):
        with pytest.raises(ValueError, match="an action is an integer"):
            e.step(bad)

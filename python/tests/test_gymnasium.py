"""Gymnasium's own environment checker on the single-agent environment of each game."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from conftest import GAMES
from rise_engine.gymnasium import RiseEnv


@pytest.mark.parametrize("game_id", GAMES)
def test_check_env(game_id):
    check_env(RiseEnv(game_id, opponent="random"), skip_render_check=True)


def test_an_episode_against_greedy_ends_with_the_learners_return():
    env = RiseEnv("raise-rise-die", opponent="greedy", seat=1)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    reward, terminated = 0.0, False
    while not terminated:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert obs.shape == env.observation_space.shape
    assert reward in (-1.0, 0.0, 1.0)
    assert reward == env.state.returns()[1]


def test_an_illegal_action_ends_the_episode_as_a_loss():
    env = RiseEnv("rise-hex")
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.to_json()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert env.state.to_json() == before

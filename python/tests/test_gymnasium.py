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


def test_reset_never_returns_a_finished_game():
    # Issue 35: rise-tcg seed 12 against random ended before the learner decided (the
    # opponent took a third mulligan and conceded): reset() returned a terminal state with
    # an all-zero mask. The game is dealt again, and info["redeals"] says so.
    env = RiseEnv("rise-tcg", opponent="random")
    obs, info = env.reset(seed=12)
    assert not env.state.is_terminal()
    assert env.state.current_player() == 0
    assert info["action_mask"].any()
    assert info["redeals"] >= 1
    _, again = env.reset(seed=12)  # the same seed deals the same games again
    assert again["redeals"] == info["redeals"]
    for seed in range(40):
        _, info = env.reset(seed=seed)
        assert info["action_mask"].any(), seed


def test_actions_outside_the_space_are_refused_by_name():
    # Issue 35: step(3465) raised IndexError and step(-1) wrapped onto a legal action.
    env = RiseEnv("raise-rise-die")
    env.reset(seed=1)
    n = env.action_space.n
    for bad in (n, -1, 2.5, "3", True):
        with pytest.raises(ValueError, match="step"):
            env.step(bad)
    legal = int(np.flatnonzero(env._info()["action_mask"])[0])
    env.step(np.int64(legal))  # numpy integers are in the space


def test_seeding_follows_gymnasium():
    # reset(seed=s) plays engine seed s; later resets without a seed follow the generator
    # that seed started, so two environments seeded alike play the same games.
    a, b = RiseEnv("rise-hex"), RiseEnv("rise-hex")
    a.reset(seed=3)
    b.reset(seed=3)
    assert a._episode_seed == 3
    a.reset()
    b.reset()
    assert a._episode_seed == b._episode_seed != 3

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


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_lie_in_real_bounds_and_normalise_onto_zero_one(game_id):
    # Issue 35: the Box was (-inf, inf). Its bounds are now the game's, every observation of
    # random episodes lies inside, and the normalised tensor lies in [0, 1].
    env = RiseEnv(game_id, opponent="random")
    space = env.observation_space
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    assert (space.low <= space.high).all() and (space.high > space.low).any()
    bounds = env.game.observation_bounds()
    assert (bounds["low"] <= bounds["typical_low"]).all()
    assert (bounds["typical_low"] < bounds["typical_high"]).all()
    assert (bounds["typical_high"] <= bounds["high"]).all()
    normalized = RiseEnv(game_id, opponent="random", normalized=True)
    assert (normalized.observation_space.low == 0).all() and (normalized.observation_space.high == 1).all()
    rng = np.random.default_rng(7)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        nobs, _ = normalized.reset(seed=episode)
        done, steps = False, 0
        while not done and steps < 300:
            assert space.contains(obs), "an observation outside the Box"
            assert normalized.observation_space.contains(nobs)
            lo, hi = bounds["typical_low"], bounds["typical_high"]
            np.testing.assert_allclose(nobs, (np.clip(obs, lo, hi) - lo) / (hi - lo), rtol=1e-6, atol=1e-6)
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, _, done, _, info = env.step(action)
            nobs, _, _, _, _ = normalized.step(action)
            steps += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_shaped_reward_sums_to_the_return_minus_the_first_potential_and_reveals_nothing(game_id):
    # Issue 35: shaping is an option, documented as such (potential-based: the evaluation).
    plain = RiseEnv(game_id, opponent="random")
    shaped = RiseEnv(game_id, opponent="random", shaped_reward=True)
    rng = np.random.default_rng(3)
    for episode in range(2):
        _, info = plain.reset(seed=episode)
        shaped.reset(seed=episode)
        first = shaped.state.evaluate(0)
        assert -1.0 <= first <= 1.0
        total, plain_total, done, steps = 0.0, 0.0, False, 0
        while not done:
            steps += 1
            if steps <= 40 and not shaped.game.perfect_information():
                # The potential reads only what the seat sees: the same in every re-deal.
                for k in range(3):
                    assert shaped.state.resample_hidden(0, k).evaluate(0) == shaped.state.evaluate(0)
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, done, _, info = plain.step(action)
            _, shaped_reward, _, _, _ = shaped.step(action)
            plain_total += reward
            total += shaped_reward
        assert total == pytest.approx(plain_total - first, abs=1e-9)
    assert plain.shaped_reward is False

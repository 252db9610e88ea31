"""The three examples of examples/ run, at a small size, and say what they should."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(script, *args):
    result = subprocess.run([sys.executable, str(ROOT / "examples" / script), *args], capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_pettingzoo_random_plays_every_game():
    out = run("pettingzoo_random.py", "--games", "2")
    for game_id in ("rise-hex", "rise-tcg", "dark-legacy", "raise-rise-die"):
        assert game_id in out


def test_openspiel_ismcts_against_ours():
    out = run("openspiel_ismcts.py", "--games", "2", "--sims", "10")
    assert "2 games" in out


def test_learning_beats_random_measurably():
    sys.path.insert(0, str(ROOT / "examples"))
    import learn_raise_rise_die as example

    import numpy as np
    import rise_engine

    game = rise_engine.load_game("raise-rise-die")
    size = int(np.prod(game.observation_tensor_shape()))
    policy = example.LinearPolicy(size, game.num_distinct_actions(), np.random.default_rng(1))
    example.train(game, policy, 600, seed=10**4)
    rate, low, high = example.evaluate(game, policy, 300, seed=10**6)
    print("trained vs random: %.3f [%.3f, %.3f]" % (rate, low, high))
    assert low > 0.5, "the trained policy does not beat random: %.3f [%.3f, %.3f]" % (rate, low, high)

"""Shared fixtures of the rise_engine tests (run by `make test` in build/venv)."""

import pytest

import rise_engine

GAMES = ["dark-legacy", "raise-rise-die", "rise-hex", "rise-tcg"]


def play_random(state, rng, max_actions=100000):
    """Plays uniformly random legal actions to the end; returns the number played."""
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
        n += 1
        assert n < max_actions
    return n


def random_steps(state, rng, steps):
    """Plays up to `steps` uniformly random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])


@pytest.fixture(params=GAMES)
def game_id(request):
    return request.param

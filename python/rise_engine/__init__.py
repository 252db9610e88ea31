"""Rise Engine for Python: the four games of Rise as an OpenSpiel-style state API.

    import rise_engine
    game = rise_engine.load_game("raise-rise-die")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Actions are dense indices in ``[0, game.num_distinct_actions())`` (docs/learning.md);
``state.observation_tensor(player)`` is a float32 numpy array of
``game.observation_tensor_shape()`` (docs/formats.md, "Observation tensors"). Engine errors
are raised as :class:`RiseError` (a ``ValueError``) with the engine's message.

Adapters: :mod:`rise_engine.openspiel` (pyspiel games), :mod:`rise_engine.pettingzoo`
(AEC environments), :mod:`rise_engine.gymnasium` (single-agent environments against a
built-in opponent). The designers' lab: :mod:`rise_engine.lab` (A/B tests, card statistics,
round robins; docs/lab.md). docs/python.md has the whole guide.
"""

import os as _os

import numpy as _np

# The built-in cards and decks travel inside the package (pip install .); the engine finds
# them through RISE_DATA_DIR unless the user points it elsewhere.
_DATA = _os.path.join(_os.path.dirname(__file__), "data")
if _os.path.isdir(_DATA):
    _os.environ.setdefault("RISE_DATA_DIR", _DATA)

from ._core import (  # noqa: E402  (after RISE_DATA_DIR is set)
    SPECTATOR,
    TERMINAL,
    Bot,
    Game,
    RiseError,
    State,
    VectorEnv,
    default_player,
    game_info,
    load_game,
    network_info,
    network_policy_logits,
    network_value,
    registered_games,
    self_play,
    simulate,
)

__all__ = [
    "SPECTATOR",
    "TERMINAL",
    "Bot",
    "Game",
    "RiseError",
    "State",
    "VectorEnv",
    "default_player",
    "game_info",
    "load_game",
    "network_info",
    "network_policy_logits",
    "network_value",
    "registered_games",
    "self_play",
    "simulate",
]
__version__ = "0.1.0"


def _checked_action(action, n):
    """``action`` as an int when it is in ``Discrete(n)`` (a Python or numpy integer, or a
    0-d integer array, in [0, n)); ``ValueError`` naming it otherwise. The adapters
    (gymnasium, pettingzoo) check their steps with it."""
    if isinstance(action, _np.ndarray) and action.shape == () and _np.issubdtype(action.dtype, _np.integer):
        action = action.item()
    if isinstance(action, (bool, _np.bool_)) or not isinstance(action, (int, _np.integer)) or not 0 <= action < n:
        raise ValueError("step(%r): an action is an integer in [0, %d)" % (action, n))
    return int(action)

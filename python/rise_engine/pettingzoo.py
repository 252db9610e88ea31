"""PettingZoo AEC environments of the four games (multi-agent reinforcement learning).

    from rise_engine.pettingzoo import env
    e = env("raise-rise-die")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seats). The agent to act is whoever the
rules give the decision (card games open response windows, so the order is not a fixed
cycle). Observations are dicts: ``observation`` (float32, ``observation_tensor_shape()``, in
a ``Box`` of the game's ``observation_bounds()``; with ``normalized=True`` mapped onto [0, 1]
over each value's typical range, docs/learning.md) and ``action_mask`` (int8, one entry per dense action); actions are dense indices
(docs/learning.md). Rewards are the game's returns, given when it ends.

Seeding follows Gymnasium (as ``rise_engine.gymnasium.RiseEnv`` does): ``reset(seed=s)``
plays the engine seed ``s`` and reseeds the environment's generator, from which a later
``reset()`` without a seed draws its engine seed; before any seed, the generator is seeded
from the operating system's entropy, so unseeded workers play different games.

An action outside the action space (not an integer, negative, or ``>= num_distinct_actions``)
raises ``ValueError`` in ``raw_env`` (``env()``'s wrappers assert it first); an action in the
space that is not legal ends the game with -1 for the offender (``env()``'s
``TerminateIllegalWrapper``).
"""

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import rise_engine


def env(game_id, options=None, render_mode=None, normalized=False):
    """A wrapped AEC environment (illegal actions end the game with -1 for the offender)."""
    e = raw_env(game_id, options, render_mode, normalized)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """The unwrapped AEC environment of one game (see module doc)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "rise_engine_v0", "is_parallelizable": False}

    def __init__(self, game_id, options=None, render_mode=None, normalized=False):
        super().__init__()
        self.normalized = bool(normalized)
        self.game = rise_engine.load_game(game_id, dict(options or {}))
        self.metadata = dict(self.metadata, name=game_id.replace("-", "_") + "_v0")
        self.render_mode = render_mode
        n = self.game.num_players()
        self.possible_agents = ["player_%d" % i for i in range(n)]
        self.agents = self.possible_agents[:]
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        if self.normalized:
            box = spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32)
        else:
            bounds = self.game.observation_bounds()
            box = spaces.Box(low=bounds["low"], high=bounds["high"], dtype=np.float32)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.np_random = None  # Gymnasium's generator, made by the first reset()
        self.episode_seed = None  # the engine seed of the current game
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def observe(self, agent):
        seat = self._seat(agent)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask = self.state.legal_actions_mask()
        return {"observation": self.state.observation_tensor(seat, normalized=self.normalized), "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self.np_random, _ = seeding.np_random(int(seed))
            self.episode_seed = int(seed)
        else:
            if self.np_random is None:
                self.np_random, _ = seeding.np_random(None)
            self.episode_seed = int(self.np_random.integers(0, 2**62))
        self.state = self.game.new_initial_state(self.episode_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        action = rise_engine._checked_action(action, self.game.num_distinct_actions())
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(action)
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
            self.terminations = {a: True for a in self.agents}
            # Every agent then takes its dead step, in seat order.
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self.state.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

"""A Gymnasium single-agent environment: one seat of a game against built-in opponents.

    from rise_engine.gymnasium import RiseEnv
    env = RiseEnv("raise-rise-die", opponent="greedy")
    obs, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The learner holds seat ``seat`` (default 0); every other seat is played by a built-in
player (``opponent``: "random", "greedy", "mcts:iters=N", "ismcts:iters=N", docs/ai.md),
seeded from the episode's seed. Observations are the learner's observation tensor
(float32, ``observation_tensor_shape()``), in a ``Box`` whose ``low`` and ``high`` are the
game's ``observation_bounds()`` (no value is ever outside); with ``normalized=True`` each
value is mapped onto [0, 1] over its typical range and the ``Box`` is [0, 1] (docs/learning.md,
"Bounds and the normalised tensor"). The legal action mask is ``info["action_mask"]``
(int8) and the action space is ``Discrete(num_distinct_actions)`` of dense indices
(docs/learning.md). The reward is the learner's return when the game ends (+1 win, -1 loss,
0 draw), 0 before. ``shaped_reward=True`` (never the default) adds potential-based shaping
(Ng, Harada and Russell, ICML 1999): each step's reward gains ``evaluate(seat)`` after it
minus before it, the potential of a finished game being 0, so an episode's shaped rewards sum
to its return minus the potential of the first position the learner saw, and the optimal
policies are unchanged. ``evaluate`` is the game's heuristic (docs/ai.md); it reads only what
every seat sees, so the shaping tells the learner nothing hidden. An illegal action (in the space, not legal now) ends the episode with
reward -1 and ``info["illegal_action"] = True`` (the game state is left unchanged), as
PettingZoo's ``TerminateIllegalWrapper`` does; an action outside the space (not an integer,
negative, or ``>= num_distinct_actions``) raises ``ValueError`` naming it.

``reset()`` always returns a position where the learner decides: when the opponents end the
game before the learner's first decision (rise-tcg: an opponent that takes a third
mulligan concedes, Rule TCG-3.3), the game is dealt again from the next seed drawn from the
episode's generator, and ``info["redeals"]`` counts how many deals were skipped (0 almost
always). Seeding follows Gymnasium: ``reset(seed=s)`` plays the engine seed ``s`` and reseeds
the environment's generator, from which a later ``reset()`` without a seed draws its
engine seed; before any seed the generator is seeded from the operating system's entropy.
"""

import gymnasium
import numpy as np
from gymnasium import spaces

import rise_engine


class RiseEnv(gymnasium.Env):
    """One seat of a Rise Engine game against built-in opponents (see module doc)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id, opponent="random", seat=0, options=None, render_mode=None, normalized=False,
                 shaped_reward=False):
        self.game = rise_engine.load_game(game_id, dict(options or {}))
        if not 0 <= seat < self.game.num_players():
            raise ValueError("seat %d: the game has %d seats" % (seat, self.game.num_players()))
        self.seat = seat
        self.opponent_spec = opponent
        self.render_mode = render_mode
        shape = tuple(self.game.observation_tensor_shape())
        self.normalized = bool(normalized)
        self.shaped_reward = bool(shaped_reward)
        self._potential = 0.0
        if self.normalized:
            self.observation_space = spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32)
        else:
            bounds = self.game.observation_bounds()
            self.observation_space = spaces.Box(low=bounds["low"], high=bounds["high"], dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state = None
        self._illegal = False
        self._opponents = None
        self._episode_seed = 0

    def _observation(self):
        return self.state.observation_tensor(self.seat, normalized=self.normalized)

    def _info(self):
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.state.is_terminal():
            mask = self.state.legal_actions_mask()
        return {"action_mask": mask}

    def _play_opponents(self):
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            bot = self._opponents[self.state.current_player()]
            self.state.apply_action(bot.step(self.state))

    def _potential_now(self):
        if not self.shaped_reward or self.state.is_terminal():
            return 0.0
        return float(self.state.evaluate(self.seat))

    def _reward(self):
        reward = float(self.state.returns()[self.seat]) if self.state.is_terminal() else 0.0
        if self.shaped_reward:
            potential = self._potential_now()
            reward += potential - self._potential
            self._potential = potential
        return reward

    # Deals skipped in a row before reset() gives up (a game whose opponents always end it
    # before the learner decides is a configuration error, not bad luck).
    MAX_REDEALS = 100

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        if seed is not None:
            self._episode_seed = int(seed)
        else:
            self._episode_seed = int(self.np_random.integers(0, 2**62))
        for redeals in range(self.MAX_REDEALS + 1):
            if redeals > 0:
                self._episode_seed = int(self.np_random.integers(0, 2**62))
            self.state = self.game.new_initial_state(self._episode_seed)
            self._illegal = False
            self._opponents = {
                p: rise_engine.Bot(self.opponent_spec, (self._episode_seed * 16 + p + 1) % 2**64)
                for p in range(self.game.num_players())
                if p != self.seat
            }
            self._play_opponents()
            if not self.state.is_terminal():
                self._potential = self._potential_now()
                info = self._info()
                info["redeals"] = redeals
                return self._observation(), info
        raise rise_engine.RiseError(
            "reset: the opponents ended %d deals in a row before seat %d decided" % (self.MAX_REDEALS + 1, self.seat))

    def step(self, action):
        if self.state is None or self.state.is_terminal() or self._illegal:
            raise rise_engine.RiseError("step: call reset() first (the episode is over)")
        action = rise_engine._checked_action(action, self.game.num_distinct_actions())
        if not self.state.legal_actions_mask()[action]:
            # An illegal action ends the episode as a loss (as PettingZoo's
            # TerminateIllegalWrapper does); the game state is left as it was.
            info = {"action_mask": np.zeros(self.game.num_distinct_actions(), np.int8), "illegal_action": True}
            self._illegal = True
            reward = -1.0 - (self._potential if self.shaped_reward else 0.0)  # a finished game's potential is 0
            return self._observation(), reward, True, False, info
        self.state.apply_action(action)
        self._play_opponents()
        terminated = self.state.is_terminal()
        return self._observation(), self._reward(), terminated, False, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return self.state.render(self.seat)
        return None

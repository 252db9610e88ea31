"""The four games as OpenSpiel (pyspiel) Python games, so that OpenSpiel's own tools run on
them unchanged: ``pyspiel.random_sim_test``, ``MCTSBot``, ``ISMCTSBot``, CFR-style tree
walkers on small options, and anything that takes a ``pyspiel.Game``.

    import pyspiel
    import rise_engine.openspiel   # registers the games
    game = pyspiel.load_game("rise_hex")          # or load_game("rise_tcg", {"players": 4})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)

Short names: ``rise_hex``, ``rise_tcg``, ``dark_legacy``, ``raise_rise_die``. Parameters:
``players`` (int) and every option of the game (as strings, docs/formats.md), e.g.
``{"players": 3, "decks": "ember-legion,tide-callers,iron-vanguard"}``.

Chance: the engines draw dice, coins and shuffles from the state's own seeded generator
inside ``apply_action`` (docs/learning.md, "Chance"). rise-hex is DETERMINISTIC; the card
games are SAMPLED_STOCHASTIC: no chance node appears, the outcome is fixed by the state (a
clone draws the same outcome), and ``new_initial_state()`` draws its seed from the game's
``seed`` parameter (default 0) and a counter, so that successive games differ and the run
is reproducible. ``resample_from_infostate`` re-deals everything the player cannot see
(``State.resample_hidden``), which ISMCTS uses.

Observations: ``observation_string(p)`` / ``information_state_string(p)`` are the JSON
text of ``observation_json(p)`` (for the card games it holds the public log of every past
action as p may read it, hence perfect recall of public events; for rise-hex the
information state is the action history, the observation the position);
``observation_tensor(p)`` is ``State.observation_tensor(p)``.
"""

import json

import numpy as np
import pyspiel

import rise_engine

# pyspiel short name <-> engine id.
SHORT_NAMES = {
    "rise-hex": "rise_hex",
    "rise-tcg": "rise_tcg",
    "dark-legacy": "dark_legacy",
    "raise-rise-die": "raise_rise_die",
}


def _game_type(game_id):
    info = rise_engine.game_info(game_id)
    params = {"players": info["min_players"], "seed": 0}
    for option in info["options"]:
        params[option["name"]] = option["default"]
    stochastic = not info["deterministic"]
    perfect = info["perfect_information"]
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game_id],
        long_name=info["name"] + " (Rise Engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
            if stochastic
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        # Two seats: +1/-1/0, zero-sum; more seats (rise-tcg): still summing to 0, but not
        # a two-sided contest, so general-sum with a constant (0) sum is declared.
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if info["max_players"] == 2
            else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info["max_players"],
        min_num_players=info["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class RiseGame(pyspiel.Game):
    """A Rise Engine game as a pyspiel.Game (one class per engine id, made by register())."""

    GAME_ID = None  # set on each subclass

    def __init__(self, params=None):
        params = dict(params or {})
        game_type = _game_type(self.GAME_ID)
        full = dict(game_type.parameter_specification)
        full.update(params)
        options = {k: str(v) for k, v in full.items() if k not in ("seed",)}
        self.rise_game = rise_engine.load_game(self.GAME_ID, options)
        self._seed = int(full.get("seed", 0))
        self._games_started = 0
        utility = 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rise_game.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=self.rise_game.num_players(),
            min_utility=-utility,
            max_utility=utility,
            utility_sum=0.0,
            max_game_length=self.rise_game.max_game_length(),
        )
        super().__init__(game_type, info, full)

    def new_initial_state(self):
        seed = self._seed * 1_000_003 + self._games_started
        self._games_started += 1
        return RiseState(self, self.rise_game.new_initial_state(seed))

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return RiseObserver(self.rise_game, perfect_recall)


class RiseState(pyspiel.State):
    """A pyspiel.State over a rise_engine.State (actions: dense indices)."""

    def __init__(self, game, rise_state):
        super().__init__(game)
        self.rise = rise_state

    def current_player(self):
        player = self.rise.current_player()
        return pyspiel.PlayerId.TERMINAL if player == rise_engine.TERMINAL else player

    def _legal_actions(self, player):
        if player != self.rise.current_player():
            return []
        return self.rise.legal_actions()

    def _apply_action(self, action):
        self.rise.apply_action(int(action))

    def _action_to_string(self, player, action):
        try:
            return self.rise.action_to_string(int(action))
        except rise_engine.RiseError:
            return "action(%d)" % action  # not legal here: no notation to give

    def is_terminal(self):
        return self.rise.is_terminal()

    def returns(self):
        return self.rise.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        seed = int(probability_sampler() * (2**63)) if callable(probability_sampler) else 0
        sample = self.rise.resample_hidden(player_id, seed)
        return RiseState(self.get_game(), sample)

    def __str__(self):
        return self.rise.render()


class RiseObserver:
    """Observation tensor and strings for pyspiel's observer protocol."""

    def __init__(self, rise_game, perfect_recall):
        shape = tuple(rise_game.observation_tensor_shape())
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self._perfect_recall = perfect_recall
        self._perfect_information = rise_game.perfect_information()

    def set_from(self, state, player):
        self.tensor[:] = state.rise.observation_tensor(player).reshape(-1)

    def string_from(self, state, player):
        if self._perfect_recall and self._perfect_information:
            return " ".join(str(a) for a in state.rise.engine_history())
        return json.dumps(state.rise.observation_json(player), sort_keys=True, separators=(",", ":"))


def _make_class(game_id):
    return type(
        "RiseGame_" + SHORT_NAMES[game_id],
        (RiseGame,),
        {"GAME_ID": game_id, "__doc__": "%s as a pyspiel.Game." % game_id},
    )


GAME_CLASSES = {}


def register():
    """Registers the four games with pyspiel (done on import; calling again is harmless)."""
    for game_id in rise_engine.registered_games():
        short = SHORT_NAMES[game_id]
        if short in GAME_CLASSES:
            continue
        cls = _make_class(game_id)
        GAME_CLASSES[short] = cls
        pyspiel.register_game(_game_type(game_id), cls)


def load_game(game_id, params=None):
    """``pyspiel.load_game`` by engine id ('rise-hex') or short name ('rise_hex')."""
    register()
    return pyspiel.load_game(SHORT_NAMES.get(game_id, game_id), params or {})


register()

"""The four games as OpenSpiel (pyspiel) Python games, so that OpenSpiel's own tools run on
them unchanged: ``pyspiel.random_sim_test``, ``MCTSBot``, ``ISMCTSBot``, CFR-style tree
walkers on small options, and anything that takes a ``pyspiel.Game``.

    import pyspiel
    import rise_engine.openspiel   # registers the games
    game = pyspiel.load_game("rise_hex")          # or load_game("rise_tcg", {"players": 4})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)

Short names: ``rise_hex``, ``rise_tcg``, ``dark_legacy``, ``raise_rise_die``. Parameters:
``players`` (int), ``seed`` (int; the card games only, rise-hex deals nothing) and every
option of the game (docs/formats.md; ``{"mode": "dungeon"}`` makes rise-tcg's one-seat
Dungeon, players 1 without asking): integers
as ints, other values as strings, a list's commas written as spaces (pyspiel's game strings
use commas between parameters), and a value pyspiel would read as a number in single
quotes, e.g. ``{"players": 3, "draw": "'0-2'"}``, ``{"decks": "lame ombre"}``.

Chance: the engines draw dice, coin tosses and shuffles from the state's own seeded
generator inside ``apply_action`` (docs/learning.md). OpenSpiel's Python games cannot save a
generator (``GetRNGState`` is not available to them), so the card games are exposed as
EXPLICIT_STOCHASTIC with one chance node, at the start: its outcome ``k`` in
``[0, CHANCE_OUTCOMES)`` (each with probability ``1/CHANCE_OUTCOMES``) is the seed of the
engine's game (``seed`` parameter ``* CHANCE_OUTCOMES + k``). Every later die, coin and
shuffle follows from it, as part of the state that no player sees (``resample_hidden``
re-deals it), so each game's distribution is the engine's. rise-hex is DETERMINISTIC and
starts from the ``seed`` parameter. ``resample_from_infostate`` is ``State.resample_hidden``
(what ISMCTS uses).

Observations: ``observation_string(p)`` / ``information_state_string(p)`` are the JSON
text of ``observation_json(p)``; for the card games the information state's ``log`` is the
whole log as p may read it (``State.log_lines(p)``: every past event, hence perfect recall of
what p saw), the observation's the latest 256 events; for rise-hex the information state is
the action history, the observation the position;
``observation_tensor(p)`` is ``State.observation_tensor(p)``. ``make_py_observer`` gives what
the observation type asks (``RiseObserver``): public information only is the spectator's
view; the games provide no information-state tensor.

Utility: two seats ZERO_SUM, three to six (rise-tcg) CONSTANT_SUM with a sum of 0, one seat
(the Dungeon) GENERAL_SUM. A game pickles (rebuilt from its parameters).
"""

import json

import numpy as np
import pyspiel

import rise_engine

# The outcomes of the chance node that starts a card game (its engine seed).
CHANCE_OUTCOMES = 1024

# pyspiel short name <-> engine id.
SHORT_NAMES = {
    "rise-hex": "rise_hex",
    "rise-tcg": "rise_tcg",
    "dark-legacy": "dark_legacy",
    "raise-rise-die": "raise_rise_die",
}


def _to_param(value):
    """An engine option value (text) as a pyspiel parameter: an integer as int; otherwise
    text with a list's commas as spaces (pyspiel's game strings separate parameters by
    commas), in single quotes when pyspiel would read it as a number (e.g. '1-2')."""
    try:
        return int(value)
    except ValueError:
        pass
    if value and all(c.isdigit() or c in "-+." for c in value):
        return "'" + value + "'"
    return value.replace(",", " ")


def _to_option(value):
    """A pyspiel parameter as the engine option's text (the inverse of _to_param)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        if len(value) >= 2 and value[0] == value[-1] == "'":
            return value[1:-1]
        return value.replace(" ", ",")
    return str(value)


def _utility(players):
    """OpenSpiel's utility of a game of `players` seats: one seat (rise-tcg's Dungeon) wins
    +1 or loses -1 alone (general-sum); two seats are zero-sum (+1/-1, draws 0); more
    (rise-tcg) still sum to 0 (the winner +1, each other -1/(n-1)) but are no two-sided
    contest, so they are declared constant-sum with a sum of 0."""
    if players == 1:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if players == 2:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.CONSTANT_SUM


def _game_type(game_id, players=None):
    info = rise_engine.game_info(game_id)
    stochastic = not info["deterministic"]
    perfect = info["perfect_information"]
    # The seed picks the deals of a stochastic game; a deterministic one (rise-hex) has none.
    params = {"players": info["min_players"], "seed": 0} if stochastic else {"players": info["min_players"]}
    for option in info["options"]:
        params[option["name"]] = _to_param(option["default"])
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game_id],
        long_name=info["name"] + " (Rise Engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if stochastic
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        # Registered with the game's default seat count; each game made declares its own.
        utility=_utility(players if players is not None else info["min_players"]),
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
        self._params = dict(params)
        full = dict(_game_type(self.GAME_ID).parameter_specification)
        if params.get("mode") == "dungeon" and params.get("players", full["players"]) == full["players"]:
            # rise-tcg's Dungeon mode has one seat (Rule TCG-17.1); pyspiel fills in the
            # registered default (2) before we see the parameters, so that one is read as unset.
            params["players"] = 1
        full.update(params)
        options = {k: _to_option(v) for k, v in full.items() if k != "seed"}
        self.rise_game = rise_engine.load_game(self.GAME_ID, options)
        game_type = _game_type(self.GAME_ID, self.rise_game.num_players())
        self._seed = int(full.get("seed", 0))
        self.stochastic = not self.rise_game.deterministic()
        utility = 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rise_game.num_distinct_actions(),
            max_chance_outcomes=CHANCE_OUTCOMES if self.stochastic else 0,
            num_players=self.rise_game.num_players(),
            min_utility=-utility,
            max_utility=utility,
            utility_sum=None if self.rise_game.num_players() == 1 else 0.0,
            max_game_length=self.rise_game.max_game_length(),
        )
        super().__init__(game_type, info, full)

    def new_initial_state(self):
        if self.stochastic:
            return RiseState(self, None)  # the chance node that draws the engine's seed
        return RiseState(self, self.rise_game.new_initial_state(self._seed))

    def engine_seed(self, outcome):
        """The engine seed of the starting chance node's outcome."""
        return self._seed * CHANCE_OUTCOMES + outcome

    def make_py_observer(self, iig_obs_type=None, params=None):
        return RiseObserver(self.rise_game, iig_obs_type)

    def __reduce__(self):
        # A pyspiel.Game made in Python cannot be pickled by pyspiel; this one is rebuilt from
        # its parameters, so that it can go to multiprocessing workers.
        return (load_game, (self.GAME_ID, dict(self._params)))


class RiseState(pyspiel.State):
    """A pyspiel.State over a rise_engine.State (actions: dense indices). For a card game,
    ``rise`` is None at the starting chance node."""

    def __init__(self, game, rise_state):
        super().__init__(game)
        self.rise = rise_state

    def current_player(self):
        if self.rise is None:
            return pyspiel.PlayerId.CHANCE
        player = self.rise.current_player()
        return pyspiel.PlayerId.TERMINAL if player == rise_engine.TERMINAL else player

    def _legal_actions(self, player):
        if self.rise is None or player != self.rise.current_player():
            return []
        return self.rise.legal_actions()

    def chance_outcomes(self):
        assert self.rise is None
        p = 1.0 / CHANCE_OUTCOMES
        return [(k, p) for k in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action):
        if self.rise is None:
            game = self.get_game()
            self.rise = game.rise_game.new_initial_state(game.engine_seed(int(action)))
        else:
            self.rise.apply_action(int(action))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return "seed %d" % action
        try:
            return self.rise.action_to_string(int(action))
        except rise_engine.RiseError:
            return "action(%d)" % action  # not legal here: no notation to give

    def is_terminal(self):
        return self.rise is not None and self.rise.is_terminal()

    def returns(self):
        if self.rise is None:
            return [0.0] * self.get_game().num_players()
        return self.rise.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        if self.rise is None:
            return RiseState(self.get_game(), None)
        seed = int(probability_sampler() * (2**63))
        return RiseState(self.get_game(), self.rise.resample_hidden(player_id, seed))

    def __str__(self):
        return "(chance: the seed)" if self.rise is None else self.rise.render()


class RiseObserver:
    """Observation tensor and strings for pyspiel's observer protocol, for the
    ``pyspiel.IIGObservationType`` asked (None: the default observation):

    - public and the seat's private information, no perfect recall (pyspiel's observation):
      the seat's ``observation_json`` and ``observation_tensor``;
    - public information only (``private_info`` NONE): the public view, what a spectator sees
      (``observation_json(SPECTATOR)``, ``observation_tensor(SPECTATOR)``), the same for
      every seat and in every ``resample_hidden`` of any seat;
    - perfect recall (the information state): strings only, the seat's (or with public
      information only, the spectator's) view with its whole log, or rise-hex's action
      history; the games provide no information-state tensor, and asking for one raises.

    Other types (every player's private information, private without public) are not
    provided: ``ValueError``.
    """

    def __init__(self, rise_game, iig_obs_type=None):
        self._perfect_information = rise_game.perfect_information()
        if iig_obs_type is None:
            public, private, recall = True, pyspiel.PrivateInfoType.SINGLE_PLAYER, False
        else:
            public, private, recall = (iig_obs_type.public_info, iig_obs_type.private_info,
                                       iig_obs_type.perfect_recall)
        if not public or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("%s: no observer for %s (provided: the observation, the public observation, "
                             "the information state)" % (rise_game.id(), iig_obs_type))
        self._public_only = private == pyspiel.PrivateInfoType.NONE
        self._perfect_recall = recall
        if recall:
            self.tensor = None
            self.dict = {}
        else:
            shape = tuple(rise_game.observation_tensor_shape())
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def _viewer(self, player):
        return rise_engine.SPECTATOR if self._public_only else player

    def set_from(self, state, player):
        if self.tensor is None:
            raise rise_engine.RiseError("the Rise Engine games provide no information state tensor "
                                        "(provides_information_state_tensor is False): use the string, or "
                                        "observation_tensor")
        if state.rise is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = state.rise.observation_tensor(self._viewer(player)).reshape(-1)

    def string_from(self, state, player):
        if state.rise is None:
            return ""
        if self._perfect_recall and self._perfect_information:
            return " ".join(str(a) for a in state.rise.engine_history())
        viewer = self._viewer(player)
        view = state.rise.observation_json(viewer)
        if self._perfect_recall and "log" in view:
            # The observation shows the latest 256 events; the information state, all of them.
            view["log"] = state.rise.log_lines(viewer)
            view.pop("log_from", None)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


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

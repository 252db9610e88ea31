"""OpenSpiel's ISMCTS bot against Rise Engine's own ismcts, on a hidden-information game.

    python examples/openspiel_ismcts.py [--game raise-rise-die] [--games N] [--sims N]

OpenSpiel's ISMCTSBot (Python, on the pyspiel registration of the game) plays our C++
`ismcts` (rise_engine.Bot) with the same number of simulations per move, seats alternating.
Prints the wins of each side.
"""

import argparse

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import rise_engine
from rise_engine import openspiel as rise_openspiel


class EngineBot:
    """rise_engine.Bot behind the step(state) of a pyspiel bot."""

    def __init__(self, spec, seed):
        self.bot = rise_engine.Bot(spec, seed)

    def step(self, state):
        return self.bot.step(state.rise)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="raise-rise-die")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--sims", type=int, default=100)
    args = parser.parse_args()
    game = rise_openspiel.load_game(args.game)
    wins = {"openspiel-ismcts": 0, "rise-ismcts": 0, "draw": 0}
    for g in range(args.games):
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(g))
        theirs = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.sims,
                                  random_state=np.random.RandomState(g), use_observation_string=True)
        ours = EngineBot("ismcts:iters=%d" % args.sims, g + 1)
        seats = [theirs, ours] if g % 2 == 0 else [ours, theirs]
        state = game.new_initial_state()
        state.apply_action(g)  # the chance node that starts a card game: the seed of game g
        while not state.is_terminal():
            state.apply_action(seats[state.current_player()].step(state))
        returns = state.returns()
        their_seat = 0 if g % 2 == 0 else 1
        if returns[their_seat] > 0:
            wins["openspiel-ismcts"] += 1
        elif returns[their_seat] < 0:
            wins["rise-ismcts"] += 1
        else:
            wins["draw"] += 1
    print("%s, %d games, %d simulations a move: %s" % (args.game, args.games, args.sims, wins))


if __name__ == "__main__":
    main()

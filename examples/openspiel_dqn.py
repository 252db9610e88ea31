"""OpenSpiel's own DQN learning a Rise Engine game against a random player, through OpenSpiel's
rl_environment: a learner none of us wrote.

    python examples/openspiel_dqn.py [--game raise-rise-die] [--seat 1] [--episodes N]
                                     [--eval N] [--seed S]

Only the game is ours: ``rise_engine.openspiel`` registers it with pyspiel,
``open_spiel.python.rl_environment.Environment`` steps it (sampling its chance node and
giving each seat ``observation_tensor(seat)`` and its legal actions), and
``open_spiel.python.jax.dqn.DQN`` (Flax, optax; Mnih et al., *Human-level control through deep
reinforcement learning*, Nature 2015) learns in seat ``--seat`` against
``open_spiel.python.algorithms.random_agent.RandomAgent`` in the other seat.

It prints three win rates of that seat, each over ``--eval`` games against the random player
with a 95% Wilson interval: a random player's (the baseline: in raise-rise-die the seat that
starts wins most games whoever plays, e.g. random wins 72% from seat 0 against random), the
untrained DQN's and the trained DQN's (greedy, ``is_evaluation=True``). docs/python.md,
"Learning with OpenSpiel's DQN", gives a measured run.
"""

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent
from open_spiel.python.jax import dqn

import rise_engine.openspiel  # noqa: F401  (registers the games with pyspiel)
from learn_raise_rise_die import wilson  # the 95% Wilson interval, beside this file


def play(env, agents, seat, games, training=False):
    """`games` episodes of `agents` (one per seat); the wins of `seat`. The DQN learns from
    every time step of its seat when `training`, else it acts greedily."""
    wins = 0
    for _ in range(games):
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            agent = agents[player]
            if isinstance(agent, dqn.DQN):
                output = agent.step(time_step, is_evaluation=not training)
            else:
                output = agent.step(time_step)
            time_step = env.step([output.action])
        for agent in agents:  # every agent sees the last step (the DQN learns its reward)
            if isinstance(agent, dqn.DQN):
                agent.step(time_step, is_evaluation=not training)
        wins += time_step.rewards[seat] > 0
    return wins


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="raise-rise-die", help="raise-rise-die or rise-hex (any of the four works)")
    parser.add_argument("--seat", type=int, default=1, help="the learner's seat")
    parser.add_argument("--episodes", type=int, default=600, help="training games")
    parser.add_argument("--eval", type=int, default=400, help="games of each measurement")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyspiel.load_game(rise_engine.openspiel.SHORT_NAMES[args.game])
    env = rl_environment.Environment(game, seed=args.seed)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    seat, other = args.seat, 1 - args.seat
    # Steps of the learner per game, roughly, for the exploration schedule (raise-rise-die
    # about 70, rise-hex about 290 against random).
    steps_per_game = 70 if args.game == "raise-rise-die" else 290
    learner = dqn.DQN(player_id=seat, state_representation_size=size, num_actions=actions,
                      hidden_layers_sizes=[64], replay_buffer_capacity=3000, batch_size=32,
                      learning_rate=1e-3, optimizer_str="adam", update_target_network_every=500,
                      learn_every=10, min_buffer_size_to_learn=500, epsilon_start=1.0, epsilon_end=0.05,
                      epsilon_decay_duration=max(1, args.episodes * steps_per_game // 2),
                      allow_checkpointing=False, seed=args.seed)
    opponent = random_agent.RandomAgent(player_id=other, num_actions=actions)
    stand_in = random_agent.RandomAgent(player_id=seat, num_actions=actions)

    def agents_with(agent):
        pair = [None, None]
        pair[seat], pair[other] = agent, opponent
        return pair

    def report(label, wins):
        rate, low, high = wilson(wins, args.eval)
        print(f"{label:<22} {wins:>5} of {args.eval}  {100 * rate:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]")

    print(f"{args.game}: OpenSpiel's DQN in seat {seat} against random, {args.episodes} training games, "
          f"{args.eval} games a measurement, seed {args.seed}")
    report("random (baseline)", play(env, agents_with(stand_in), seat, args.eval))
    report("DQN untrained", play(env, agents_with(learner), seat, args.eval))
    start = time.perf_counter()
    trained_wins = play(env, agents_with(learner), seat, args.episodes, training=True)
    seconds = time.perf_counter() - start
    print(f"training: {args.episodes} games ({trained_wins} won while exploring), {learner.step_counter} learner "
          f"steps, {seconds:.0f} s")
    report("DQN trained", play(env, agents_with(learner), seat, args.eval))


if __name__ == "__main__":
    main()

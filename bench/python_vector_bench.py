"""Python-side throughput of rise_engine (docs/python.md, "Batched stepping").

    build/venv/bin/python bench/python_vector_bench.py [--game G] [--envs N] [--steps S]

Measures, for one game:
  1. random actions/s through the Python State API (legal_actions, apply_action);
  2. steps/s of a Python loop over N single environments that each step yields what a
     learner needs (observation tensor and legal action mask of the player to move);
  3. steps/s of rise_engine.VectorEnv doing the same for N games per call, on 1 and 2
     threads.
Random legal actions throughout: drawn in Python from legal_actions() for the loop, by
VectorEnv.sample_legal_actions for the VectorEnv.
"""

import argparse
import time

import numpy as np

import rise_engine


def api_actions_per_second(game, seconds):
    rng = np.random.default_rng(0)
    n, seed, start = 0, 0, time.perf_counter()
    state = game.new_initial_state(seed)
    while time.perf_counter() - start < seconds:
        if state.is_terminal():
            seed += 1
            state = game.new_initial_state(seed)
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
        n += 1
    return n / (time.perf_counter() - start)


def python_loop_steps_per_second(game, envs, steps):
    rng = np.random.default_rng(0)
    states = [game.new_initial_state(i) for i in range(envs)]
    start = time.perf_counter()
    for _ in range(steps):
        for i, s in enumerate(states):
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.random() * len(legal))])
            if s.is_terminal():
                states[i] = s = game.new_initial_state(i + envs)
            s.observation_tensor(s.current_player())  # what a learner reads at each step
            s.legal_actions_mask()
    return envs * steps / (time.perf_counter() - start)


def vector_steps_per_second(game, envs, steps, threads):
    v = rise_engine.VectorEnv(game, envs, threads, 0)
    v.reset()
    start = time.perf_counter()
    for k in range(steps):
        v.step(v.sample_legal_actions(k))
    return envs * steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="raise-rise-die")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    game = rise_engine.load_game(args.game)
    print("%s: %d dense actions, tensor %s" % (args.game, game.num_distinct_actions(), game.observation_tensor_shape()))
    print("Python State API, random actions:      %10.0f actions/s" % api_actions_per_second(game, args.seconds))
    loop = python_loop_steps_per_second(game, args.envs, args.steps)
    print("Python loop over %3d environments:     %10.0f steps/s" % (args.envs, loop))
    for threads in (1, 2):
        v = vector_steps_per_second(game, args.envs, args.steps, threads)
        print("VectorEnv, %3d games, %d thread(s):     %10.0f steps/s  (%.1fx the loop)" % (args.envs, threads, v,
                                                                                          v / loop))


if __name__ == "__main__":
    main()

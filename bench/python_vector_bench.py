"""Python-side throughput of rise_engine (docs/python.md, "Batched stepping").

    build/venv/bin/python bench/python_vector_bench.py [--game G] [--envs N] [--steps S] [--seconds T]

On a release build of the module (`pip install .`, or a Release tree with -DRISE_PYTHON=ON:
the test trees' module checks every index and is several times slower).

Measures, for one game:
  1. random actions/s through the Python State API (legal_actions, apply_action);
  2. steps/s of a Python loop over N single environments that each step yields what a
     learner needs (observation tensor and legal action mask of the player to move);
  3. steps/s of rise_engine.VectorEnv doing the same for N games per call, on 1 and 2
     threads, its actions drawn by VectorEnv.sample_legal_actions;
  4. the same driven by logits from Python (VectorEnv.step_logits: a [N, A] float32 array
     at every step, as a policy's output would be: eight made in numpy beforehand, used in
     turn), on 1 and 2 threads, with copies and with views of the buffers (copy=False);
  5. the asynchronous mode (async_reset, send, recv: EnvPool's) with a batch of half the
     games on 2 threads, and of all of them on 1, the actions the masked argmax of logits in
     numpy (as a policy's output would be chosen in Python);
  6. Gymnasium's own SyncVectorEnv and AsyncVectorEnv (one process per environment) over N RiseEnv
     (against "random": a learner's step there includes the opponent's replies).
The loop draws its random legal actions in Python from legal_actions().
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


def timed(step, envs, seconds, warmup=20):
    """Steps/s of `step(k)` (one step of `envs` games) run for `seconds` after `warmup` calls."""
    for k in range(warmup):
        step(k)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        step(warmup + n)
        n += 1
    return envs * n / (time.perf_counter() - start)


def vector_steps_per_second(game, envs, seconds, threads):
    v = rise_engine.VectorEnv(game, envs, threads, 0)
    v.reset()
    return timed(lambda k: v.step(v.sample_legal_actions(k)), envs, seconds)


def vector_logits_steps_per_second(game, envs, seconds, threads, copy):
    v = rise_engine.VectorEnv(game, envs, threads, 0, copy=copy)
    v.reset()
    # A policy's outputs, made before the clock starts (the loop has no policy either).
    rng = np.random.default_rng(0)
    outputs = [rng.standard_normal((envs, game.num_distinct_actions()), dtype=np.float32) for _ in range(8)]
    return timed(lambda k: v.step_logits(outputs[k % len(outputs)], seed=k), envs, seconds)


def async_steps_per_second(game, envs, seconds, threads, batch):
    v = rise_engine.VectorEnv(game, envs, threads, 0, copy=False, batch_size=batch)
    rng = np.random.default_rng(0)
    outputs = [rng.standard_normal((batch, game.num_distinct_actions()), dtype=np.float32) for _ in range(8)]
    v.async_reset()
    state = {"result": v.recv()}

    def step(k):
        _, masks, _, _, _, ids = state["result"]
        actions = np.where(masks.astype(bool), outputs[k % len(outputs)], -np.inf).argmax(axis=1)
        v.send(actions, ids)
        state["result"] = v.recv()

    return timed(step, batch, seconds)


def gymnasium_vector_steps_per_second(game_id, envs, steps, asynchronous):
    import gymnasium

    from rise_engine.gymnasium import RiseEnv

    def make():
        return RiseEnv(game_id, opponent="random")

    kind = gymnasium.vector.AsyncVectorEnv if asynchronous else gymnasium.vector.SyncVectorEnv
    extra = {"shared_memory": True} if asynchronous else {}
    vec = kind([make] * envs, **extra)
    try:
        _, infos = vec.reset(seed=0)
        rng = np.random.default_rng(0)
        start = time.perf_counter()
        for _ in range(steps):
            # A finished episode's mask is all zeros: its next action is ignored (autoreset).
            masks = infos["action_mask"]
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
            _, _, _, _, infos = vec.step(actions)
        return envs * steps / (time.perf_counter() - start)
    finally:
        vec.close()


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
    # A first run of a second warms the process up (its first timings were half the later).
    vector_logits_steps_per_second(game, args.envs, 1.0, 1, True)
    for threads in (1, 2):
        v = vector_steps_per_second(game, args.envs, args.seconds, threads)
        print("VectorEnv, %3d games, %d thread(s):     %10.0f steps/s  (%.1fx the loop)" % (args.envs, threads, v,
                                                                                          v / loop))
    for copy in (True, False):
        one = vector_logits_steps_per_second(game, args.envs, args.seconds, 1, copy)
        two = vector_logits_steps_per_second(game, args.envs, args.seconds, 2, copy)
        print("VectorEnv.step_logits, copy=%-5s 1 thread: %10.0f steps/s  (%.1fx the loop)" % (copy, one, one / loop))
        print("VectorEnv.step_logits, copy=%-5s 2 threads: %9.0f steps/s  (%.2fx one thread)" % (copy, two, two / one))
    one = async_steps_per_second(game, args.envs, args.seconds, 1, args.envs)
    two = async_steps_per_second(game, args.envs, args.seconds, 2, args.envs // 2)
    print("VectorEnv send/recv, batch %3d, 1 thread:  %9.0f steps/s  (%.1fx the loop)" % (args.envs, one, one / loop))
    print("VectorEnv send/recv, batch %3d, 2 threads: %9.0f steps/s  (%.2fx one thread)" % (args.envs // 2, two,
                                                                                          two / one))
    gym_steps = max(1, args.steps // 4)
    sync = gymnasium_vector_steps_per_second(args.game, args.envs, gym_steps, False)
    print("gymnasium SyncVectorEnv of RiseEnv:    %10.0f steps/s  (%.2fx the loop)" % (sync, sync / loop))
    asynchronous = gymnasium_vector_steps_per_second(args.game, args.envs, gym_steps, True)
    print("gymnasium AsyncVectorEnv of RiseEnv:   %10.0f steps/s  (%.2fx the loop)" % (asynchronous,
                                                                                    asynchronous / loop))


if __name__ == "__main__":
    main()

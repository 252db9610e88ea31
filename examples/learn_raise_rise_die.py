"""A minimal learning loop, numpy only: a linear softmax policy trained by REINFORCE on
Raise, Rise & Die against the built-in `random` player, then measured against it.

    python examples/learn_raise_rise_die.py [--train N] [--eval N] [--seed S]

The policy reads the learner's observation tensor (rise_engine, docs/formats.md) and picks
among the legal dense actions (docs/learning.md): logits = W x + b over the action mask.
After training it plays --eval games against `random` (seats alternating) and prints its
win rate with a 95% Wilson interval (its most likely action each time); the untrained
policy (W = 0, b = 0: uniform over the legal actions, i.e. a random player) is measured the
same way as the baseline.
"""

import argparse
import math

import numpy as np

import rise_engine


def wilson(wins, games, z=1.96):
    """The 95% Wilson score interval of a win rate: (rate, low, high)."""
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return p, centre - half, centre + half


class LinearPolicy:
    """Softmax over the legal actions of logits W[a] . x + b[a]; only the legal actions' rows
    are ever computed or updated, so a decision costs (legal actions x features)."""

    def __init__(self, obs_size, actions, rng):
        self.W = np.zeros((actions, obs_size))
        self.b = np.zeros(actions)
        self.rng = rng

    @staticmethod
    def features(obs):
        x = obs.reshape(-1).astype(np.float64)
        return x / (1.0 + np.abs(x))  # bounded, whatever the field's scale

    def probabilities(self, x, legal):
        logits = self.W[legal] @ x + self.b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, x, legal, greedy=False):
        p = self.probabilities(x, legal)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))
        return k


def play(game, policy, seed, learner, greedy=False, record=None):
    """One game of `policy` (seat `learner`) against random; returns the learner's return."""
    state = game.new_initial_state(seed)
    opponent = rise_engine.Bot("random", seed + 1)
    while not state.is_terminal():
        if state.current_player() == learner:
            x = LinearPolicy.features(state.observation_tensor(learner))
            legal = np.array(state.legal_actions())
            k = policy.act(x, legal, greedy)
            if record is not None:
                record.append((x, legal, k))
            state.apply_action(int(legal[k]))
        else:
            state.apply_action(opponent.step(state))
    return state.returns()[learner]


def train(game, policy, episodes, seed, lr=0.05):
    baseline = 0.0
    for e in range(episodes):
        trajectory = []
        ret = play(game, policy, seed + 2 * e, learner=e % 2, record=trajectory)
        advantage = ret - baseline
        baseline += 0.02 * (ret - baseline)
        step = lr * advantage / max(1, len(trajectory)) ** 0.5
        for x, legal, k in trajectory:
            grad = -policy.probabilities(x, legal)
            grad[k] += 1.0
            policy.W[legal] += step * np.outer(grad, x)
            policy.b[legal] += step * grad


def evaluate(game, policy, games, seed, greedy=True):
    """Win rate of `policy` (its most likely action, or sampled) against random."""
    wins = 0
    for g in range(games):
        wins += play(game, policy, seed + 2 * g, learner=g % 2, greedy=greedy) > 0
    return wilson(wins, games)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=600)
    parser.add_argument("--eval", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = rise_engine.load_game("raise-rise-die")
    rng = np.random.default_rng(args.seed)
    size = int(np.prod(game.observation_tensor_shape()))
    untrained = LinearPolicy(size, game.num_distinct_actions(), rng)
    base = evaluate(game, untrained, args.eval, seed=10**6, greedy=False)  # uniform: a random player
    policy = LinearPolicy(size, game.num_distinct_actions(), rng)
    train(game, policy, args.train, seed=args.seed * 10**4)
    rate = evaluate(game, policy, args.eval, seed=10**6)
    print("untrained vs random: %.1f%% [%.1f, %.1f] over %d games" % (100 * base[0], 100 * base[1], 100 * base[2],
                                                                      args.eval))
    print("trained   vs random: %.1f%% [%.1f, %.1f] over %d games (%d training games)" % (
        100 * rate[0], 100 * rate[1], 100 * rate[2], args.eval, args.train))
    return rate, base


if __name__ == "__main__":
    main()

"""A minimal learning loop, numpy only: a linear softmax policy trained by REINFORCE on
Raise, Rise & Die against the built-in `random` player, then measured against it.

    python examples/learn_raise_rise_die.py [--train N] [--eval N] [--seed S]

The policy reads the learner's observation tensor (rise_engine, docs/formats.md) and picks
among the legal dense actions (docs/learning.md): logits = W x + b over the action mask.
After training it plays --eval games against `random` (seats alternating) and prints its
win rate with a 95% Wilson interval; an untrained policy (W = 0, b = 0: uniform over the
legal actions) is measured the same way as the baseline.
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
    def __init__(self, obs_size, actions, rng):
        self.W = np.zeros((actions, obs_size))
        self.b = np.zeros(actions)
        self.rng = rng

    @staticmethod
    def features(obs):
        x = obs.reshape(-1).astype(np.float64)
        return x / (1.0 + np.abs(x))  # bounded, whatever the field's scale

    def probabilities(self, x, mask):
        logits = self.W @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, x, mask, greedy=False):
        p = self.probabilities(x, mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))


def play(game, policy, seed, learner, greedy=False, record=None):
    """One game of `policy` (seat `learner`) against random; returns the learner's return."""
    state = game.new_initial_state(seed)
    opponent = rise_engine.Bot("random", seed + 1)
    while not state.is_terminal():
        if state.current_player() == learner:
            x = LinearPolicy.features(state.observation_tensor(learner))
            mask = state.legal_actions_mask()
            a = policy.act(x, mask, greedy)
            if record is not None:
                record.append((x, mask, a))
            state.apply_action(a)
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
        for x, mask, a in trajectory:
            grad = -policy.probabilities(x, mask)
            grad[a] += 1.0
            step = lr * advantage / max(1, len(trajectory)) ** 0.5
            policy.W += step * np.outer(grad, x)
            policy.b += step * grad


def evaluate(game, policy, games, seed):
    wins = 0
    for g in range(games):
        wins += play(game, policy, seed + 2 * g, learner=g % 2, greedy=True) > 0
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
    base = evaluate(game, untrained, args.eval, seed=10**6)
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

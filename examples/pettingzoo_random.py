"""Random play through PettingZoo: every game of Rise Engine as an AEC environment.

    python examples/pettingzoo_random.py [--games N]

Plays N games of each game with uniformly random legal actions (from the action mask) and
prints each seat's total reward.
"""

import argparse

from rise_engine.pettingzoo import env


def play(game_id, games, options=None):
    e = env(game_id, options)
    totals = {a: 0.0 for a in e.possible_agents}
    actions = 0
    for g in range(games):
        e.reset(seed=g)
        for agent in e.agent_iter():
            obs, reward, termination, truncation, info = e.last()
            totals[agent] += reward
            if termination or truncation:
                e.step(None)
            else:
                e.step(e.action_space(agent).sample(obs["action_mask"]))
                actions += 1
    return totals, actions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    for game_id, options in [("rise-hex", None), ("rise-tcg", {"players": 3}), ("dark-legacy", None),
                             ("raise-rise-die", None)]:
        totals, actions = play(game_id, args.games, options)
        rewards = ", ".join("%s %+.0f" % (a, r) for a, r in totals.items())
        print("%-15s %d games, %d actions: %s" % (game_id, args.games, actions, rewards))


if __name__ == "__main__":
    main()

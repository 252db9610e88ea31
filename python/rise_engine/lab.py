"""The designers' lab from Python (docs/lab.md, "From Python").

The same library as ``rise lab`` and ``rise sim --round-robin``; each function returns, as
Python dicts and lists, what the command's ``--json`` writes::

    import rise_engine.lab as lab
    r = lab.ab("rise-tcg", ["cinderstorm", "deepcurrent"], patch="stronger.yaml", max_games=200)
    print(r["decision_text"], r["elo"])
    cards = lab.card_stats("rise-tcg", decks="cinderstorm,deepcurrent", games=100)
    print(cards["cards"][0])
    t = lab.tune("rise-tcg", "numbers.tune.yaml", budget=30, out="proposal.patch.yaml")
    print(t["changes"], t["confirmation"]["decision_text"])

Players default to the lab's own (honest ISMCTS at a small budget); a player that reads
hidden cards (``greedy``, ``mcts``) is refused unless ``allow_omniscient=True``. Every
function releases the GIL while its games run and raises :class:`rise_engine.RiseError`
for bad input.
"""

from . import _core

ab = _core.lab.ab
card_stats = _core.lab.card_stats
round_robin = _core.lab.round_robin
tune = _core.lab.tune

__all__ = ["ab", "card_stats", "round_robin", "tune"]

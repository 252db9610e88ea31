"""Training a game's learned evaluation from self-play (docs/ai.md, "Learned evaluations").

``python -m rise_engine.train GAME`` (what ``make train GAME=...`` runs):

1. **Self-play.** ``rise_engine.self_play`` plays games between the engine's own players
   (by default the game's search player at a small budget) on C++ threads and returns, at
   each recorded decision, every seat's ``observation_tensor(seat)`` with the seat's final
   return and the searcher's own value of its choice.
2. **Training.** A multilayer perceptron (ReLU hidden layers, a tanh value output) is fit
   with JAX and optax's Adam to the target ``mix * z + (1 - mix) * q``: ``z`` the seat's
   final return, ``q`` the search's value where one exists (the deciding seat's row; in a
   two-seat game its negation on the other seat's row). The inputs are standardised for
   training, and the standardisation is folded into the first layer when the weights are
   written, so the engine reads raw observation tensors. Games are split 90/10 into
   training and validation; the weights of the best validation loss are kept.
3. **Writing.** The weights file of docs/formats.md ("Network weights"): the header names
   the game, the observation tensor's size and version, the layer widths and the provenance
   (seed, games, samples, commit, settings, losses, and the measured strength).
4. **Checking and measuring.** The C++ inference (``rise_engine.network_value``) must agree
   with JAX's on validation rows; then ``rise_engine.simulate`` plays the new network's
   player against the current default (``--eval-against``), seats rotated, and the result
   is written into the file's provenance and the sidecar ``<out>.json``. By default the
   opponent is the game's default player (``rise_engine.default_player``): the shipped
   network's player once there is one, so a new network is measured against the current.

Only observation tensors are read, so the network never sees a card its seat cannot see.
Self-play scales with ``--threads`` (C++ threads; across machines, generate with ``rise
sim``'s MPI ranks); training runs on whatever device JAX finds (a GPU where jax[cuda] is
installed).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field

import numpy as np

import rise_engine

MAGIC = b"RISE-NET 1\n"


@dataclass
class TrainConfig:
    """Every setting of one training run (all written into the file's provenance)."""

    game: str
    out: str
    players: str = ""  # self-play player spec; "" = the game's default for training
    games: int = 200
    sample_rate: float = 1.0
    hidden: tuple = (128, 64)
    epochs: int = 30
    batch: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    min_std: float = 1e-6  # floor of the input standardisation's deviations
    base: str = ""  # "evaluation": learn a correction of the game's own evaluation
    mix: float = 0.5  # weight of the final return z against the search value q
    policy: float = 0.0  # weight of the policy head's cross-entropy loss; 0: no policy head
    # The policy loss's softmax: "legal" over the legal actions the samples record (as the
    # search takes it), "all" over every dense action (the network must then learn which
    # actions are legal too).
    policy_softmax: str = "legal"
    # The policy head's target: "action", the action the self-play search chose; "visits",
    # the share of the search's root visits of each legal action (AlphaZero's target; rows
    # without a search fall back to the chosen action).
    policy_target: str = "action"
    seed: int = 1
    threads: int = 2
    eval_games: int = 100
    eval_against: str = ""  # "" = the game's default player
    eval_player: str = ""  # "" = the default player's kind with net=<out>
    seats: int = 2
    options: dict = field(default_factory=dict)
    samples: str = ""  # an .npz of self-play samples: read if it exists, else written after self-play
    # > 0: self-play in parts of this many games, each written to SAMPLES.partNNNNNN.npz as it
    # ends, so that a stopped run continues where it stopped (needs `samples`).
    part_games: int = 0
    quiet: bool = False


def search_kind(game: str) -> str:
    """The game's search player without a network (docs/ai.md): mcts for rise-hex, ismcts otherwise."""
    return "mcts" if rise_engine.load_game(game).perfect_information() else "ismcts"


def _log(config: TrainConfig, text: str) -> None:
    if not config.quiet:
        print(text, flush=True)


def _play(config: TrainConfig, first: int, games: int) -> dict:
    """Games first .. first + games - 1 of the run's self-play (rise_engine.self_play)."""
    spec = config.players or search_kind(config.game) + ":iters=200"
    return rise_engine.self_play(
        config.game,
        [spec] * config.seats,
        games=games,
        threads=config.threads,
        seed=config.seed,
        sample_rate=config.sample_rate,
        options=config.options,
        first_game=first,
    )


def part_path(config: TrainConfig, first: int) -> str:
    """The file of the self-play part that starts at game `first` (TrainConfig.part_games)."""
    return f"{config.samples}.part{first:06d}.npz"


def _part_run(config: TrainConfig, first: int, games: int) -> str:
    """What a part file must have been played by: the settings its games depend on."""
    return json.dumps({"game": config.game, "players": config.players or search_kind(config.game) + ":iters=200",
                       "seats": config.seats, "seed": config.seed, "sample_rate": config.sample_rate,
                       "options": config.options, "first_game": first, "games": games}, sort_keys=True)


def generate(config: TrainConfig) -> dict:
    """Self-play samples for the run's settings: in one call, or with config.part_games > 0 in
    parts of that many games, each saved to part_path as it ends and read back instead of
    played again when it exists (a part of other settings is refused, naming its file). The
    parts' arrays concatenated are exactly one call's: a game depends only on the run's seed
    and its index. The part files are removed once the whole samples file is written."""
    if config.part_games <= 0:
        return _play(config, 0, config.games)
    if not config.samples:
        raise rise_engine.RiseError("--part-games: the parts need a --samples file to be written beside")
    parts = []
    for first in range(0, config.games, config.part_games):
        games = min(config.part_games, config.games - first)
        path, run = part_path(config, first), _part_run(config, first, games)
        if os.path.exists(path):
            with np.load(path) as data:
                if "run" not in data.files or str(data["run"]) != run:
                    raise rise_engine.RiseError(f"{path}: a self-play part of other settings than this run's "
                                                f"({run}); remove it or choose another --samples")
                parts.append({key: data[key] for key in data.files if key != "run"})
            _log(config, f"  games {first} to {first + games - 1}: read from {path}")
            continue
        part = _play(config, first, games)
        np.savez(path + ".tmp.npz", run=np.array(run), **part)
        os.replace(path + ".tmp.npz", path)  # a part file is whole or absent
        parts.append(part)
        _log(config, f"  games {first} to {first + games - 1}: written to {path}")
    return {key: np.concatenate([part[key] for part in parts]) for key in parts[0]}


def _remove_parts(config: TrainConfig) -> None:
    if config.part_games > 0:
        for first in range(0, config.games, config.part_games):
            if os.path.exists(part_path(config, first)):
                os.remove(part_path(config, first))


def targets(samples: dict, mix: float, seats: int) -> np.ndarray:
    """The value target of every row: mix * z + (1 - mix) * q where the search valued the
    position (q of the deciding seat; -q for the other seat of a two-seat game), else z."""
    z = samples["outcomes"].astype(np.float32)
    q = samples["search_values"].astype(np.float32).copy()
    if seats == 2:
        # Rows of one decision are consecutive, one per seat: copy the mover's q, negated.
        movers = samples["movers"]
        rows = samples["seats"]
        n = len(z)
        mover_row = np.arange(n) - rows + movers
        q = np.where(rows == movers, q, -q[mover_row])
    y = np.where(np.isnan(q), z, mix * z + (1.0 - mix) * q)
    return y.astype(np.float32)


def _init(rng: np.random.Generator, sizes: list, zero_output: bool) -> list:
    """He-initialised layers. With `zero_output` (the evaluation base) the output layer starts
    at zero, so the untrained network values every position exactly as the evaluation does."""
    params = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        w = rng.normal(0.0, math.sqrt(2.0 / fan_in), size=(fan_in, fan_out)).astype(np.float32)
        params.append((w, np.zeros(fan_out, np.float32)))
    if zero_output:
        w, b = params[-1]
        params[-1] = (np.zeros_like(w), b)
    return params


def base_logits(samples: dict, base: str) -> np.ndarray:
    """atanh of the game's evaluation of each row (clamped to +-0.999, as the engine does) when
    `base` is "evaluation", else zeros: what the network's output is added to before tanh."""
    n = len(samples["outcomes"])
    if base != "evaluation":
        return np.zeros(n, np.float32)
    h = samples["evaluations"]
    if np.any(np.isnan(h)):
        raise rise_engine.RiseError("--base evaluation: the game has no evaluation of its own")
    return np.arctanh(np.clip(h, -0.999, 0.999)).astype(np.float32)


def legal_masks(legal, rows: np.ndarray, num_actions: int) -> np.ndarray:
    """bool [len(rows), num_actions]: True where the dense action was legal for the deciding
    seat of each of `rows` (indices into the samples), from `legal` = (legal_counts [all rows],
    starts [all rows], flat dense indices) of the self-play samples; all True when `legal` is
    None (samples recorded before the legal actions were), so the softmax runs over every
    dense action."""
    if legal is None:
        return np.ones((len(rows), num_actions), bool)
    owner, at = _legal_positions(legal, rows)
    mask = np.zeros((len(rows), num_actions), bool)
    mask[owner, legal[2][at]] = True
    return mask


def _legal_positions(legal, rows: np.ndarray) -> tuple:
    """(owner, at): for every legal action of `rows`, the index of its row in `rows` and its
    position in the samples' flat legal arrays. `legal` as for legal_masks."""
    counts, starts, _ = legal
    c = counts[rows]
    owner = np.repeat(np.arange(len(rows)), c)
    first = np.concatenate([[0], np.cumsum(c)[:-1]]).astype(np.int64)
    at = np.repeat(starts[rows] - first, c) + np.arange(int(c.sum()))
    return owner, at


def visit_targets(legal, visits: np.ndarray, rows: np.ndarray, actions: np.ndarray, num_actions: int) -> np.ndarray:
    """float32 [len(rows), num_actions]: each row's policy target, the share of the search's
    root visits of each legal action (visits: the samples' legal_visits, aligned with the
    flat legal array); a deciding row without visits (a forced move, a player that does not
    search) puts 1 on its chosen action; other rows are all 0."""
    owner, at = _legal_positions(legal, rows)
    target = np.zeros((len(rows), num_actions), np.float32)
    target[owner, legal[2][at]] = visits[at]
    sums = target.sum(axis=1)
    searched = sums > 0
    target[searched] /= sums[searched, None]
    chosen = actions[rows]
    fallback = np.flatnonzero(~searched & (chosen >= 0))
    target[fallback, chosen[fallback]] = 1.0
    return target


def fit(x: np.ndarray, y: np.ndarray, games: np.ndarray, config: TrainConfig, base=None, actions=None,
        num_actions: int = 0, legal=None, visits=None) -> tuple:
    """Trains the value network, and with config.policy > 0 a policy head beside it. Returns
    (params as numpy [(W [in, out], b)] with the value head last, policy [(W [last hidden,
    num_actions], b [num_actions])] or [], mean, scale, report dict). x: float32 [rows, size];
    y: float32 [rows]; games: int [rows]; base: float32 [rows] added to the output before tanh
    (base_logits), or None; actions: int [rows], the dense action chosen on the deciding
    seat's row, else -1 (the policy head's target: cross-entropy of its softmax over the
    legal dense actions, as the search takes it); legal: (legal_counts, legal) of the
    samples, or None for samples without them (the softmax then runs over every dense action);
    visits: the samples' legal_visits, for config.policy_target "visits" (visit_targets)."""
    import jax
    import jax.numpy as jnp
    import optax

    rng = np.random.default_rng(config.seed)
    game_ids = np.unique(games)
    rng.shuffle(game_ids)
    n_val = max(1, len(game_ids) // 10) if len(game_ids) > 1 else 0
    val_games = set(game_ids[:n_val].tolist())
    is_val = np.array([g in val_games for g in games]) if n_val else np.zeros(len(games), bool)
    if base is None:
        base = np.zeros(len(y), np.float32)
    with_policy = config.policy > 0
    if actions is None or not with_policy:
        actions = np.full(len(y), -1, np.int32)
    actions = actions.astype(np.int32)
    xt, yt, bt, at = x[~is_val], y[~is_val], base[~is_val], actions[~is_val]
    xv, yv, bv, av = x[is_val], y[is_val], base[is_val], actions[is_val]
    train_rows, val_rows = np.flatnonzero(~is_val), np.flatnonzero(is_val)
    if legal is not None:
        counts, flat = legal
        legal = (counts, np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64), flat)

    by_visits = with_policy and config.policy_target == "visits"
    if by_visits and (legal is None or visits is None):
        raise rise_engine.RiseError("--policy-target visits: the samples hold no root visits of legal actions "
                                    "(recorded before they were), or --policy-softmax is not 'legal'")

    def masks(rows):
        # Without a policy head the mask is never read: one column keeps it small.
        return legal_masks(legal, rows, num_actions) if with_policy else np.ones((len(rows), 1), bool)

    def policy_targets(rows):
        # Only the visit target is a matrix; the action target is read from `actions`.
        return visit_targets(legal, visits, rows, actions, num_actions) if by_visits else np.zeros((len(rows), 1), np.float32)

    mean = xt.mean(axis=0)
    std = xt.std(axis=0)
    # A rare feature (a card seen in a few games) has a tiny deviation; dividing by it would
    # blow the feature up and let the network memorise games, so deviations are floored.
    scale = np.where(std > 1e-6, 1.0 / np.maximum(std, config.min_std), 0.0).astype(np.float32)
    mean = mean.astype(np.float32)

    sizes = [x.shape[1], *config.hidden, 1]
    layers = [(jnp.asarray(w), jnp.asarray(b)) for w, b in _init(rng, sizes, zero_output=config.base == "evaluation")]
    policy = []
    if with_policy:
        # The policy head starts at zero: a uniform prior until it has learned something.
        policy = [(jnp.zeros((config.hidden[-1], num_actions), jnp.float32), jnp.zeros(num_actions, jnp.float32))]
    params = {"layers": layers, "policy": policy}
    optimizer = optax.adamw(config.learning_rate, weight_decay=config.weight_decay)
    opt_state = optimizer.init(params)
    mean_j, scale_j = jnp.asarray(mean), jnp.asarray(scale)

    def forward(p, xb, bb):
        h = (xb - mean_j) * scale_j
        for w, b in p["layers"][:-1]:
            h = jax.nn.relu(h @ w + b)
        w, b = p["layers"][-1]
        value = jnp.tanh((h @ w + b)[:, 0] + bb)
        logits = None
        if p["policy"]:
            pw, pb = p["policy"][0]
            logits = h @ pw + pb
        return value, logits

    def losses_of(p, xb, yb, bb, ab, mb, tb):
        """(value loss: mean squared error, policy loss: mean cross-entropy over the rows
        with an action, of the softmax over the actions of mask mb, and how many rows had one)."""
        value, logits = forward(p, xb, bb)
        value_loss = jnp.mean((value - yb) ** 2)
        if logits is None:
            return value_loss, jnp.float32(0.0), jnp.float32(0.0)
        has = ab >= 0
        logp = jax.nn.log_softmax(jnp.where(mb, logits, -1e9))
        if by_visits:
            picked = jnp.sum(jnp.where(tb > 0, tb * logp, 0.0), axis=1)
        else:
            picked = jnp.take_along_axis(logp, jnp.maximum(ab, 0)[:, None], axis=1)[:, 0]
        count = jnp.sum(has)
        policy_loss = -jnp.sum(jnp.where(has, picked, 0.0)) / jnp.maximum(count, 1)
        return value_loss, policy_loss, count.astype(jnp.float32)

    def loss_fn(p, xb, yb, bb, ab, mb, tb):
        value_loss, policy_loss, _ = losses_of(p, xb, yb, bb, ab, mb, tb)
        return value_loss + config.policy * policy_loss

    @jax.jit
    def step(p, s, xb, yb, bb, ab, mb, tb):
        loss, grads = jax.value_and_grad(loss_fn)(p, xb, yb, bb, ab, mb, tb)
        updates, s = optimizer.update(grads, s, p)
        return optax.apply_updates(p, updates), s, loss

    eval_losses = jax.jit(losses_of)

    def full_loss(p, xs, ys, bs, acts, rows):
        """(value loss, policy loss) over all of xs (the samples' rows `rows`): means over
        rows, and over rows with an action."""
        if len(xs) == 0:
            return float("nan"), float("nan")
        value_total, policy_total, counted = 0.0, 0.0, 0.0
        for i in range(0, len(xs), 4096):
            sl = slice(i, i + 4096)
            value_loss, policy_loss, count = eval_losses(p, xs[sl], ys[sl], bs[sl], acts[sl], masks(rows[sl]),
                                                         policy_targets(rows[sl]))
            value_total += float(value_loss) * len(xs[sl])
            policy_total += float(policy_loss) * float(count)
            counted += float(count)
        return value_total / len(xs), (policy_total / counted if counted else float("nan"))

    best = (float("inf"), params, -1, float("nan"), float("nan"))
    history = []
    batch = min(config.batch, max(1, len(xt)))
    for epoch in range(config.epochs):
        order = rng.permutation(len(xt))
        losses = []
        for i in range(0, len(order) - batch + 1, batch):
            idx = order[i : i + batch]
            params, opt_state, loss = step(params, opt_state, xt[idx], yt[idx], bt[idx], at[idx], masks(train_rows[idx]),
                                           policy_targets(train_rows[idx]))
            losses.append(float(loss))
        train_loss = float(np.mean(losses)) if losses else float("nan")
        val_value, val_policy = full_loss(params, xv, yv, bv, av, val_rows)
        val_loss = val_value + config.policy * val_policy if with_policy else val_value
        history.append((train_loss, val_loss, val_value, val_policy))
        shown = f", value {val_value:.4f}, policy {val_policy:.4f}" if with_policy else ""
        _log(config, f"  epoch {epoch + 1:3d}: train loss {train_loss:.4f}, validation loss {val_loss:.4f}{shown}")
        score = val_loss if n_val else train_loss
        if score < best[0]:
            best = (score, params, epoch, val_value, val_policy)
    as_numpy = lambda pairs: [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in pairs]  # noqa: E731
    params, policy = as_numpy(best[1]["layers"]), as_numpy(best[1]["policy"])
    baseline = float(np.mean((yv - yv.mean()) ** 2)) if n_val else float("nan")
    base_only = float(np.mean((np.tanh(bv) - yv) ** 2)) if n_val and np.any(bv) else None
    report = {
        "rows": int(len(x)),
        "train_rows": int(len(xt)),
        "validation_rows": int(len(xv)),
        "best_epoch": best[2] + 1,
        "validation_loss": round(best[0], 5) if n_val else None,
        "validation_value_loss": round(best[3], 5) if n_val and with_policy else None,
        "validation_policy_loss": round(best[4], 5) if n_val and with_policy else None,
        "validation_variance": round(baseline, 5) if n_val else None,
        "validation_loss_of_the_base_alone": round(base_only, 5) if base_only is not None else None,
        "last_train_loss": round(history[-1][0], 5) if history else None,
    }
    return params, policy, mean, scale, report


def fold(params: list, mean: np.ndarray, scale: np.ndarray) -> list:
    """The first layer with the input standardisation (x - mean) * scale folded in, so the
    network reads raw observation tensors: W' = scale[:, None] * W, b' = b - (mean * scale) @ W."""
    w, b = params[0]
    w2 = (w * scale[:, None]).astype(np.float32)
    b2 = (b - (mean * scale) @ w).astype(np.float32)
    return [(w2, b2), *params[1:]]


def write_weights(path: str, game: str, version: int, params: list, provenance: dict, base: str = "",
                  policy=None) -> None:
    """Writes the weights file of docs/formats.md ("Network weights"): the magic line, one
    JSON header line, then float32 little-endian weights (each layer's W [in][out] then b;
    the value head; then, with `policy` = [(W [last hidden, actions], b [actions])], the
    policy head as W [actions][last hidden] then b)."""
    size = params[0][0].shape[0]
    policy = policy or []
    header = {
        "game": game,
        "observation_size": int(size),
        "observation_version": int(version),
        "num_distinct_actions": int(policy[0][1].shape[0]) if policy else 0,
        "hidden": [int(w.shape[1]) for w, _ in params[:-1]],
        "provenance": provenance,
    }
    if base:
        header["base"] = base
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(MAGIC)
        f.write(json.dumps(header, sort_keys=True).encode() + b"\n")
        for w, b in params:
            f.write(np.ascontiguousarray(w, dtype="<f4").tobytes())
            f.write(np.ascontiguousarray(b, dtype="<f4").tobytes())
        for w, b in policy:
            f.write(np.ascontiguousarray(w.T, dtype="<f4").tobytes())
            f.write(np.ascontiguousarray(b, dtype="<f4").tobytes())
    os.replace(tmp, path)  # never a half-written file under the final name


def read_weights(path: str) -> tuple:
    """The (header dict, params [(W [in, out], b)]) of a weights file written by write_weights,
    after the engine's own checks (rise_engine.network_info raises RiseError naming the file).
    A policy head, if the file has one, is in header["policy"] as [(W [last hidden, actions], b)]."""
    header = rise_engine.network_info(path)
    with open(path, "rb") as f:
        f.readline()
        f.readline()
        data = np.frombuffer(f.read(), dtype="<f4")
    params, at, fan_in = [], 0, header["observation_size"]
    for width in [*header["hidden"], 1]:
        w = data[at : at + fan_in * width].reshape(fan_in, width)
        at += fan_in * width
        params.append((w, data[at : at + width]))
        at += width
        fan_in = width
    actions = header["num_distinct_actions"]
    header["policy"] = []
    if actions:
        last = header["hidden"][-1]
        w = data[at : at + actions * last].reshape(actions, last).T
        at += actions * last
        header["policy"] = [(w, data[at : at + actions])]
    return header, params


def _commit() -> str:
    try:
        here = os.path.dirname(os.path.abspath(__file__))
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def evaluate(config: TrainConfig, path: str) -> dict:
    """The new network's player against --eval-against, seats rotated (rise_engine.simulate)."""
    player = config.eval_player or f"{search_kind(config.game)}:net={path}"
    against = config.eval_against or rise_engine.default_player(config.game)
    players = [player, against] + [against] * (config.seats - 2)
    result = rise_engine.simulate(
        config.game, players, games=config.eval_games, threads=config.threads, seed=config.seed + 1000, options=config.options
    )
    me = result["players"][0]
    return {
        "player": player.replace(path, os.path.basename(path)),
        "against": against,
        "games": config.eval_games,
        "wins": me["wins"],
        "draws": me["draws"],
        "losses": me["losses"],
        "win_rate": round(me["win"]["rate"], 4),
        "win_interval_95": [round(me["win"]["low95"], 4), round(me["win"]["high95"], 4)],
        "seed": config.seed + 1000,
    }


def train(config: TrainConfig) -> dict:
    """Runs the whole pipeline; returns the provenance written into the file."""
    game = rise_engine.load_game(config.game, {"players": config.seats, **config.options})
    started = time.time()
    loaded = bool(config.samples) and os.path.exists(config.samples)
    if loaded:
        _log(config, f"self-play samples from {config.samples}")
        with np.load(config.samples) as data:
            samples = {key: data[key] for key in data.files}
        if samples["observations"].shape[1] != game.observation_tensor_size():
            raise rise_engine.RiseError(f"{config.samples}: samples of another observation tensor size")
    else:
        _log(config, f"self-play: {config.games} games of {config.game} ...")
        samples = generate(config)
        if config.samples:
            np.savez(config.samples, **samples)
            _remove_parts(config)
    generated = time.time()
    x = samples["observations"]
    y = targets(samples, config.mix, config.seats)
    _log(config, f"  {len(x)} samples in {generated - started:.0f} s")
    _log(config, f"training: hidden layers {list(config.hidden)}, {config.epochs} epochs ...")
    over_legal = config.policy_softmax == "legal" and "legal" in samples
    legal = (samples["legal_counts"], samples["legal"]) if over_legal else None
    params, policy, mean, scale, report = fit(x, y, samples["games"], config, base_logits(samples, config.base),
                                              samples["actions"], game.num_distinct_actions(), legal,
                                              samples.get("legal_visits"))
    trained = time.time()
    folded = fold(params, mean, scale)
    provenance = {
        "trainer": "rise_engine.train",
        "created": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": _commit(),
        "seed": config.seed,
        "games": config.games,
        "self_play_players": config.players or search_kind(config.game) + ":iters=200",
        "sample_rate": config.sample_rate,
        "self_play_parts_of": config.part_games or None,
        "seats": config.seats,
        "target": f"{config.mix} * final return + {round(1 - config.mix, 3)} * search value",
        "epochs": config.epochs,
        "batch": config.batch,
        "learning_rate": config.learning_rate,
        "weight_decay": config.weight_decay,
        "min_std": config.min_std,
        "base": config.base or "none",
        "policy_weight": config.policy,
        # The policy's softmax in training: over the legal actions (as the search takes it),
        # or over every dense action for samples recorded without their legal actions.
        "policy_softmax_over": ("legal actions" if over_legal else "every dense action") if config.policy > 0 else None,
        "policy_target": config.policy_target if config.policy > 0 else None,
        "hidden": list(config.hidden),
        # Samples read back from --samples were played by an earlier run with these settings.
        "self_play_seconds": None if loaded else round(generated - started, 1),
        "samples_read_from_file": loaded,
        "training_seconds": round(trained - generated, 1),
        **report,
    }
    write_weights(config.out, config.game, game.observation_tensor_version(), folded, provenance, config.base, policy)

    # The engine must compute what JAX computed.
    check = x[: min(len(x), 512)]
    engine = rise_engine.network_value(config.out, check)
    h = check.astype(np.float64)
    for w, b in folded[:-1]:
        h = np.maximum(h @ w + b, 0.0)
    w, b = folded[-1]
    reference = np.tanh((h @ w + b)[:, 0])
    gap = float(np.max(np.abs(engine - reference))) if len(check) else 0.0
    if policy and len(check):
        pw, pb = policy[0]
        logits = rise_engine.network_policy_logits(config.out, check)
        gap = max(gap, float(np.max(np.abs(logits - (h @ pw + pb)))))
    if gap > 1e-3:
        raise RuntimeError(f"{config.out}: the engine's inference differs from the trainer's by {gap}")
    provenance["inference_check_max_difference"] = gap

    if config.eval_games > 0:
        _log(config, f"measuring: {config.eval_games} games against {config.eval_against or rise_engine.default_player(config.game)} ...")
        provenance["strength"] = evaluate(config, config.out)
        provenance["evaluation_seconds"] = round(time.time() - trained, 1)
        write_weights(config.out, config.game, game.observation_tensor_version(), folded, provenance, config.base, policy)
    with open(config.out + ".json", "w") as f:
        json.dump(provenance, f, indent=2, sort_keys=True)
        f.write("\n")
    _log(config, json.dumps(provenance, indent=2, sort_keys=True))
    return provenance


# The settings each shipped network was trained with (data/GAME/nets/value.rnet.json records
# them too), so that `make train GAME=...` trains it again; flags override them.
RECIPES = {
    # The shipped network's policy took the softmax over every dense action: its samples were
    # recorded before the legal actions were. The softmax over the legal ones (same games)
    # won 108, drew 4, lost 88 of 200 against it and 96 of 100 against greedy (98 for it), so
    # the shipped one stays (docs/ai.md).
    "raise-rise-die": {"games": 4000, "sample_rate": 0.5, "seed": 12, "epochs": 12, "policy": 1.0,
                       "policy_softmax": "all"},
}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rise_engine.train", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--out", help="weights file (default: data/GAME/nets/value.rnet under the current folder, "
                        "where a checkout keeps the shipped networks)")
    parser.add_argument("--players", help="self-play player spec (default: ismcts:iters=200, rise-hex mcts:iters=200)")
    parser.add_argument("--games", type=int, help="self-play games (default 200, or the game's recipe)")
    parser.add_argument("--sample-rate", type=float, help="share of decisions recorded, in (0, 1] (default 1)")
    parser.add_argument("--hidden", help="hidden layer widths (default 128,64)")
    parser.add_argument("--epochs", type=int, help="training epochs (default 30); the best on validation is kept")
    parser.add_argument("--batch", type=int)
    parser.add_argument("--lr", type=float, dest="learning_rate", help="Adam's learning rate (default 0.001)")
    parser.add_argument("--weight-decay", type=float, help="AdamW's weight decay (default 0.0001)")
    parser.add_argument("--min-std", type=float, help="floor of the inputs' standard deviations in the standardisation "
                        "(default 1e-6; larger keeps rare features from dominating)")
    parser.add_argument("--policy", type=float, help="weight of the policy head's loss (cross-entropy on the "
                        "actions the self-play search chose); > 0 trains a policy head, which the search then uses "
                        "as PUCT's prior (default 0: value only)")
    parser.add_argument("--policy-softmax", choices=["legal", "all"], help="the policy loss's softmax: over the "
                        "legal actions the samples record (default), or over every dense action")
    parser.add_argument("--policy-target", choices=["action", "visits"], help="the policy head's target: the "
                        "action the search chose (default), or the share of its root visits of each legal action")
    parser.add_argument("--mix", type=float, help="weight of the final return against the search value (default 0.5)")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--threads", type=int, help="self-play and evaluation threads (default: every core)")
    parser.add_argument("--eval-games", type=int, help="games of the measurement (default 100; 0: none)")
    parser.add_argument("--eval-against", help="player spec (default: the game's default player, rise_engine.default_player)")
    parser.add_argument("--eval-player", help="the measured player (default: ismcts, or mcts, with net=OUT)")
    parser.add_argument("--seats", type=int, help="seats of the self-play games (default 2)")
    parser.add_argument("--base", choices=["", "evaluation"], help="'evaluation': learn a correction of the game's "
                        "own evaluation (the search adds the network's output to its atanh) instead of a value from scratch")
    parser.add_argument("--samples", help="an .npz of self-play samples: read if it exists (no self-play), "
                        "else written after self-play")
    parser.add_argument("--part-games", type=int, help="self-play in parts of this many games, each written "
                        "beside --samples as SAMPLES.partNNNNNN.npz when it ends: a stopped run started again with the "
                        "same settings continues where it stopped (default 0: one part)")
    args = parser.parse_args(argv)
    settings = dict(RECIPES.get(args.game, {}))
    settings.update({k: v for k, v in vars(args).items() if v is not None and k not in ("game", "out", "hidden")})
    if args.hidden is not None:
        try:
            settings["hidden"] = tuple(int(w) for w in args.hidden.split(","))
        except ValueError:
            parser.error(f"--hidden {args.hidden!r}: widths are integers separated by commas")
    settings.setdefault("threads", os.cpu_count() or 1)
    out = args.out or os.path.join("data", args.game, "nets", "value.rnet")
    config = TrainConfig(game=args.game, out=out, **settings)
    try:
        train(config)
    except rise_engine.RiseError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

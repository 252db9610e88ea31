"""Learned evaluations (docs/ai.md, "Learned evaluations"): self-play samples, the training
pipeline end to end on a tiny network, the weights file's checks, and the shipped networks."""

import json
import os

import numpy as np
import pytest

import rise_engine
from rise_engine import train

SHIPPED = os.path.join(os.path.dirname(rise_engine.__file__), "data")


def test_self_play_rows_are_every_seats_view_with_its_outcome():
    s = rise_engine.self_play("raise-rise-die", ["ismcts:iters=8", "random"], games=2, threads=2, seed=3)
    rows = len(s["outcomes"])
    game = rise_engine.load_game("raise-rise-die")
    assert s["observations"].shape == (rows, game.observation_tensor_size())
    assert s["observations"].dtype == np.float32
    assert rows == 2 * int(s["game_actions"].sum())  # one row a seat at every decision
    returns = s["game_returns"]
    assert np.array_equal(s["outcomes"], returns[s["games"], s["seats"]])
    movers = s["seats"] == s["movers"]
    assert np.all((s["actions"] >= 0) == movers)
    assert np.all(np.isnan(s["search_values"][~movers]))
    # The deciding seat's row lists its legal dense actions, the chosen one among them.
    counts, legal = s["legal_counts"], s["legal"]
    assert np.all((counts > 0) == movers) and len(legal) == counts.sum()
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    for row in np.flatnonzero(movers):
        assert s["actions"][row] in legal[starts[row] : starts[row] + counts[row]]
    # The searcher's root visits of each legal action; none for the random player.
    visits = s["legal_visits"]
    assert visits.shape == legal.shape
    searcher = s["movers"] == np.where(s["games"] % 2 == 0, 0, 1)  # seats rotate by game
    for row in np.flatnonzero(movers):
        total = visits[starts[row] : starts[row] + counts[row]].sum()
        assert (total > 0) == (searcher[row] and counts[row] > 1), row
    # The same arguments give the same samples, whatever the thread count.
    again = rise_engine.self_play("raise-rise-die", ["ismcts:iters=8", "random"], games=2, threads=1, seed=3)
    assert np.array_equal(again["observations"], s["observations"])
    assert np.array_equal(again["legal"], s["legal"])


def test_the_policy_loss_takes_the_softmax_over_each_rows_legal_actions():
    counts = np.array([2, 0, 3], np.int32)
    flat = np.array([4, 1, 0, 2, 5], np.int32)
    legal = (counts, np.array([0, 2, 2]), flat)
    mask = train.legal_masks(legal, np.array([2, 0, 1]), 6)
    assert mask.tolist() == [
        [True, False, True, False, False, True],
        [False, True, False, False, True, False],
        [False] * 6,
    ]
    # Samples without legal lists: every dense action.
    assert train.legal_masks(None, np.array([0, 1]), 3).all()


def test_the_visit_target_is_the_share_of_the_root_visits_of_each_legal_action():
    counts = np.array([2, 0, 3, 2], np.int32)
    flat = np.array([4, 1, 0, 2, 5, 3, 1], np.int32)
    visits = np.array([30, 10, 0, 0, 0, 0, 0], np.float32)  # row 2 and row 3: no search
    legal = (counts, np.array([0, 2, 2, 5]), flat)
    actions = np.array([4, -1, 5, 1], np.int32)
    t = train.visit_targets(legal, visits, np.array([0, 1, 2, 3]), actions, 6)
    assert np.allclose(t[0], [0, 0.25, 0, 0, 0.75, 0])
    assert not t[1].any()  # not the deciding seat's row
    assert np.array_equal(t[2], [0, 0, 0, 0, 0, 1])  # no visits: the chosen action
    assert np.array_equal(t[3], [0, 1, 0, 0, 0, 0])


def test_the_target_mixes_the_outcome_and_the_search_value_of_each_seat():
    samples = {
        "outcomes": np.array([1, -1, 1, -1], np.float32),
        "search_values": np.array([0.5, np.nan, np.nan, np.nan], np.float32),
        "seats": np.array([0, 1, 0, 1], np.int32),
        "movers": np.array([0, 0, 1, 1], np.int32),
    }
    y = train.targets(samples, mix=0.5, seats=2)
    # Decision 1: seat 0 searched 0.5, so seat 1 is valued -0.5; decision 2 has no search value.
    assert np.allclose(y, [0.75, -0.75, 1, -1])


def test_self_play_in_parts_gives_the_samples_of_one_run_and_continues_a_stopped_run(tmp_path, monkeypatch):
    players = ["ismcts:iters=6", "random"]
    whole = rise_engine.self_play("raise-rise-die", players, games=3, seed=5, sample_rate=0.5)
    first = rise_engine.self_play("raise-rise-die", players, games=2, seed=5, sample_rate=0.5)
    last = rise_engine.self_play("raise-rise-die", players, games=1, seed=5, sample_rate=0.5, first_game=2)
    assert set(last["games"]) == {2}
    for key in whole:
        assert np.array_equal(whole[key], np.concatenate([first[key], last[key]]), equal_nan=True), key
    with pytest.raises(rise_engine.RiseError, match="first game"):
        rise_engine.self_play("raise-rise-die", players, games=1, first_game=-1)

    samples = str(tmp_path / "samples.npz")
    config = train.TrainConfig(game="raise-rise-die", out="", players=players[0], games=3, sample_rate=0.5,
                               seed=5, threads=1, quiet=True, samples=samples, part_games=2)
    config_one = train.TrainConfig(**{**config.__dict__, "part_games": 0})
    played = train.generate(config)
    one_run = train.generate(config_one)
    for key in one_run:
        assert np.array_equal(played[key], one_run[key], equal_nan=True), key
    assert os.path.exists(train.part_path(config, 0)) and os.path.exists(train.part_path(config, 2))
    # Started again, the run reads its parts instead of playing them.
    def no_play(*args):
        raise AssertionError("played a part that was written")
    monkeypatch.setattr(train, "_play", no_play)
    again = train.generate(config)
    assert all(np.array_equal(again[key], one_run[key], equal_nan=True) for key in one_run)
    # A part of other settings is refused, naming its file.
    other = train.TrainConfig(**{**config.__dict__, "seed": 6})
    with pytest.raises(rise_engine.RiseError, match="part000000.npz: a self-play part of other settings"):
        train.generate(other)


def test_a_tiny_network_is_trained_written_checked_and_played_end_to_end(tmp_path):
    out = str(tmp_path / "tiny.rnet")
    config = train.TrainConfig(
        game="raise-rise-die", out=out, players="ismcts:iters=5", games=6, hidden=(8,), epochs=2,
        eval_games=2, threads=2, seed=4, quiet=True, samples=str(tmp_path / "samples.npz"), part_games=4,
    )
    provenance = train.train(config)
    # The self-play parts are gone once the whole samples file is written.
    assert os.path.exists(tmp_path / "samples.npz") and not list(tmp_path.glob("samples.npz.part*"))
    info = rise_engine.network_info(out)
    assert info["game"] == "raise-rise-die"
    assert info["hidden"] == [8]
    assert info["observation_size"] == rise_engine.load_game("raise-rise-die").observation_tensor_size()
    assert info["provenance"]["games"] == 6 and info["provenance"]["seed"] == 4
    assert info["provenance"]["strength"]["games"] == 2
    assert provenance["inference_check_max_difference"] < 1e-3
    with open(out + ".json") as f:
        assert json.load(f) == info["provenance"]
    # The engine's value of real observations is in [-1, 1] and is the trainer's.
    s = rise_engine.self_play("raise-rise-die", ["random", "random"], games=1, seed=9)
    v = rise_engine.network_value(out, s["observations"])
    assert v.shape == (len(s["observations"]),) and np.all(np.abs(v) <= 1)
    # A second run reads the saved samples instead of playing again, and trains the same network.
    again = str(tmp_path / "again.rnet")
    config.out = again
    train.train(config)
    assert np.array_equal(rise_engine.network_value(again, s["observations"]), v)
    # The network's player plays whole games.
    result = rise_engine.simulate("raise-rise-die", [f"ismcts:iters=10,net={out}", "random"], games=2)
    assert result["games"] == 2


def test_a_damaged_weights_file_is_refused_naming_it(tmp_path):
    good = str(tmp_path / "good.rnet")
    params = [(np.zeros((779, 4), np.float32), np.zeros(4, np.float32)), (np.ones((4, 1), np.float32), np.zeros(1, np.float32))]
    train.write_weights(good, "raise-rise-die", 1, params, {"seed": 1})
    assert rise_engine.network_info(good)["hidden"] == [4]
    data = open(good, "rb").read()
    truncated = str(tmp_path / "truncated.rnet")
    open(truncated, "wb").write(data[:-4])
    with pytest.raises(rise_engine.RiseError, match=r"truncated\.rnet.*truncated"):
        rise_engine.network_info(truncated)
    with pytest.raises(rise_engine.RiseError, match="truncated.rnet"):
        rise_engine.simulate("raise-rise-die", [f"ismcts:net={truncated}", "random"], games=1)
    # A network for another game is refused when it would value that game's positions.
    with pytest.raises(rise_engine.RiseError, match="a network for raise-rise-die, not for dark-legacy"):
        rise_engine.simulate("dark-legacy", [f"ismcts:iters=5,net={good}", "random"], games=1)


@pytest.mark.parametrize("game", ["dark-legacy", "raise-rise-die", "rise-hex", "rise-tcg"])
def test_a_shipped_network_loads_and_plays(game):
    path = os.path.join(SHIPPED, game, "nets", "value.rnet")
    if not os.path.exists(path):
        with pytest.raises(rise_engine.RiseError, match=f"{game} has no trained network"):
            rise_engine.simulate(game, ["ismcts:iters=5,net=default", "random"], games=1)
        return
    info = rise_engine.network_info(path)
    assert info["game"] == game
    assert info["observation_version"] == rise_engine.load_game(game).observation_tensor_version()
    for key in ("seed", "games", "commit", "strength"):
        assert key in info["provenance"], key
    kind = "mcts" if game == "rise-hex" else "ismcts"
    result = rise_engine.simulate(game, [f"{kind}:iters=20,net=default", "random"], games=2)
    assert result["games"] == 2


def test_a_network_on_the_evaluation_base_is_trained_as_a_correction(tmp_path):
    out = str(tmp_path / "base.rnet")
    config = train.TrainConfig(
        game="dark-legacy", out=out, players="ismcts:iters=5", games=2, hidden=(4,), epochs=1,
        eval_games=0, threads=2, seed=2, quiet=True, base="evaluation",
    )
    provenance = train.train(config)
    assert rise_engine.network_info(out)["base"] == "evaluation"
    assert provenance["base"] == "evaluation"
    # The base alone is measured too, so the file says whether the correction helped.
    assert provenance["validation_loss_of_the_base_alone"] is not None
    result = rise_engine.simulate("dark-legacy", [f"ismcts:iters=10,net={out}", "random"], games=1)
    assert result["games"] == 1


def test_a_policy_head_is_trained_written_and_used_as_the_searchs_prior(tmp_path):
    out = str(tmp_path / "policy.rnet")
    config = train.TrainConfig(
        game="rise-hex", out=out, players="mcts:iters=5", games=2, hidden=(4,), epochs=2, sample_rate=0.2,
        eval_games=0, threads=2, seed=5, quiet=True, policy=1.0,
    )
    provenance = train.train(config)
    game = rise_engine.load_game("rise-hex")
    info = rise_engine.network_info(out)
    assert info["num_distinct_actions"] == game.num_distinct_actions()
    assert provenance["policy_weight"] == 1.0
    assert provenance["policy_softmax_over"] == "legal actions"
    assert provenance["validation_policy_loss"] is not None
    # The engine's logits are the trainer's (checked inside train too), and read_weights
    # reads back the policy head it wrote.
    assert provenance["inference_check_max_difference"] < 1e-3
    header, params = train.read_weights(out)
    s = rise_engine.self_play("rise-hex", ["random", "random"], games=1, seed=9, sample_rate=0.1)
    h = s["observations"].astype(np.float64)
    for w, b in params[:-1]:
        h = np.maximum(h @ w + b, 0.0)
    (pw, pb), = header["policy"]
    logits = rise_engine.network_policy_logits(out, s["observations"])
    assert logits.shape == (len(h), game.num_distinct_actions())
    assert np.max(np.abs(logits - (h @ pw + pb))) < 1e-3
    # A value-only network has no logits to give.
    value_only = str(tmp_path / "value.rnet")
    train.write_weights(value_only, "rise-hex", 1, params, {"seed": 1})
    with pytest.raises(rise_engine.RiseError, match="value.rnet: the network has no policy head"):
        rise_engine.network_policy_logits(value_only, s["observations"])
    # mcts searches with it (PUCT with the prior) and plays whole games.
    result = rise_engine.simulate("rise-hex", [f"mcts:iters=10,net={out}", "random"], games=1)
    assert result["games"] == 1
    # The head can learn the search's root visits instead of its choice (AlphaZero's target).
    config.out, config.policy_target = str(tmp_path / "visits.rnet"), "visits"
    provenance = train.train(config)
    assert provenance["policy_target"] == "visits"
    assert provenance["inference_check_max_difference"] < 1e-3

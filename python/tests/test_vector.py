"""rise_engine.VectorEnv: N games stepped in C++ threads, arrays in and out."""

import numpy as np
import pytest

import rise_engine


def run(game, threads, steps=300):
    """Steps a 4-game VectorEnv with random legal actions and mirrors it with single states;
    returns every step's (observations, rewards, dones)."""
    n = 4
    v = rise_engine.VectorEnv(game, num_envs=n, threads=threads, seed=10)
    obs, masks, players = v.reset()
    assert obs.shape == (n, *game.observation_tensor_shape())
    assert masks.shape == (n, game.num_distinct_actions())
    starts = [1] * n  # game i's k-th start uses seed 10 + i + k * n
    singles = [game.new_initial_state(10 + i) for i in range(n)]
    rng = np.random.default_rng(0)
    out = []
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], np.int32)
        movers = [s.current_player() for s in singles]
        for i, s in enumerate(singles):
            s.apply_action(int(actions[i]))
        obs, masks, players, rewards, dones = v.step(actions)
        for i in range(n):
            if dones[i]:
                assert singles[i].is_terminal()
                assert rewards[i] == singles[i].returns()[movers[i]]
                singles[i] = game.new_initial_state(10 + i + starts[i] * n)
                starts[i] += 1
            else:
                assert rewards[i] == 0.0
            s = singles[i]
            assert players[i] == s.current_player()
            assert np.array_equal(obs[i], s.observation_tensor(s.current_player()))
            assert np.array_equal(masks[i], s.legal_actions_mask())
        out.append((obs.copy(), rewards.copy(), dones.copy()))
    return out


@pytest.mark.parametrize("game_id", ["rise-hex", "raise-rise-die"])
def test_steps_match_single_states_and_threads_change_nothing(game_id):
    game = rise_engine.load_game(game_id)
    one, two = run(game, 1), run(game, 2)
    for a, b in zip(one, two):
        assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_an_illegal_action_moves_no_game():
    game = rise_engine.load_game("rise-hex")
    a = rise_engine.VectorEnv(game, num_envs=2, threads=2, seed=1)
    b = rise_engine.VectorEnv(game, num_envs=2, threads=2, seed=1)
    obs, masks, players = a.reset()
    b.reset()
    bad = np.array([np.flatnonzero(masks[0])[0], np.flatnonzero(masks[1] == 0)[0]], np.int32)
    with pytest.raises(rise_engine.RiseError, match="game 1"):
        a.step(bad)
    good = np.array([np.flatnonzero(m)[0] for m in masks], np.int32)
    for x, y in zip(a.step(good), b.step(good)):
        assert np.array_equal(x, y)


def test_sample_legal_actions_are_legal_and_seeded():
    game = rise_engine.load_game("rise-tcg")
    v = rise_engine.VectorEnv(game, num_envs=3, threads=1, seed=4)
    obs, masks, players = v.reset()
    for k in range(50):
        a = v.sample_legal_actions(k)
        assert np.array_equal(a, v.sample_legal_actions(k))
        assert all(masks[i][a[i]] == 1 for i in range(3))
        obs, masks, players, rewards, dones = v.step(a)


def test_float_actions_are_refused_not_truncated():
    # Issue 35: step(np.array([1.7, ...])) truncated the floats to legal indices silently.
    game = rise_engine.load_game("raise-rise-die")
    env = rise_engine.VectorEnv(game, 2, seed=3)
    _, masks, _ = env.reset()
    legal = [int(np.flatnonzero(m)[0]) for m in masks]
    with pytest.raises(rise_engine.RiseError, match="integer dense indices, not an array of dtype float64"):
        env.step(np.array(legal, dtype=np.float64) + 0.5)
    _, masks, _, _, _ = env.step(np.array(legal, dtype=np.int64))  # any integer dtype
    env.step([int(np.flatnonzero(m)[0]) for m in masks])  # a list of ints


def test_the_api_reads_like_pyspiels():
    # Issue 35: signatures named C++ types (-> rise::python::PyGame), seven methods had no
    # docstring and repr(state) was the default.
    for fn in (rise_engine.load_game, rise_engine.Game.new_initial_state, rise_engine.Game.state_from_json):
        assert "rise::" not in fn.__doc__, fn.__doc__
    for cls in (rise_engine.Game, rise_engine.State, rise_engine.Bot, rise_engine.VectorEnv):
        for name, member in vars(cls).items():
            if name.startswith("_") or not callable(member):
                continue
            lines = [line for line in (member.__doc__ or "").splitlines() if line.strip()]
            assert len(lines) > 1, "%s.%s has no docstring" % (cls.__name__, name)
    state = rise_engine.load_game("rise-hex").new_initial_state(1)
    assert repr(state) == "<rise_engine.State rise-hex turn 1, seat 0 to move, 0 actions>"


def test_a_bot_without_a_seed_follows_gymnasiums_convention():
    state = rise_engine.load_game("rise-hex").new_initial_state(1)
    seeded = {rise_engine.Bot("random", 5).step(state) for _ in range(4)}
    assert len(seeded) == 1
    unseeded = {rise_engine.Bot("random").step(state) for _ in range(40)}
    assert len(unseeded) > 1


def test_step_logits_chooses_among_the_legal_actions_only_and_is_seeded():
    # Issue 35: a policy's logits go straight in; sampling and the masked argmax run in C++.
    game = rise_engine.load_game("raise-rise-die")
    a = rise_engine.VectorEnv(game, 4, threads=1, seed=2)
    b = rise_engine.VectorEnv(game, 4, threads=2, seed=2)
    _, masks, _ = a.reset()
    b.reset()
    rng = np.random.default_rng(0)
    for k in range(60):
        logits = rng.normal(size=(4, game.num_distinct_actions())).astype(np.float32)
        # The highest logits are on illegal actions: they must never be chosen.
        logits[masks == 0] = 50.0
        greedy = k % 2 == 0
        actions, obs, new_masks, players, rewards, dones = a.step_logits(logits, greedy=greedy, seed=k)
        other = b.step_logits(logits, greedy=greedy, seed=k)
        assert all(np.array_equal(x, y) for x, y in zip((actions, obs, new_masks, players, rewards, dones), other))
        for i in range(4):
            assert masks[i][actions[i]] == 1
            if greedy:
                legal = np.flatnonzero(masks[i])
                assert actions[i] == legal[np.argmax(logits[i][legal])]
        masks = new_masks


def test_step_logits_samples_the_softmax_of_the_legal_logits():
    game = rise_engine.load_game("rise-hex")
    v = rise_engine.VectorEnv(game, 1, seed=1)
    _, masks, _ = v.reset()
    legal = np.flatnonzero(masks[0])
    assert len(legal) >= 2
    counts = {int(legal[0]): 0, int(legal[1]): 0}
    for k in range(400):
        w = rise_engine.VectorEnv(game, 1, seed=1)
        w.reset()
        logits = np.full((1, game.num_distinct_actions()), -np.inf, np.float32)
        logits[0, legal[0]], logits[0, legal[1]] = 0.0, np.log(3.0)  # chances 1/4 and 3/4
        actions = w.step_logits(logits, seed=k)[0]
        counts[int(actions[0])] += 1
    assert 0.65 < counts[int(legal[1])] / 400 < 0.85, counts
    bad = np.zeros((1, game.num_distinct_actions()), np.float32)
    bad[0, legal[0]] = np.nan
    with pytest.raises(rise_engine.RiseError, match="game 0 is NaN"):
        v.step_logits(bad)
    with pytest.raises(rise_engine.RiseError, match="shape"):
        v.step_logits(np.zeros((2, 3), np.float32))


def test_without_copy_the_results_are_read_only_views_of_the_buffers():
    game = rise_engine.load_game("rise-hex")
    copied = rise_engine.VectorEnv(game, 2, seed=5)
    viewed = rise_engine.VectorEnv(game, 2, seed=5, copy=False)
    obs_c, masks_c, _ = copied.reset()
    obs_v, masks_v, _ = viewed.reset()
    assert np.array_equal(obs_c, obs_v) and not obs_v.flags.writeable
    first = obs_c.copy()
    actions = copied.sample_legal_actions(0)
    after_c = copied.step(actions)
    after_v = viewed.step(actions)
    assert all(np.array_equal(x, y) for x, y in zip(after_c, after_v))
    assert after_v[4].dtype == np.bool_
    assert np.array_equal(obs_c, first)  # a copy keeps the earlier step
    assert np.array_equal(obs_v, after_v[0]) and not np.array_equal(obs_v, first)  # a view follows the buffer


@pytest.mark.parametrize("threads,batch", [(1, 4), (2, 3), (3, 1)])
def test_async_send_recv_matches_single_states(threads, batch):
    # The asynchronous mode (EnvPool's send/recv): recv() gives `batch` games that are done,
    # whichever they are; each game's rows are exactly its own single state's, whatever the
    # threads and the order the games finish in.
    game = rise_engine.load_game("raise-rise-die")
    n = 5
    v = rise_engine.VectorEnv(game, num_envs=n, threads=threads, seed=10, batch_size=batch)
    assert v.batch_size() == batch
    singles = [game.new_initial_state(10 + i) for i in range(n)]
    starts = [1] * n
    movers = [None] * n
    rng = np.random.default_rng(1)
    v.async_reset()
    received = 0
    finished = 0
    # A random raise-rise-die game lasts about 80 steps per env, so the loop runs until games
    # have ended and restarted (not for a fixed count that the order of finishing can fall short of).
    while finished < 2 * n and received < 20000:
        obs, masks, players, rewards, dones, ids = v.recv()
        assert obs.shape == (batch, *game.observation_tensor_shape()) and ids.shape == (batch,)
        assert len(set(ids.tolist())) == batch
        for k, i in enumerate(ids.tolist()):
            if movers[i] is not None and dones[k]:
                assert singles[i].is_terminal()
                assert rewards[k] == singles[i].returns()[movers[i]]
                singles[i] = game.new_initial_state(10 + i + starts[i] * n)
                starts[i] += 1
                finished += 1
            else:
                assert not dones[k] and rewards[k] == 0.0
            s = singles[i]
            assert players[k] == s.current_player()
            assert np.array_equal(obs[k], s.observation_tensor(s.current_player()))
            assert np.array_equal(masks[k], s.legal_actions_mask())
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], np.int32)
        for k, i in enumerate(ids.tolist()):
            movers[i] = singles[i].current_player()
            singles[i].apply_action(int(actions[k]))
        v.send(actions, ids)
        received += batch
    assert finished >= 2 * n, "games ended and restarted"


def test_async_mode_refuses_what_would_break_it():
    game = rise_engine.load_game("raise-rise-die")
    with pytest.raises(rise_engine.RiseError, match="batch_size must be between 1 and num_envs"):
        rise_engine.VectorEnv(game, num_envs=2, batch_size=3)
    v = rise_engine.VectorEnv(game, num_envs=3, threads=2, seed=1, batch_size=2)
    v.async_reset()
    with pytest.raises(rise_engine.RiseError, match="are not received yet"):
        v.step(np.zeros(3, np.int32))
    with pytest.raises(rise_engine.RiseError, match="are not received yet"):
        v.reset()
    obs, masks, players, rewards, dones, ids = v.recv()
    legal = [int(np.flatnonzero(m)[0]) for m in masks]
    with pytest.raises(rise_engine.RiseError, match="is sent twice"):
        v.send([legal[0], legal[0]], [int(ids[0]), int(ids[0])])
    late = ({0, 1, 2} - set(ids.tolist())).pop()
    with pytest.raises(rise_engine.RiseError, match=f"game {late} was sent and is not received yet"):
        v.send([legal[0]], [late])
    with pytest.raises(rise_engine.RiseError, match="is not in \\[0, 3\\)"):
        v.send([legal[0]], [7])
    illegal = int(np.flatnonzero(masks[0] == 0)[0])
    with pytest.raises(rise_engine.RiseError, match=f"action {illegal} is not legal in game {int(ids[0])}"):
        v.send([illegal], [int(ids[0])])
    with pytest.raises(rise_engine.RiseError, match="not an array of dtype float"):
        v.send(np.array([0.5]), [int(ids[0])])
    # One game in flight is fewer than the batch: recv would wait for ever, so it refuses.
    with pytest.raises(rise_engine.RiseError, match="fewer than batch_size"):
        v.recv()
    v.send(legal, ids)  # nothing was sent by the refused calls: these two go now
    obs, masks, players, rewards, dones, ids = v.recv()
    assert ids.shape == (2,)

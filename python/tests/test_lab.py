"""rise_engine.lab (docs/lab.md, "From Python"): the lab library from Python returns what the
`rise` commands' --json write for the same arguments, refuses what they refuse, and decides
the planted change of tests/lab as `rise lab ab` does."""

import json
import subprocess

import pytest

import rise_engine
import rise_engine.lab as lab
from test_readme import ROOT, needs_rise, rise_binary

LAB = ROOT / "tests" / "lab"
DECKS = [str(LAB / "rise-tcg" / "decks" / "champions.yaml"), str(LAB / "rise-tcg" / "decks" / "grunts.yaml")]


def rise_json(args, tmp_path):
    """`rise ARGS --json FILE --quiet`'s JSON."""
    out = tmp_path / "out.json"
    result = subprocess.run([rise_binary(), *args, "--json", str(out), "--quiet"], capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    return json.loads(out.read_text())


def test_ab_decides_the_planted_change_with_a_patch(tmp_path):
    r = lab.ab("rise-tcg", DECKS, data_a=str(LAB / "rise-tcg"), patch=str(LAB / "stronger-champion.patch.yaml"),
               players=["greedy"], allow_omniscient=True, seed=3, max_games=400, report=str(tmp_path / "ab"))
    html = (tmp_path / "ab" / "index.html").read_text()
    for part in ('id="decision"', 'id="changes"', 'id="ends-a"', "decision: H1: B is better",
                 "<dt>read hidden information (--allow-omniscient)</dt><dd>greedy</dd>"):
        assert part in html, part
    assert r["decision"] == "H1" and r["decision_text"].startswith("H1: B is better")
    assert r["elo"]["low95"] > 0
    assert r["games"] == 2 * sum(r["pentanomial"])
    assert [c["card"] for c in r["changes"]] == ["lab-champion"] * len(r["changes"]) and r["changes"]
    assert r["changed_cards"][0]["card"] == "lab-champion" and r["changed_cards"][0]["played_b"] > 0
    assert sum(e["games"] for e in r["ends_a"]) == r["games"] // 2
    assert r["data_b"].endswith("stronger-champion.patch.yaml")


@needs_rise
def test_ab_is_rise_lab_ab(tmp_path):
    args = dict(data_a=str(LAB / "rise-tcg"), data_b=str(LAB / "rise-tcg-stronger"), players=["greedy"],
                allow_omniscient=True, seed=3, max_games=40)
    cli = rise_json(["lab", "ab", "rise-tcg", "--decks", ",".join(DECKS), "--data-a", args["data_a"], "--data-b",
                     args["data_b"], "--players", "greedy", "--allow-omniscient", "--seed", "3", "--max-games", "40"],
                    tmp_path)
    assert lab.ab("rise-tcg", DECKS, **args) == cli


@needs_rise
def test_card_stats_is_rise_lab_cards(tmp_path):
    cli = rise_json(["lab", "cards", "rise-tcg", "--decks", "cinderstorm,deepcurrent", "--players", "random",
                     "--games", "6", "--seed", "4", "--by-deck"], tmp_path)
    py = lab.card_stats("rise-tcg", decks="cinderstorm,deepcurrent", players=["random"], games=6, seed=4, by_deck=True)
    assert py == cli
    assert py["games"] == 6 and py["decks"] == ["cinderstorm", "deepcurrent"] and py["round_robin"] is None
    assert all(c["games"] == 6 and c["deck"] in py["decks"] for c in py["cards"])


def test_card_stats_of_a_round_robin_has_ratings_and_a_report(tmp_path):
    r = lab.card_stats("rise-tcg", round_robin=str(LAB / "rise-tcg" / "decks"), options={"data": str(LAB / "rise-tcg")},
                       players=["random"], games=4, seed=2, resamples=20, report=str(tmp_path / "report"))
    html = (tmp_path / "report" / "index.html").read_text()
    for part in ('id="matrix"', 'id="ratings"', 'id="ends"', 'id="cards"', "in opening hand (OH)", "Lab Champion",
                 "<dt>seed</dt><dd>2</dd>"):
        assert part in html, part
    assert r["games"] == 4
    assert [d["deck"] for d in r["round_robin"]["ratings"]] == ["champions", "grunts"]
    assert {c["card"] for c in r["cards"]} == {"lab-champion", "lab-grunt", "lab-levelup"}


@needs_rise
def test_round_robin_is_rise_sim_round_robin(tmp_path):
    decks = str(LAB / "rise-tcg" / "decks")
    cli = rise_json(["sim", "rise-tcg", "--option", "data=" + str(LAB / "rise-tcg"), "--round-robin", decks,
                     "--players", "random", "--games", "4", "--seed", "5"], tmp_path)
    py = lab.round_robin("rise-tcg", decks, options={"data": str(LAB / "rise-tcg")}, players=["random"],
                         games_per_pair=4, seed=5)
    assert py == cli
    assert py["games"] == 4 and len(py["records"]) == 4


def test_the_lab_refuses_what_rise_lab_refuses(tmp_path):
    with pytest.raises(rise_engine.RiseError, match="greedy reads hidden information"):
        lab.card_stats("rise-tcg", players=["greedy"], games=1)
    with pytest.raises(rise_engine.RiseError, match="has no decks"):
        lab.card_stats("rise-hex", players=["random"], games=1)
    with pytest.raises(rise_engine.RiseError, match="no seat plays that deck"):
        lab.card_stats("rise-tcg", decks="cinderstorm,deepcurrent", deck="skyreavers", players=["random"], games=1)
    with pytest.raises(rise_engine.RiseError, match="give the change to test"):
        lab.ab("rise-tcg", DECKS, data_a=str(LAB / "rise-tcg"), players=["random"])
    with pytest.raises(rise_engine.RiseError, match="give the change to test"):
        lab.ab("rise-tcg", DECKS, data_b=str(LAB / "rise-tcg"), patch=str(LAB / "stronger-champion.patch.yaml"),
               players=["random"])
    with pytest.raises(rise_engine.RiseError, match=r"bad-value\.patch\.yaml:\d+"):
        lab.ab("rise-tcg", DECKS, data_a=str(LAB / "rise-tcg"), patch=str(LAB / "bad-value.patch.yaml"),
               players=["random"])
    with pytest.raises(rise_engine.RiseError, match="0 deck files .* a round robin needs at least 2"):
        lab.round_robin("rise-tcg", str(tmp_path), players=["random"])


@needs_rise
def test_tune_is_rise_lab_tune(tmp_path):
    data, tune_file = str(LAB / "rise-tcg-unbalanced"), str(LAB / "unbalanced.tune.yaml")
    cli = rise_json(["lab", "tune", "rise-tcg", "--tune", tune_file, "--data", data, "--players", "random",
                     "--budget", "3", "--games", "4", "--confirm-games", "12", "--seed", "2"], tmp_path)
    py = lab.tune("rise-tcg", tune_file, data=data, players=["random"], budget=3, games=4, confirm_games=12, seed=2,
                  out=str(tmp_path / "p.yaml"))
    assert py == cli
    assert len(py["evaluations"]) == 4 and py["evaluations"][0]["values"] == [6, 1]
    assert (tmp_path / "p.yaml").read_text() == py["patch"]
    with pytest.raises(rise_engine.RiseError, match="allow-omniscient"):
        lab.tune("rise-tcg", tune_file, data=data, players=["greedy"])

"""What README.md states that the engine or the repository can say: checked, so it cannot go stale.

The games and their player counts, the card, deck, character, weapon and faction counts of
the card games, the deck ids of its examples (and of `rise play/sim --help`), the sample
output of `rise games` and the packages of scripts/install-deps.sh. The counts come from the
engine's catalogs (rise_engine.load_game(id).catalog_json()) and game_info, the decks from
data/GAME/decks. With a built `rise` (make test builds build/sanitize/rise; RISE_BINARY
names another), the samples of `rise games`, `rise sim`, `rise cards explain` and `rise deck
validate` are compared with what it prints. A sentence that these checks look for and no
longer find fails the test: reword the check with the sentence.
"""

import math
import os
import pathlib
import re
import subprocess

import pytest

import rise_engine

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}


def number(text):
    """A number the README writes in digits or in words ("ten", "Six")."""
    if text.isdigit():
        return int(text)
    return NUMBER_WORDS[text.lower()]


def catalog(game_id):
    return rise_engine.load_game(game_id).catalog_json()


def deck_ids(game_id):
    """The starter decks of a card game: its deck files, as the engine finds them (data/GAME/decks/ID.yaml)."""
    return sorted(p.stem for p in (ROOT / "data" / game_id / "decks").glob("*.yaml"))


def rrd_kinds():
    """raise-rise-die's catalog split into cards, characters (personnage) and weapons (arme)."""
    entries = catalog("raise-rise-die").values()
    characters = [e for e in entries if e["type"] == "personnage"]
    weapons = [e for e in entries if e["type"] == "arme"]
    cards = [e for e in entries if e["type"] not in ("personnage", "arme")]
    return cards, characters, weapons


def dark_legacy_factions():
    """The factions of dark-legacy's cards ("Armor · Darkness · Skill Level 14"), as ids (holy-order)."""
    return sorted({e["type"].split(" · ")[1].lower().replace(" ", "-") for e in catalog("dark-legacy").values()})


# Each sentence of the README that states a number the engine or data can give: a name, a
# pattern with one group per number (digits or a word), and what each group must be.
FACTS = [
    ("games", r"for (\w+) tabletop games", lambda: [len(rise_engine.registered_games())]),
    ("all playable", r"\*\*All (\w+) are playable", lambda: [len(rise_engine.registered_games())]),
    ("rise-tcg players", r"the Rise trading card game for (\w+) to (\w+) players",
     lambda: [rise_engine.game_info("rise-tcg")["min_players"], rise_engine.game_info("rise-tcg")["max_players"]]),
    ("rise-tcg decks", r"every Ability and Disease of its rulebook, (\w+) starter decks",
     lambda: [len(deck_ids("rise-tcg"))]),
    ("rise-tcg cards and decks", r"\(\[format\]\(docs/cards\.md\)\), (\d+) starter cards, (\w+) starter decks",
     lambda: [len(catalog("rise-tcg")), len(deck_ids("rise-tcg"))]),
    ("dark-legacy decks", r"every rule of its rulebook, (\w+) faction decks", lambda: [len(deck_ids("dark-legacy"))]),
    ("dark-legacy cards, factions and decks",
     r"(\d+) starter cards of (\w+) factions as YAML data \(\[format\]\(docs/cards-dark-legacy\.md\)\), "
     r"(\w+) starter decks",
     lambda: [len(catalog("dark-legacy")), len(dark_legacy_factions()), len(deck_ids("dark-legacy"))]),
    ("raise-rise-die characters", r"every rule and keyword of its rulebook, (\w+) characters and starter decks",
     lambda: [len(rrd_kinds()[1])]),
    ("raise-rise-die decks", r"every rule and keyword of its rulebook, (\w+) characters and starter decks",
     lambda: [len(deck_ids("raise-rise-die"))]),
    ("raise-rise-die cards, characters, weapons, archetypes and decks",
     r"(\d+) starter cards, (\d+) characters, (\d+) weapons of (\d+) archetypes as YAML data "
     r"\(\[format\]\(docs/cards-raise-rise-die\.md\)\), (\d+) starter decks",
     lambda: [len(rrd_kinds()[0]), len(rrd_kinds()[1]), len(rrd_kinds()[2]),
              len({w["text"] for w in rrd_kinds()[2]}), len(deck_ids("raise-rise-die"))]),
    ("round robin decks", r"Round robin of rise-tcg: (\d+) decks from data/rise-tcg/decks/, 20 games per pair",
     lambda: [len(deck_ids("rise-tcg"))]),
    ("round robin games", r"players greedy in both seats; seed 1; (\d+) games on",
     lambda: [math.comb(len(deck_ids("rise-tcg")), 2) * 20]),
    ("round robin draws", r"draws \d+ of (\d+) games", lambda: [math.comb(len(deck_ids("rise-tcg")), 2) * 20]),
    ("round robin games of a deck", r"\nashen-omens +(\d+) +\d+ +\d+ +\d+ +[\d.]+% \[",
     lambda: [(len(deck_ids("rise-tcg")) - 1) * 20]),
    ("round robin time", r"the (\w+) starter decks,\s+20 games per pair", lambda: [len(deck_ids("rise-tcg"))]),
]


@pytest.mark.parametrize("pattern,expected", [f[1:] for f in FACTS], ids=[f[0] for f in FACTS])
def test_readme_numbers_match_the_engine_and_data(pattern, expected):
    matches = list(re.finditer(pattern, README))
    assert matches, f"README.md no longer says /{pattern}/: update test_readme.py with the sentence"
    want = expected()
    for m in matches:
        got = [number(g) for g in m.groups()]
        assert got == want, f"README.md says {m.group(0)!r}: {got}, but the engine and data/ give {want}"


def test_readme_raise_rise_die_archetypes_are_the_weapons():
    # "6 weapons of 3 archetypes": the catalog's text of a weapon is "archétype lame".
    _, _, weapons = rrd_kinds()
    assert all(w["text"].startswith("archétype ") for w in weapons)


def games_table():
    """The rows of the README's table "The games": id, game, players, status."""
    section = README[README.index("## The games"):README.index("## Requirements")]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"\| `([a-z-]+)` \| (.*?) \| (.*?) \| (.*) \|$", line)
        if m:
            rows[m.group(1)] = (m.group(2), m.group(3), m.group(4))
    return rows


def test_readme_games_table_lists_every_game_with_its_name_and_players():
    rows = games_table()
    assert sorted(rows) == sorted(rise_engine.registered_games())
    for game_id, (game, players, _) in rows.items():
        info = rise_engine.game_info(game_id)
        assert game.startswith(info["name"]), (game_id, game, info["name"])
        count = str(info["min_players"]) if info["min_players"] == info["max_players"] else \
            f"{info['min_players']}–{info['max_players']}"
        assert players.split(",")[0] == count, (game_id, players, count)
        assert ("or 1 in" in players) == bool(info["solo_option"]), (game_id, players, info["solo_option"])


def test_readme_first_paragraph_names_every_game():
    # "**Rise** (`rise-tcg`), **Rise!** (`rise-hex`), ...": each a registered game whose name starts so.
    intro = README[:README.index("It is for:")]
    named = dict((gid, name) for name, gid in re.findall(r"\*\*([^*]+)\*\*\s+\(`([a-z-]+)`\)", intro))
    assert sorted(named) == sorted(rise_engine.registered_games())
    for game_id, name in named.items():
        assert rise_engine.game_info(game_id)["name"].startswith(name), (game_id, name)


def test_readme_default_decks_are_the_engine_defaults():
    # dark-legacy: "the first two starter decks in name order (chaos, darkness)".
    m = re.search(r"the seats play the first two starter decks in name order \((\S+), (\S+)\)", README)
    assert m, "README.md no longer names dark-legacy's default decks: update test_readme.py"
    assert [m.group(1), m.group(2)] == deck_ids("dark-legacy")[:2]
    # raise-rise-die: "# you (lame deck) against ismcts (ombre)", the decks option's default.
    m = re.search(r"rise play raise-rise-die +# you \((\S+) deck\) against ismcts \((\S+)\)", README)
    assert m, "README.md no longer names raise-rise-die's default decks: update test_readme.py"
    option = {o["name"]: o for o in rise_engine.game_info("raise-rise-die")["options"]}["decks"]
    assert f"{m.group(1)},{m.group(2)}" == option["default"]
    # rise-tcg's round robin: the matrix's rows are the decks in name order.
    matrix = README[README.index("Win rate (%) of the row deck"):README.index("Each deck against all the others")]
    rows = re.findall(r"^ *(\d+) ([a-z-]+) ", matrix, re.M)
    assert rows, "README.md no longer shows the round robin's matrix: update test_readme.py"
    for index, deck in rows:
        assert deck_ids("rise-tcg")[int(index) - 1] == deck


def test_readme_hero_factions_are_dark_legacys():
    m = re.search(r'rise hero create Aria --faction "Holy Order" +# ([a-z, -]+)', README)
    assert m, "README.md no longer lists the factions of `rise hero create`: update test_readme.py"
    assert sorted(f.strip() for f in m.group(1).split(",")) == dark_legacy_factions()


def test_readme_deck_ids_exist():
    """Every deck id the README's commands use (--decks A,B, rise deck validate, rise lab) is a starter deck."""
    used = []
    for line in README.splitlines():
        m = re.match(r" *(?:\$ )?rise (?:play|sim|lab ab|lab cards) ([a-z-]+) [^#]*?--decks ([a-z0-9,-]+)", line)
        if m:
            used += [(m.group(1), d) for d in m.group(2).split(",")]
        m = re.match(r" *(?:\$ )?rise deck validate ([a-z-]+) ([^#]*)", line)
        if m:
            for word in m.group(2).split():
                if word.startswith("-"):
                    break
                if not word.endswith(".yaml"):
                    used.append((m.group(1), word))
    assert len(used) >= 8, used  # the README's examples: if they moved, this test must follow
    for game_id, deck in used:
        assert deck in deck_ids(game_id), f"README.md uses deck '{deck}' of {game_id}, which has {deck_ids(game_id)}"


def test_cli_help_deck_examples_exist():
    """`rise play/sim --help` and the empty-deck error give example deck ids "e.g. A,B (GAME)": real ones."""
    found = 0
    for source in sorted((ROOT / "cli").glob("*.cpp")):
        for m in re.finditer(r"e\.g\. ([a-z0-9-]+(?:,[a-z0-9-]+)+) \((rise-tcg|dark-legacy|raise-rise-die)\)",
                             source.read_text(encoding="utf-8")):
            found += 1
            for deck in m.group(1).split(","):
                assert deck in deck_ids(m.group(2)), f"{source.name}: deck '{deck}' of {m.group(2)} does not exist"
    assert found >= 3  # play_command.cpp, sim_command.cpp, options.cpp


def readme_rise_games():
    """The lines of the README's sample `rise games` output."""
    m = re.search(r"```\n\$ rise games\n(.*?)```\n", README, re.S)
    assert m, "README.md no longer shows `rise games`: update test_readme.py"
    return m.group(1).splitlines()


def matches_with_elisions(sample, actual):
    """Whether `sample` is `actual` with some runs of lines replaced by a line "    ..."."""
    i = 0
    skipping = False
    for line in sample:
        if line.strip() == "...":
            skipping = True
            continue
        if skipping:
            while i < len(actual) and actual[i] != line:
                i += 1
        if i >= len(actual) or actual[i] != line:
            return False
        i += 1
        skipping = False
    return skipping or i == len(actual)


def games_lines():
    """The games part of `rise games` (cli/games_command.cpp), from game_info."""
    lines = []
    for game_id in rise_engine.registered_games():
        gi = rise_engine.game_info(game_id)
        count = str(gi["min_players"]) + ("" if gi["max_players"] == gi["min_players"] else f"-{gi['max_players']}")
        solo = f", or 1 with --option {gi['solo_option']}" if gi["solo_option"] else ""
        lines.append(f"{gi['id']:<16} {gi['name']} ({count} players{solo}; rulebook {gi['rulebook']})")
        for o in gi["options"]:
            allowed = f" (one of: {', '.join(o['allowed_values'])})" if o["allowed_values"] else ""
            lines.append(f"    --option {o['name']}={o['default']:<8} {o['description']}{allowed}")
    return lines


def computer_players():
    """The computer players' kinds, in the engine's order (its error for an unknown kind lists them)."""
    with pytest.raises(Exception) as error:
        rise_engine.Bot("no-such-player")
    m = re.search(r"\(computer players: ([a-z, -]+)\)", str(error.value))
    assert m, str(error.value)
    return m.group(1).split(", ")


def test_readme_rise_games_matches_game_info():
    sample = readme_rise_games()
    blank = sample.index("")
    games, players = sample[:blank], sample[blank + 1:]
    assert matches_with_elisions(games, games_lines()), "\n".join(games_lines())
    for game_id in rise_engine.registered_games():  # every game's header line is shown
        assert any(line.startswith(f"{game_id} ") for line in games), game_id
    assert players[0] == "players (--players A,B):"
    assert [line.split()[0] for line in players[1:]] == ["human"] + computer_players()


def rise_binary():
    """A built `rise` of this checkout (RISE_BINARY, else the newest of build/sanitize and build/release), or None."""
    if os.environ.get("RISE_BINARY"):
        return os.environ["RISE_BINARY"]
    built = [p for p in (ROOT / "build" / "sanitize" / "rise", ROOT / "build" / "release" / "rise") if p.is_file()]
    return str(max(built, key=lambda p: p.stat().st_mtime)) if built else None


needs_rise = pytest.mark.skipif(rise_binary() is None,
                                reason="no built rise binary (make test builds build/sanitize/rise)")


def run_rise(args, cwd=ROOT):
    """`rise ARGS` on this checkout's data/ (whose paths it then prints as data/...), its output's lines."""
    env = dict(os.environ, RISE_DATA_DIR=str(ROOT / "data"))
    result = subprocess.run([rise_binary(), *args], capture_output=True, text=True, timeout=300, cwd=cwd, env=env)
    assert result.returncode in (0, 1), result.stderr  # deck validate: 1 when a deck breaks a rule
    return [line.rstrip() for line in result.stdout.splitlines()]


def readme_output_of(command):
    """The lines the README shows after `$ COMMAND` (and its continuation lines) up to the next `$ ` or fence."""
    lines = README.splitlines()
    start = lines.index(f"$ {command}")
    while lines[start].endswith("\\"):
        start += 1
    out = []
    for line in lines[start + 1:]:
        if line.startswith("$ ") or line.startswith("```"):
            break
        out.append(line)
    return out


@needs_rise
def test_readme_rise_games_is_the_binarys_output():
    actual = run_rise(["games"])
    assert matches_with_elisions(readme_rise_games(), actual), "\n".join(actual)


@needs_rise
def test_readme_rise_sim_sample_is_the_binarys_output(tmp_path):
    command = "rise sim rise-hex --players greedy,random --games 20 --threads 2 --seed 5 \\"
    sample = readme_output_of(command)
    args = command[len("rise "):-2].split() + ["--json", "summary.json", "--csv", "games.csv", "--replays", "replays/",
                                              "--quiet"]
    assert "      --json summary.json --csv games.csv --replays replays/" in README
    actual = run_rise(args, cwd=tmp_path)

    def timeless(lines):  # the time per game depends on the machine and the build
        return [re.sub(r"; [\d.]+ s per game$", "; T s per game", line) for line in lines]
    assert timeless(sample) == timeless(actual), "\n".join(actual)


@needs_rise
def test_readme_card_samples_are_the_binarys_output():
    # `rise cards explain`: the whole answer.
    assert readme_output_of("rise cards explain rise-tcg cinder-gambler") == \
        run_rise(["cards", "explain", "rise-tcg", "cinder-gambler"])
    # `rise deck validate`: the README's line for the starter deck (my-deck.yaml is an imagined file).
    sample = readme_output_of("rise deck validate rise-tcg cinderstorm my-deck.yaml")
    assert sample[0] in run_rise(["deck", "validate", "rise-tcg", "cinderstorm"]), sample[0]
    sample = readme_output_of("rise deck validate dark-legacy chaos --hero chaos:6")
    assert matches_with_elisions(sample, run_rise(["deck", "validate", "dark-legacy", "chaos", "--hero", "chaos:6"]))


def install_deps_packages():
    script = (ROOT / "scripts" / "install-deps.sh").read_text(encoding="utf-8")
    packages = []
    for body in re.findall(r"^packages\+?=\(([^)]*)\)", script, re.M):
        packages += body.split()
    packages += [p for body in re.findall(r"^\s+packages\+=\(([^)]*)\)", script, re.M) for p in body.split()]
    return packages


def test_readme_names_every_package_install_deps_installs():
    section = README[README.index("## Requirements"):README.index("Other targets:")]
    named = {word for span in re.findall(r"`([^`]+)`", section) for word in span.split()}
    packages = install_deps_packages()
    assert "nodejs" in packages and "python3-dev" in packages, packages  # the parse found every array
    missing = [p for p in packages if p not in named]
    assert not missing, f"README.md, Requirements, does not name {missing}, which scripts/install-deps.sh installs"

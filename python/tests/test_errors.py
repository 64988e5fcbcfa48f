"""Bad input from Python raises fray.FrayError (a ValueError) with fray's message and,
where fray has one, its location; never a panic across the boundary."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import fray
from conftest import EXAMPLES, ROOT

DUEL = (EXAMPLES / "battles" / "duel.toml").read_text()


def test_a_bad_trait_is_located():
    with pytest.raises(fray.FrayError) as caught:
        fray.damage(17, ["fire"], vs="Resist Fire; Vulnerable Cold 5 5")
    e = caught.value
    assert isinstance(e, ValueError)
    assert (e.path, e.line, e.column) == ("vs", 1, 32)
    assert "expected a limit or a (condition)" in e.message
    assert str(e) == e.message


def test_a_bad_scenario_file_is_located_in_its_file(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nsystem = "evasion"\ntrials = "a"\n')
    with pytest.raises(fray.FrayError) as caught:
        fray.battle(bad)
    e = caught.value
    assert (e.path, e.line, e.column) == (str(bad), 3, 10)
    assert e.message.startswith(f'{bad}, line 3, column 10: trials: must be a whole number, got the string "a"')


def test_a_bad_dict_is_refused_at_its_key_not_at_a_line_of_toml_never_written():
    with pytest.raises(fray.FrayError) as caught:
        fray.battle({"name": "x", "system": "evasion", "trials": "many"})
    e = caught.value
    assert (e.path, e.key, e.line, e.column) == ("<a scenario dict>", "trials", None, None)
    assert e.message.startswith("<a scenario dict> at `trials`: "), e.message
    assert "\n" not in e.message, "no quoted line of TOML the user never wrote"
    pikes = {
        "name": "p", "system": "pool",
        "pool": {
            "a": {"name": "A", "combatants": [{"name": "x", "hp": 3}, {"name": "y", "hp": 0}]},
            "b": {"name": "B", "combatants": [{"name": "z", "hp": 3}]},
        },
    }
    with pytest.raises(fray.FrayError) as caught:
        fray.battle(pikes)
    assert caught.value.key == "pool.a.combatants[1].hp", caught.value.message


def test_refusals_name_the_keyword_not_the_command_lines_flag():
    # The same field as the command line refuses (`--trials: ...`), by its path and in
    # Python's words: the keyword, and a key of a dict keyword as Python reaches it.
    with pytest.raises(fray.FrayError) as caught:
        fray.battle("examples/battles/duel.toml", trials=0)
    assert caught.value.field == "trials"
    assert caught.value.message == "trials: expected a whole number from 1 to 100000000, got 0"
    assert str(caught.value) == caught.value.message
    with pytest.raises(fray.FrayError) as caught:
        fray.to_hit(attacker_bonus=1, defender_bonus=1, model={"sigma": -1})
    assert caught.value.field == "model.sigma"
    assert caught.value.message.startswith('model["sigma"]: '), caught.value.message


def test_a_bad_sweep_path_is_refused_with_the_nearest_paths():
    with pytest.raises(fray.FrayError, match="evasion.b.defense.hp"):
        fray.sweep(DUEL, vary={"evasion.b.defence.hp": [1, 2]})


def test_an_absurd_sweep_is_refused_before_any_work():
    with pytest.raises(fray.FrayError, match="10000|10,000"):
        fray.sweep(DUEL, vary={"evasion.b.defense.hp": "1..200", "evasion.a.defense.hp": "1..200"}, trials=1)


def test_a_file_too_large_or_not_utf8_is_refused(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(fray, "MAX_FILE_BYTES", 16)
    big = tmp_path / "big.toml"
    big.write_text("x" * 17)
    with pytest.raises(fray.FrayError, match="larger than 16 bytes"):
        fray.minions(big)
    monkeypatch.undo()
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'name = "ok"\nname2 = "caf\xe9"\n')
    with pytest.raises(fray.FrayError) as caught:
        fray.minions(latin)
    assert (caught.value.line, caught.value.column) == (2, 13)
    assert "0xE9 is not UTF-8" in caught.value.message


def _nested(depth: int) -> dict:
    """A dict `depth` levels deep: deeper than Python's own recursion limit allows to encode."""
    top: dict = {}
    inner = top
    for _ in range(depth):
        inner["a"] = {}
        inner = inner["a"]
    return top


MALFORMED = [
    lambda: fray.damage("2d", ["fire"]),
    lambda: fray.damage(17, ["fire"], vs="Resist"),
    lambda: fray.damage([1, 2]),
    lambda: fray.damage(17, attacker_level=-1),
    lambda: fray.damage(17, no_such_fact=True),
    lambda: fray.damage("1000000d1000000"),
    lambda: fray.check("9/6"),
    lambda: fray.check("3/6", bonus=10**30),
    lambda: fray.sides("5x3/6", "7xx"),
    lambda: fray.sides("1000000000x3/6", "1x3/6"),
    lambda: fray.to_hit(attacker_bonus=float("nan"), defender_bonus=1),
    lambda: fray.to_hit(attacker="level = [", defender="[x"),
    lambda: fray.evasion_table(levels=(30, 0)),
    lambda: fray.minions("[[[["),
    lambda: fray.minions("name = \"\u202e\"\n\x00"),
    lambda: fray.minions(EXAMPLES / "minions" / "spells.toml", max_rounds=0),
    lambda: fray.encounter("[[step]]\nattack = 3"),
    lambda: fray.mass_battle({"a": None}),
    lambda: fray.battle("system = 'nope'"),
    lambda: fray.battle(example="no-such-example"),
    lambda: fray.battle(trials=0),
    lambda: fray.battle(threads=10**6),
    lambda: fray.battle(Path("/no/such/file.toml")),
    lambda: fray.battle(12),
    lambda: fray.battle(_nested(2000)),
    lambda: fray.sweep(DUEL),
    lambda: fray.sweep(DUEL, vary={"evasion.b.defense.hp": "5..1"}),
    lambda: fray.sweep(DUEL, vary={"evasion.b.defense.hp": [1]}, trials=0),
    lambda: fray.sweep(DUEL, vary={"evasion.b.defense.hp": [1]}, executor="dask"),
    lambda: fray.sweep(DUEL, find="evasion.b.defense.nope"),
    lambda: fray.odds_sweep("dice", {"tn": "1..2"}),
    lambda: fray.odds_sweep("pool", {"tn": "1..2"}, set={"nope": 1}),
    lambda: fray._native.call("no-such-command", "{}"),
    lambda: fray._native.call("damage", "{not json"),
    lambda: fray._native.sweep_merge(DUEL, []),
    # A chunk that is not what sweep_chunk wrote.
    lambda: fray._native.sweep_merge(
        '{"example": "duel", "vary": [{"path": "evasion.b.defense.hp", "values": [1, 2]}]}', ['[{"report": 3}]']
    ),
]


@pytest.mark.parametrize("call", MALFORMED)
def test_malformed_input_raises_fray_error_never_a_panic(call):
    with pytest.raises(fray.FrayError) as caught:
        call()
    e = caught.value
    assert e.message and str(e) == e.message
    assert type(e).__name__ == "FrayError", "a PanicException is not a FrayError"
    assert e.line is None or (e.line >= 1 and e.column >= 1)


def test_the_bad_scenario_file_carries_its_place_as_data():
    # The same file every front end's test refuses (tests/data/bad_duel.toml).
    bad = ROOT / "tests" / "data" / "bad_duel.toml"
    with pytest.raises(fray.FrayError) as caught:
        fray.battle(bad)
    e = caught.value
    assert (e.path, e.line, e.column, e.width) == (str(bad), 30, 6, 3)
    assert "evasion.a.defense.hp" in e.message and e.hint is None and e.warnings == []


def test_a_mistyped_path_is_said_not_to_exist():
    with pytest.raises(fray.FrayError) as caught:
        fray.battle("examples/battles/nope.toml")
    assert "no such file" in caught.value.message and "nope.toml" in caught.value.message


@pytest.mark.parametrize("name", ["runs/hp=20.toml", "runs/[old]/duel.toml", "[old].toml", "a\x00b.toml"])
def test_a_missing_path_with_tomls_characters_is_said_not_to_exist(name):
    """A path holding `=` or `[` is still a path: "no such file", not a TOML error at its
    first character; the string and pathlib.Path alike."""
    for given in (name, Path(name)):
        with pytest.raises(fray.FrayError) as caught:
            fray.battle(given)
        assert "no such file" in caught.value.message and caught.value.line is None, caught.value.message


def test_a_folder_is_said_to_be_a_folder():
    for given in ("examples/battles", EXAMPLES / "battles", str(EXAMPLES / "battles") + "/"):
        with pytest.raises(fray.FrayError, match="it is a folder, not a file"):
            fray.sweep(given, vary={"evasion.b.defense.hp": [1]})


def test_one_line_of_toml_is_still_toml_text():
    # Neither of these is a path: fray reads them as TOML and refuses what they lack.
    for text in ('name = "x"', "[evasion]", 'a."b" = 1'):
        with pytest.raises(fray.FrayError) as caught:
            fray.battle(text)
        assert "no such file" not in caught.value.message, text


def test_arguments_of_the_wrong_shape_are_refused_not_misread():
    with pytest.raises(fray.FrayError, match="expected a dict"):
        fray.sweep(DUEL, "x=1..2")
    with pytest.raises(fray.FrayError, match="expected a dict"):
        fray.odds_sweep("pool", [("bonus", "0..2")])
    # A bare string would be read as its letters: f, i, r, e.
    with pytest.raises(fray.FrayError, match="list of names"):
        fray.damage(17, "fire")
    with pytest.raises(fray.FrayError) as caught:
        fray.battle("\x1b]0;owned\x07nope.toml")
    assert "\x1b" not in caught.value.message and "\x07" not in caught.value.message
    # A control character in a sweep's path is escaped wherever the message names it.
    with pytest.raises(fray.FrayError) as caught:
        fray.sweep(DUEL, {"evasion.b.defense.hp\x1b[31m": [1]})
    assert "\x1b" not in caught.value.message, repr(caught.value.message)


def test_a_probable_typo_is_a_fray_warning_kept_on_the_result():
    # `fyre` is read as a damage type of its own: 17 where 8 was meant, said out loud.
    with pytest.warns(fray.FrayWarning, match="did you mean `fire`") as caught:
        r = fray.damage(17, ["fyre"], vs="Resist 9 Fire")
    assert r["final"] == 17
    assert len(r.warnings) == 1 and "did you mean `fire`" in r.warnings[0]
    # Raised where the caller called fray, not inside the package.
    assert caught[0].filename == __file__
    with pytest.warns(fray.FrayWarning, match="did you mean `fire`"):
        r = fray.damage(17, ["fire"], vs="Resist 9 Fier")
    assert r["final"] == 17 and r.warnings
    # A request with nothing in doubt warns of nothing.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert fray.damage(17, ["fire"], vs="Resist 9 Fire")["final"] == 9


def test_strict_refuses_a_request_with_a_warning():
    with pytest.raises(fray.FrayError, match="strict.*did you mean `fire`"):
        fray.damage(17, ["fyre"], vs="Resist 9 Fire", strict=True)
    assert fray.damage(17, ["fire"], vs="Resist 9 Fire", strict=True)["final"] == 9

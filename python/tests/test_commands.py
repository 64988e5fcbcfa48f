"""Each binding returns what `fray COMMAND ... --json` prints for the same input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fray
from conftest import EXAMPLES, optional


def test_damage_is_the_cli_json(cli):
    py = fray.damage(17, ["fire", "cold"], vs="Resist Fire; Vulnerable 5 Cold")
    assert py == cli("damage", "17", "fire", "cold", "--vs", "Resist Fire; Vulnerable 5 Cold")
    assert py["final"] == 15 and py["trace"], "the answer holds the trace of rule steps"


def test_damage_with_facts_and_dice(cli):
    py = fray.damage("2d6+3", ["fire"], vs="Resist 5 Fire", critical=True, attacker_level=12, effect=["stunned"])
    assert py == cli("damage", "2d6+3", "fire", "--vs", "Resist 5 Fire", "--critical",
                     "--attacker-level", "12", "--effect", "stunned")
    assert abs(sum(row["p"] for row in py["distribution"]) - 1) < 1e-9
    rolled = fray.damage("2d6", roll=True, seed=9)
    assert rolled == cli("damage", "2d6", "--roll", "--seed", "9")


def test_types(cli):
    assert fray.types() == cli("types")
    assert fray.types(including_physical=True) == cli("types", "--including-physical")
    assert "physical" in fray.types(including_physical=True)["choosable"]


def test_design_check(cli):
    assert fray.design_check() == cli("design-check")
    damage = fray.design_check("damage")
    assert damage == cli("design-check", "damage")
    assert {g["id"].split(".")[0] for g in damage["goals"]} == {"damage"}
    with pytest.raises(fray.FrayError, match="unknown variant"):
        fray.design_check("luck")


def test_pool_check_and_sides(cli):
    assert fray.check("3/6", bonus=2) == cli("check", "3/6", "--bonus", "2")
    assert fray.check("7/8", steps=-1, penalty=1) == cli("check", "7/8", "--steps", "-1", "--penalty", "1")
    assert fray.sides("5x3/6+3b", "7x4/6+1b,2x1/8+2p") == cli("sides", "--a", "5x3/6+3b", "--b", "7x4/6+1b,2x1/8+2p")


def test_mass_battle_from_a_path(cli):
    path = EXAMPLES / "pool" / "pikes-vs-riders.toml"
    assert fray.mass_battle(path, seed=7) == cli("mass-battle", str(path), "--seed", "7")


def test_evasion_commands(cli):
    valkyrie, troll = EXAMPLES / "evasion" / "valkyrie.toml", EXAMPLES / "evasion" / "troll.toml"
    assert fray.to_hit(attacker_bonus=3, defender_bonus=5, attacker_luck=6) == cli(
        "tohit", "--attacker-bonus", "3", "--defender-bonus", "5", "--attacker-luck", "6")
    # A str naming a file is read as the file.
    assert fray.to_hit(attacker=str(valkyrie), defender=troll, model={"sigma": 4}) == cli(
        "tohit", "--attacker", str(valkyrie), "--defender", str(troll), "--sigma", "4")
    assert fray.evasion_damage(valkyrie, troll, "d8+d12", rounding="down") == cli(
        "evasion-damage", "--attacker", str(valkyrie), "--defender", str(troll), "--damage", "d8+d12",
        "--rounding", "down")
    assert fray.evasion_table(levels=(0, 12), evs=(0, 4)) == cli("evasion-table", "--levels", "0..12", "--evs", "0..4")
    knight = EXAMPLES / "evasion" / "knight.toml"
    assert fray.appraise(knight, reference_bonus=2) == cli("appraise", "--defender", str(knight),
                                                           "--reference-bonus", "2")


def test_minions_from_text_and_path(cli):
    path = EXAMPLES / "minions" / "recruits-vs-orcs.toml"
    expected = cli("minions", str(path), "--order", "interleaved")
    assert fray.minions(path, order="interleaved") == expected
    assert fray.minions(path.read_text(), order="interleaved") == expected, "TOML text plays the same"


def test_encounter(cli):
    path = EXAMPLES / "encounters" / "grabbed.toml"
    assert fray.encounter(path, seed=3) == cli("encounter", str(path), "--seed", "3")


def test_battle(cli):
    assert fray.battle(example="pikes", trials=300, seed=4, threads=1) == cli(
        "battle", "--example", "pikes", "--trials", "300", "--seed", "4", "--quiet")
    duel = EXAMPLES / "battles" / "duel.toml"
    assert fray.battle(duel, trials=200, seed=2) == cli("battle", str(duel), "--trials", "200", "--seed", "2", "--quiet")


def test_battle_from_a_dict_is_the_file_it_writes(tmp_path: Path, cli):
    import tomllib  # Python 3.11: the tests run there; the package needs only 3.9

    duel = EXAMPLES / "battles" / "duel.toml"
    data = tomllib.loads(duel.read_text())
    written = tmp_path / "duel.toml"
    written.write_text(fray._native.toml_of(__import__("json").dumps(data))[0])
    assert fray.battle(data, trials=200, seed=2) == cli("battle", str(written), "--trials", "200", "--seed", "2", "--quiet")


def test_sweep_paths(cli):
    assert fray.sweep_paths(example="pikes") == cli("sweep-paths", "--example", "pikes")
    duel = EXAMPLES / "battles" / "duel.toml"
    assert fray.sweep_paths(duel) == cli("sweep-paths", str(duel))
    assert fray.sweep_paths(odds="pool") == cli("sweep-paths", "--odds", "pool")
    with pytest.raises(fray.FrayError, match="not both"):
        fray.sweep_paths(example="duel", odds="pool")


def test_sweep(cli):
    duel = EXAMPLES / "battles" / "duel.toml"
    py = fray.sweep(duel, vary={"evasion.b.defense.hp": [20, 30, 40]}, trials=2000, seed=5)
    assert py == cli("sweep", str(duel), "--vary", "evasion.b.defense.hp=20,30,40", "--trials", "2000",
                     "--seed", "5", "--quiet")
    assert [p["values"]["evasion.b.defense.hp"] for p in py["points"]] == [20, 30, 40]
    grid = fray.sweep(EXAMPLES / "battles" / "pikes.toml", vary={"pool.a.combatants.Pikeman.count": "2..4"},
                      trials=50, seed=1, find={"path": "pool.a.combatants.Pikeman.count", "values": "1..8"})
    assert grid == cli("sweep", str(EXAMPLES / "battles" / "pikes.toml"), "--vary",
                       "pool.a.combatants.Pikeman.count=2..4", "--trials", "50", "--seed", "1",
                       "--find", "pool.a.combatants.Pikeman.count=1..8", "--quiet")
    assert "find" in grid
    # A search with no range steps outward from the file's value (the troll's 60 hit
    # points) and gives the two whole values around the crossing.
    outward = fray.sweep(duel, find="evasion.b.defense.hp")
    assert outward == cli("sweep", str(duel), "--find", "evasion.b.defense.hp", "--quiet")
    assert outward["find"]["start"] == 60
    below, above = outward["find"]["whole_values"]
    assert above["value"] == below["value"] + 1 and below["p"] >= 0.5 > above["p"]


def test_odds_sweep(cli):
    py = fray.odds_sweep("pool", {"tn": "1..5", "bonus": "-2..3"}, set={"ladder": "6:8,10"})
    assert py == cli("sweep", "--odds", "pool", "--vary", "tn=1..5", "--vary", "bonus=-2..3", "--set", "ladder=6:8,10")
    py = fray.odds_sweep("damage", {"amount": "0..30:5"}, set={"types": ["fire"], "vs": "Resist 5 Fire"})
    assert py == cli("sweep", "--odds", "damage", "--vary", "amount=0..30:5", "--set", 'types=["fire"]',
                     "--set", "vs=Resist 5 Fire")


@pytest.mark.parametrize(
    "command, columns",
    [
        (lambda: fray.check("3/6"), {"success", "degree", "p"}),
        (lambda: fray.sides("2x3/6", "1x4/6"), {"side", "hits", "p"}),
        (lambda: fray.evasion_table(levels=(0, 6), evs=(0, 2)), {"attacker", "defender_ev", "p_hit"}),
        (lambda: fray.damage("2d6"), {"damage", "p"}),
        (lambda: fray.design_check("evasion"), {"id", "goal", "baseline", "new"}),
        (lambda: fray.odds_sweep("pool", {"tn": "1..3"}), {"tn", "p_success", "mean_degree"}),
    ],
)
def test_tables_as_dataframes(command, columns):
    pandas = optional("pandas")
    result = command()
    frame = result.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert columns <= set(frame.columns)
    assert len(frame) == len(result.rows()) > 0


def test_sweep_as_a_dataframe():
    optional("pandas")
    r = fray.sweep(EXAMPLES / "battles" / "duel.toml", vary={"evasion.b.defense.hp": [20, 60]}, trials=100, seed=5)
    frame = r.to_pandas()
    assert list(frame["evasion.b.defense.hp"]) == [20, 60]
    assert frame["a_win"][0] > frame["a_win"][1], "a tougher troll is harder to beat"
    assert list(frame["seed"]) == [p["seed"] for p in r["points"]]
    # The sides by name, and whether their figures are exact (a duel is solved) or sampled.
    assert set(frame["a_side"]) == {"Valkyrie"} and set(frame["b_side"]) == {"Troll"}
    assert set(frame["win_basis"]) == {"exact"}
    sampled = fray.sweep(EXAMPLES / "battles" / "pikes.toml", vary={"pool.a.combatants.Pikeman.count": [2, 3]},
                         trials=50, seed=5).to_pandas()
    assert set(sampled["win_basis"]) == {"sampled"} and set(sampled["a_side"]) == {"Pike square"}


def test_numpy_numbers_and_arrays_go_where_ints_floats_and_lists_go():
    np = optional("numpy")
    duel = EXAMPLES / "battles" / "duel.toml"
    plain = fray.sweep(duel, vary={"evasion.b.defense.hp": [20, 30, 40]}, trials=200, seed=5)
    numpy = fray.sweep(duel, vary={"evasion.b.defense.hp": np.arange(20, 41, 10)}, trials=np.int64(200),
                       seed=np.uint32(5), threads=np.int8(1))
    assert numpy == plain
    assert fray.battle(duel, trials=np.int64(100), seed=np.int64(2)) == fray.battle(duel, trials=100, seed=2)
    assert fray.to_hit(attacker_bonus=np.float32(3.5), defender_bonus=np.float64(5)) == fray.to_hit(
        attacker_bonus=3.5, defender_bonus=5.0)
    assert fray.damage(np.int64(17), np.array(["fire", "cold"]), vs="Resist Fire") == fray.damage(
        17, ["fire", "cold"], vs="Resist Fire")
    assert fray.odds_sweep("pool", {"tn": np.arange(1, 4)}, set={"bonus": np.int64(1)}) == fray.odds_sweep(
        "pool", {"tn": [1, 2, 3]}, set={"bonus": 1})
    # In a dict written as TOML too, and a NaN is refused however it is spelled.
    import tomllib

    data = tomllib.loads(duel.read_text())
    assert fray.battle({**data, "trials": np.int64(60)}, seed=1) == fray.battle({**data, "trials": 60}, seed=1)
    with pytest.raises(fray.FrayError, match="JSON"):
        fray.to_hit(attacker_bonus=np.float32("nan"), defender_bonus=1)
    with pytest.raises(fray.FrayError, match="expected a list of values"):
        fray.sweep(duel, vary={"evasion.b.defense.hp": np.int64(20)})
    with pytest.raises(fray.FrayError, match="`chunks`: expected a whole number"):
        fray.sweep(duel, vary={"evasion.b.defense.hp": [20]}, executor="ray", chunks=2.5)


def test_a_battle_as_a_dataframe_has_a_row_a_combatant():
    optional("pandas")
    pikes = fray.battle(example="pikes", trials=100, seed=1)
    frame = pikes.to_pandas()
    assert len(frame) == len(pikes["survivors"]) > 2
    assert list(frame["name"]) == [s["name"] for s in pikes["survivors"]]
    assert set(frame["side_name"]) == {"Pike square", "Riders"} and set(frame["basis"]) == {"sampled"}
    assert frame["survival"].between(frame["survival_low"], frame["survival_high"]).all()
    exact = fray.battle(example="minions").to_pandas()
    assert set(exact["basis"]) == {"exact"} and set(exact["side"]) == {"a", "b"}


def test_a_rosters_matrices_as_dataframes():
    import math

    optional("pandas")
    r = fray.roster(example="minions")
    names = [u["name"] for u in r["units"]]
    assert list(r.to_pandas()["name"]) == names == list(r.to_pandas(table="units")["name"])
    for table in ("matrix", "fitted_matrix"):
        square = r.to_pandas(table=table)
        assert list(square.index) == list(square.columns) == names
        assert (square.index.name, square.columns.name) == ("unit", "against")
        for i, row in enumerate(r[table]["rows"]):
            for j, cell in enumerate(row["cells"]):
                shown = square.loc[names[i], names[j]]
                assert math.isnan(shown) if cell is None else shown == cell["score"], (table, i, j)
        assert len(r.rows(table)) == len(names) * (len(names) - 1)
    matchups = r.to_pandas(table="matchups")
    assert len(matchups) == 2 * len(names) * (len(names) - 1)
    fitted = matchups[matchups["matrix"] == "fitted_matrix"]
    assert set(fitted["unit_cost"]) == {u["fitted"] for u in r["units"]}
    assert {"unit", "against", "win", "draw", "score", "low", "high"} <= set(matchups.columns)
    bought = r.to_pandas(table="metagame")
    assert list(bought["costs"]) == ["starting"] * len(names) + ["fitted"] * len(names)
    assert list(bought["unit"]) == names * 2
    for costs in ("starting", "fitted"):
        assert abs(bought[bought["costs"] == costs]["share"].sum() - 1) < 1e-9
    searched = fray.roster(example="minions", armies=True, top=3)
    armies = searched.to_pandas(table="armies")
    assert list(armies["rank"]) == [1, 2, 3]
    assert list(armies["score"]) == [a["score"] for a in searched["armies"]["armies"]]
    assert set(names) <= set(armies.columns)
    with pytest.raises(ValueError, match="'units', 'matrix', 'fitted_matrix', 'matchups', 'metagame', 'armies'"):
        r.to_pandas(table="matrices")
    with pytest.raises(ValueError, match="has one table"):
        fray.check("3/6").to_pandas(table="matrix")


def test_to_pandas_without_pandas_says_how_to_get_it(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    with pytest.raises(ImportError, match="pip install pandas"):
        fray.check("3/6").to_pandas()


def test_a_result_that_is_not_a_table_says_so():
    with pytest.raises(TypeError, match="not a table"):
        fray.types().to_pandas()


def test_every_command_of_the_table_has_a_function():
    table = {name: long for name, _summary, long, _files in fray._native.commands()}
    assert set(fray.COMMANDS) == set(table), "fray.COMMANDS differs from the command table"
    for name, function in fray.COMMANDS.items():
        assert callable(function) and function.__name__ in fray.__all__, name


#: Keywords of the Python functions that are no request field: how Python runs a command.
HOW_PYTHON_CALLS = {"strict", "executor", "chunks"}
#: Request fields a command's function leaves to another function: an odds sweep
#: (``odds``, ``set``) is ``fray.odds_sweep``, and a bundled scenario is named by its
#: ``scenario`` argument.
ELSEWHERE = {"sweep": {"example", "odds", "set"}}


def test_each_function_takes_its_requests_fields_with_the_requests_defaults():
    """Checked field by field against the command table's schemas: every keyword is a
    request field (or says how Python calls), every field is a keyword (or one of the
    ``**fields`` a function forwards by name), and a default Python writes is the
    schema's own: a default lives in the request, once."""
    import inspect

    for name, function in fray.COMMANDS.items():
        fields = json.loads(fray._native.schema(name))["request"]["properties"]
        params = inspect.signature(function).parameters
        forwards = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
        for p in params.values():
            if p.kind is inspect.Parameter.VAR_KEYWORD or p.name in HOW_PYTHON_CALLS:
                continue
            assert p.name in fields, f"{name}: `{p.name}` is no field of its request"
            if p.default is inspect.Parameter.empty or p.default is None:
                continue
            default = list(p.default) if isinstance(p.default, tuple) else p.default
            assert default == fields[p.name].get("default"), (
                f"{name}: {p.name}={p.default!r} in Python, {fields[p.name].get('default')!r} in the request"
            )
        missing = set(fields) - set(params) - ELSEWHERE.get(name, set())
        assert forwards or not missing, f"{name}: no keyword for {sorted(missing)}"
    assert {"system", "set"} <= set(inspect.signature(fray.odds_sweep).parameters)


def test_a_command_without_a_written_function_gets_one_from_the_table():
    """What a command added to the table gets unedited: a function whose keywords are its
    request's fields, documented from its schema, answering as the written one does."""
    import inspect

    summary = next(s for n, s, _long, _files in fray._native.commands() if n == "check")
    built = fray._built("check", summary, [])
    assert built.__name__ == "check" and summary in built.__doc__ and "``rung``:" in built.__doc__
    assert {"rung", "bonus", "ladder", "strict"} <= set(inspect.signature(built).parameters)
    assert built(rung="3/6", bonus=2) == fray.check("3/6", bonus=2)
    with pytest.raises(fray.FrayError) as caught:
        built(rung="3/6", steps=9999)
    assert caught.value.field == "steps"
    with pytest.raises(TypeError, match="colour"):
        built(rung="3/6", colour="red")
    files = next(f for n, _s, _long, f in fray._native.commands() if n == "minions")
    minions = fray._built("minions", "", files)
    assert minions(battle=EXAMPLES / "minions" / "gorgon.toml", quiet=True) == fray.minions(
        EXAMPLES / "minions" / "gorgon.toml", quiet=True
    )


#: What JupyterLab's sanitizer keeps of an output it does not trust (a notebook reopened
#: from disk): its allowed tags and the attributes these pages use
#: (packages/apputils/src/sanitizer.ts). No iframe, srcdoc, style element or svg.
KEPT_TAGS = {
    "a", "b", "br", "caption", "code", "col", "colgroup", "div", "em", "figcaption", "figure", "h1", "h2",
    "h3", "h4", "h5", "h6", "hr", "i", "img", "li", "ol", "p", "pre", "section", "small", "span", "strong",
    "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "wbr",
}
KEPT_ATTRIBUTES = {"class", "style", "title", "id", "lang", "dir"}
KEPT_BY_TAG = {"img": {"src", "alt", "width", "height"}, "td": {"colspan", "rowspan"}, "th": {"colspan", "rowspan"}}


def test_reports_show_in_a_notebook_offline_and_survive_its_sanitizer():
    """A battle, a sweep, an odds sweep, the design check and a roster carry the report
    page `--report` writes; as a cell's last expression it is shown inline, as tall as its
    content, in tags and attributes JupyterLab keeps when it reopens a saved notebook, its
    charts the page's own SVG as images: no script, nothing fetched. Other answers keep
    the plain repr."""
    import base64
    import re
    from html.parser import HTMLParser

    class Tags(HTMLParser):
        def __init__(self):
            super().__init__()
            self.found, self.text = [], []

        def handle_starttag(self, tag, attrs):
            self.found.append((tag, dict(attrs)))

        def handle_data(self, data):
            self.text.append(data)

    shown = {
        "battle": fray.battle(example="duel", trials=300, seed=2),
        "sweep": fray.sweep(str(EXAMPLES / "battles" / "duel.toml"), vary={"evasion.b.defense.hp": [30, 50]}, trials=200),
        "odds_sweep": fray.odds_sweep("pool", {"tn": "1..4"}),
        "design-check": fray.design_check("damage"),
        "roster": fray.roster(example="minions"),
    }
    for name, result in shown.items():
        out = result._repr_html_()
        assert out.startswith('<div class="fray-report"'), name
        tags = Tags()
        tags.feed(out)
        for tag, attrs in tags.found:
            assert tag in KEPT_TAGS, f"{name}: <{tag}> is dropped by the sanitizer"
            dropped = set(attrs) - KEPT_ATTRIBUTES - KEPT_BY_TAG.get(tag, set())
            assert not dropped, f"{name}: <{tag}> loses {dropped}"
        # Each chart is the page's own SVG, in order; the page's words are all there.
        charts = re.findall(r"<svg\b.*?</svg>", result.html, re.S)
        images = [base64.b64decode(a["src"].split(",", 1)[1]).decode() for t, a in tags.found if t == "img"]
        assert images == charts and charts, name
        title = re.search(r"<h1>(.*?)</h1>", result.html).group(1)
        assert title in "".join(tags.text), name
        assert "height:640px" not in out and "<script" not in out, name
    # The page's stylesheet is in the elements it selects.
    sweep = shown["sweep"]._repr_html_()
    assert '<div class="points" style="overflow-x:auto' in sweep
    assert fray.check("3/6")._repr_html_() is None

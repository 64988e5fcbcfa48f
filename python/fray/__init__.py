"""fray from Python: the combat-rules engine and balance lab of the ``fray`` command.

Each function is named after a command and returns what ``fray COMMAND --json``
prints for the same input, as plain Python data (dicts and lists)::

    >>> import fray
    >>> fray.damage(17, ["fire", "cold"], vs="Resist Fire; Vulnerable 5 Cold")["final"]
    15
    >>> round(fray.check("3/6", bonus=2)["p_success"], 4)
    0.875

Results that are tables (distributions, evasion tables, sweeps) have ``to_pandas()``;
those with a report (battles, sweeps, the design check) show its charts in a notebook.
Bad input raises :class:`FrayError` (a ``ValueError``) with fray's message and, where
fray located the problem, its ``line``, ``column`` and ``path``. The Rust core runs
without the GIL. ``sweep(..., executor="ray")`` runs a sweep's points as Ray tasks, and
``roster(..., executor="ray")`` a pricing's matchups.
"""

from __future__ import annotations

import json
import numbers
import operator
import os
import re
import warnings as _warnings
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence, Union

from . import _native
from ._native import FrayError
from ._tables import Result


class FrayWarning(UserWarning):
    """A doubt fray found in a request, such as a probable typo (``fyre`` read as a damage
    type of its own: did you mean ``fire``?). Raised through :mod:`warnings` where the
    request was made, and kept on the result (``result.warnings``); ``strict=True`` on
    any function refuses the request instead, with ``FrayError``."""

__all__ = [
    "FrayError",
    "FrayWarning",
    "COMMANDS",
    "Result",
    "appraise",
    "battle",
    "check",
    "damage",
    "design_check",
    "encounter",
    "evasion_damage",
    "evasion_table",
    "mass_battle",
    "minions",
    "odds_sweep",
    "roster",
    "sides",
    "sweep",
    "sweep_paths",
    "to_hit",
    "types",
]

#: The largest file read for a scenario, script, battle or profile: the command table's
#: largest bound (a scenario, ``fray_commands::limits``), so an absurd file is refused
#: before it is read whole.
MAX_FILE_BYTES = _native.MAX_FILE_BYTES

Source = Union[str, "os.PathLike[str]", Mapping[str, Any]]


class _DictText(str):
    """TOML text fray wrote from a dict, with the key path each of its lines writes, so
    an error in it names the dict's key (``pool.a.combatants[0].hp``), not a line."""

    lines: "list[str]" = []


def _call(command: str, request: dict, sources: Optional[dict] = None, kind: Optional[str] = None,
          strict: bool = False) -> Result:
    """One command through the library: the request as JSON in, its answer out (with its
    report page, for the commands that have one). ``kind`` names the answer's shape when
    it is not the command's (``odds_sweep``). Each warning fray found in the request is
    raised as a :class:`FrayWarning` (where the caller called fray) and kept on the
    result; ``strict`` refuses the request instead (``FrayError``)."""
    sources = sources or {}
    dicts = {
        source: request[field].lines
        for field, source in sources.items()
        if isinstance(request.get(field), _DictText)
    }
    if strict:
        request = {**request, "strict": True}
    text = _json(command, request)
    answer, page, warned = _native.call_with_page(command, text, sources, dicts, True)
    for warning in warned:
        # stacklevel 3: the line of the caller's code that called fray.
        _warnings.warn(warning, FrayWarning, stacklevel=3)
    return Result(json.loads(answer), kind or command, page, warned)


def _plain(value: Any) -> Any:
    """A value JSON has no type for, as the number or list it stands for: NumPy's integers
    (``np.int64``), floats (``np.float32``), booleans and arrays (``np.arange``), or any
    other integer-like or mapping, so they go wherever an int, a float or a list goes.
    Duck-typed (``__index__``, ``tolist``, ``numbers.Real``): fray does not need NumPy."""
    if isinstance(value, Mapping):
        return dict(value)
    if hasattr(value, "tolist"):  # NumPy's arrays and scalars, pandas' Series
        return value.tolist()
    try:
        return operator.index(value)
    except TypeError:
        pass
    if isinstance(value, numbers.Real):
        return float(value)
    raise TypeError(f"a value of type {type(value).__name__} is not a number, a string, a list or a dict")


def _json(what: str, request: Any) -> str:
    """A request as JSON; NaN and infinities (not JSON) are refused as fray refuses input,
    and NumPy's numbers and arrays are written as the numbers and lists they hold."""
    try:
        return json.dumps(request, allow_nan=False, default=_plain)
    except (TypeError, ValueError) as e:
        raise _error(f"{what}: {e}") from None
    except RecursionError:
        # No fray file nests anywhere near this deep (the TOML reader allows 80 levels).
        raise _error(f"{what}: nested too deeply (dicts or lists inside one another)") from None


def _text(value: Source, what: str) -> "tuple[str, Optional[str]]":
    """The TOML text of a scenario, script or profile, and where it came from.

    ``value`` is a path (``pathlib.Path``, or a one-line str that names a file or is no
    line of TOML: a missing file or a folder is refused as such), TOML text, or a dict, written as TOML by fray with each line's key path, so its errors name the
    dict's key.
    """
    if isinstance(value, Mapping):
        text, lines = _native.toml_of(_json(what, dict(value)))
        written = _DictText(text)
        written.lines = lines
        return written, f"<{what} dict>"
    if isinstance(value, os.PathLike) or (
        isinstance(value, str) and "\n" not in value and len(value) < 4096
        and (os.path.exists(value) or _looks_like_a_path(value))
    ):
        return _read(Path(value), what), os.fspath(value)
    if isinstance(value, str):
        return value, None
    raise _error(f"{what}: expected TOML text, a file path or a dict, not {type(value).__name__}")


#: One line of TOML that a file's text could be: a `key = value` (bare, quoted or dotted
#: key), a `[table]` or `[[array]]` header alone on its line, or a comment.
_TOML_LINE = re.compile(
    r"""\s*(?:
        (?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*'))*\s*=
      | \[\[?[^\[\]\n]*\]\]?\s*(?:\#.*)?$
      | \#
    )""",
    re.VERBOSE,
)


def _looks_like_a_path(value: str) -> bool:
    """Whether a string is meant as a file's path: one line that is no line of TOML, so a
    path holding `=` or `[` (``runs/hp=20.toml``, ``runs/[old]/duel.toml``) that names no
    file is told "no such file", not read as TOML and refused at its first character."""
    return "\n" not in value and value.strip() != "" and not _TOML_LINE.match(value)


def _shown(text: str) -> str:
    """Text from the caller as a message shows it: control characters escaped."""
    return "".join(c if c.isprintable() else f"\\u{{{ord(c):x}}}" for c in text)


def _mapping(value: Any, what: str) -> Mapping:
    """`value` if it is a mapping, else the refusal naming what was given."""
    if not isinstance(value, Mapping):
        raise _error(f"{what}: expected a dict, not {type(value).__name__}")
    return value


def _names(value: Any, what: str) -> list:
    """A list of names: a bare string is refused (list("fire") would be its letters); a
    NumPy array of names is its list."""
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        value = value.tolist()
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise _error(f"{what}: expected a list of names, e.g. [\"fire\"], not {type(value).__name__} {value!r}")
    return list(value)


def _read(path: Path, what: str) -> str:
    """A file's text, at most MAX_FILE_BYTES, refused with its place if not UTF-8."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise _error(f"cannot read {_shown(str(path))}: it is a folder, not a file ({what} is a path to a file, "
                     "TOML text or a dict)") from None
    except (FileNotFoundError, ValueError):  # ValueError: a NUL in the path, which no file has
        raise _error(f"cannot read {_shown(str(path))}: no such file ({what} is a path, TOML text or a dict)") from None
    except OSError as e:
        raise _error(f"cannot read {_shown(str(path))}: {e.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise _error(f"{path} is larger than {MAX_FILE_BYTES} bytes: {what} may hold at most {MAX_FILE_BYTES}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[: e.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8")) + 1
        raise _error(
            f"{path}, line {line}, column {column}: the byte 0x{data[e.start]:02X} is not UTF-8 text: {what} must be UTF-8",
            str(path), line, column, 1,
        ) from None


def _error(message: str, path: Optional[str] = None, line: Optional[int] = None,
           column: Optional[int] = None, width: Optional[int] = None) -> FrayError:
    """A refusal worded on the Python side, with the attributes fray's own refusals carry."""
    e = FrayError(message)
    e.message, e.path, e.line, e.column, e.width = message, path, line, column, width
    e.hint, e.warnings, e.field = None, [], None
    return e


def _values(values: Any, what: str) -> Any:
    """An axis's values: ``"FROM..TO[:STEP]"``, or a list, tuple, range or NumPy array
    (each number written as the int or float it holds)."""
    if isinstance(values, str):
        return values
    if hasattr(values, "tolist"):
        values = values.tolist()
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__iter__"):
        raise _error(f"{what}: expected a list of values or \"FROM..TO[:STEP]\", not {type(values).__name__} {values!r}")
    return list(values)


def _chunks(chunks: Any) -> Optional[int]:
    """``chunks=`` as a whole number of at least 1 (a NumPy integer too), or None."""
    if chunks is None:
        return None
    try:
        count = operator.index(chunks)
    except TypeError:
        count = 0
    if isinstance(chunks, bool) or count < 1:
        raise _error(f"`chunks`: expected a whole number of at least 1, not {chunks!r}")
    return count


def _given(**fields: Any) -> dict:
    """The request fields that were given (None leaves the library's default)."""
    return {k: v for k, v in fields.items() if v is not None}


def damage(
    amount: Union[int, str, None] = None,
    types: Sequence[str] = (),
    *,
    vs: Optional[str] = None,
    strict: bool = False,
    **facts: Any,
) -> Result:
    """Resolve damage against a stat block, every rule step explained (``fray damage``).

    ``amount`` is a number or dice (``"2d6+3"``: the exact distribution of the final
    damage, or one seeded roll with ``roll=True, seed=N``); ``types`` the damage types;
    ``vs`` the defender's traits in the stat-block notation. Other keywords are the
    request's fields (``advantage``, ``critical``, ``attacker_level``, ``keyword``,
    ``effect``, ``modify``, ``reduce``, ``declare``, ``met``, ``reading``, ``example``...).

    >>> r = fray.damage(17, ["fire", "cold"], vs="Resist Fire; Vulnerable 5 Cold")
    >>> r["final"], r["mitigated"], r["added"]
    (15, 4, 2)
    """
    request = _given(amount=amount, types=_names(types, "types"), vs=vs, **facts)
    return _call("damage", request, {"vs": "vs"} if vs is not None else None, strict=strict)


def types(including_physical: bool = False, *, strict: bool = False) -> Result:
    """The damage types, the selectors traits may use, and what a choice may pick."""
    return _call("types", {"including_physical": including_physical}, strict=strict)


def check(rung: str, *, bonus: Optional[int] = None, penalty: Optional[int] = None, steps: Optional[int] = None, ladder: Optional[str] = None, strict: bool = False) -> Result:
    """The exact odds of a pool check (``fray check``): ``p_success``, ``mean_degree``,
    ``distribution`` (``to_pandas()``: one row a success/degree).

    >>> round(fray.check("3/6", bonus=2)["p_success"], 4)
    0.875
    """
    return _call("check", _given(rung=rung, bonus=bonus, penalty=penalty, steps=steps, ladder=ladder), strict=strict)


def sides(a: str, b: str, *, ladder: Optional[str] = None, strict: bool = False) -> Result:
    """Two sides of pool checks (``fray sides``): each side's exact total hits and who
    deals more (``p_a_more``, ``p_tie``, ``p_b_more``); ``to_pandas()``: side, hits, p.

    >>> r = fray.sides("5x3/6+3b", "7x4/6+1b")
    >>> abs(r["p_a_more"] + r["p_tie"] + r["p_b_more"] - 1) < 1e-9
    True
    """
    return _call("sides", _given(a=a, b=b, ladder=ladder), strict=strict)


def mass_battle(
    battle: Source, *, seed: Optional[int] = None, form_vote: Optional[str] = None,
    defenses: Optional[str] = None, quiet: bool = False, strict: bool = False,
) -> Result:
    """A pool mass battle played round by round with a seed (``fray mass-battle``)."""
    text, source = _text(battle, "a battle")
    request = _given(battle=text, seed=seed, form_vote=form_vote, defenses=defenses, quiet=quiet)
    return _call("mass-battle", request, _sources(battle=source), strict=strict)


def to_hit(
    *, attacker: Optional[Source] = None, defender: Optional[Source] = None,
    attacker_bonus: Optional[float] = None, defender_bonus: Optional[float] = None,
    attacker_luck: Optional[int] = None, defender_luck: Optional[int] = None, model: Optional[dict] = None, strict: bool = False,
) -> Result:
    """The exact hit chance of the evasion system (``fray tohit``), from total bonuses or
    from attacker and defender profiles (``p_hit``, and both breakdowns).

    >>> 0 < fray.to_hit(attacker_bonus=3, defender_bonus=5)["p_hit"] < 0.5
    True
    """
    request = _given(attacker_bonus=attacker_bonus, defender_bonus=defender_bonus,
                     attacker_luck=attacker_luck, defender_luck=defender_luck, model=model)
    sources = {}
    for field, value in (("attacker", attacker), ("defender", defender)):
        if value is not None:
            request[field], sources[field] = _text(value, f"the {field} profile")
    return _call("tohit", request, _sources(**sources), strict=strict)


def evasion_damage(
    attacker: Source, defender: Source, damage: str, *, kind: Optional[str] = None,
    rounding: Optional[str] = None, model: Optional[dict] = None, strict: bool = False,
) -> Result:
    """The exact damage of one attack under the evasion system (``fray evasion-damage``):
    ``per_hit`` and ``per_attack`` distributions (``to_pandas()``), means, effects."""
    (a, a_source), (d, d_source) = _text(attacker, "the attacker profile"), _text(defender, "the defender profile")
    request = _given(attacker=a, defender=d, damage=damage, kind=kind, rounding=rounding, model=model)
    return _call("evasion-damage", request, _sources(attacker=a_source, defender=d_source), strict=strict)


def evasion_table(
    *, by: Optional[str] = None, levels: Optional[Sequence[int]] = None, step: Optional[int] = None,
    evs: Optional[Sequence[int]] = None,
    model: Optional[dict] = None, strict: bool = False,
) -> Result:
    """Hit chances across attacker levels (or skills) and defender EVs
    (``fray evasion-table``); ``levels`` and ``evs`` are ``(FROM, TO)`` pairs of whole
    numbers, both included; ``to_pandas()``: attacker, defender_ev, p_hit."""
    return _call("evasion-table", _given(by=by, levels=levels, step=step, evs=evs, model=model), strict=strict)


def appraise(defender: Source, *, reference_bonus: Optional[float] = None, model: Optional[dict] = None, strict: bool = False) -> Result:
    """A defender's EV, expected DR and a reference attacker's hit chance (``fray appraise``)."""
    text, source = _text(defender, "the defender profile")
    request = _given(defender=text, reference_bonus=reference_bonus, model=model)
    return _call("appraise", request, _sources(defender=source), strict=strict)


def minions(
    battle: Source, *, order: Optional[str] = None, targeting: Optional[str] = None,
    level_excess: Optional[str] = None, max_rounds: Optional[int] = None,
    turns: Optional[int] = None, quiet: bool = False, strict: bool = False,
) -> Result:
    """A minions battle played to its end (``fray minions``): ``{groups, rules, log,
    result}``; ``to_pandas()``: every minion's final state."""
    text, source = _text(battle, "a battle")
    request = _given(battle=text, order=order, targeting=targeting, level_excess=level_excess,
                     max_rounds=max_rounds, turns=turns, quiet=quiet)
    return _call("minions", request, _sources(battle=source), strict=strict)


def encounter(script: Source, *, seed: Optional[int] = None, reading: Sequence[str] = (), strict: bool = False) -> Result:
    """An encounter script of the conditions system played (``fray encounter``): the log
    and the expectations' results. A failed expectation is in ``report.failures`` (the
    command exits non-zero on one; here it is data to inspect)."""
    text, source = _text(script, "a script")
    request = _given(script=text, seed=seed, reading=list(reading))
    return _call("encounter", request, _sources(script=source), strict=strict)


def design_check(text: Optional[str] = None, *, strict: bool = False) -> Result:
    """The rules texts' stated goals measured under their baselines and under the new
    rules (``fray design-check``): ``{"goals": [...]}``, one entry a goal with its
    ``baseline`` and ``new`` figures; ``to_pandas()``: a row a goal. ``text`` is
    ``"evasion"``, ``"damage"`` or ``"all"``.

    >>> goals = design_check("damage")["goals"]
    >>> all(g["id"].startswith("damage.") for g in goals)
    True
    """
    return _call("design-check", _given(text=text), strict=strict)


def battle(
    scenario: Optional[Source] = None, *, example: Optional[str] = None,
    trials: Optional[int] = None, precision: Optional[float] = None,
    seed: Optional[int] = None, threads: Optional[int] = None, strict: bool = False,
) -> Result:
    """Whole battles, sampled on every core or solved exactly (``fray battle``): the
    report with every figure's ``basis`` and 95% interval. With neither a scenario nor an
    example, the built-in default scenario. ``to_pandas()``: one row a combatant (a
    duelist, a minion, each member of a pool army): its ``side`` (``a``/``b``) and
    ``side_name``, ``name``, ``max_hp``, ``survival`` with its interval, ``mean_hp_left``,
    and the ``basis`` of these figures (``exact`` or ``sampled``).

    >>> r = fray.battle(example="duel", trials=500, seed=1)
    >>> r["sides"][0]["win"]["basis"]
    'exact'
    """
    request = _given(example=example, trials=trials, precision=precision, seed=seed, threads=threads)
    source = None
    if scenario is not None:
        request["scenario"], source = _text(scenario, "a scenario")
    return _call("battle", request, _sources(scenario=source), strict=strict)


def sweep_paths(
    scenario: Optional[Source] = None, *, example: Optional[str] = None, odds: Optional[str] = None, strict: bool = False,
) -> Result:
    """What a sweep may vary (``fray sweep-paths``): a scenario's numeric fields by the
    paths ``sweep(vary=...)`` takes, a unit's count first, or an odds system's inputs
    (``odds="pool"``), each with its ``value`` and a ``range`` to start from.

    >>> fray.sweep_paths(example="pikes")["paths"][0]["path"]
    'pool.a.combatants.Pikeman.count'
    """
    request = _given(example=example, odds=odds)
    source = None
    if scenario is not None:
        request["scenario"], source = _text(scenario, "a scenario")
    return _call("sweep-paths", request, _sources(scenario=source), strict=strict)


def roster(
    roster: Optional[Source] = None, *, example: Optional[str] = None,
    fair: Optional[str] = None, against: Optional[str] = None, reference: Optional[str] = None,
    precision: Optional[float] = None, max_battles: Optional[int] = None,
    trials: Optional[int] = None, seed: Optional[int] = None, threads: Optional[int] = None,
    armies: bool = False, top: Optional[int] = None, at: Optional[str] = None,
    field: Optional[str] = None,
    executor: str = "local", chunks: Optional[int] = None, strict: bool = False,
) -> Result:
    """Each unit's fair cost, so that equal-cost armies fight even (``fray roster``): its
    ``units`` with the starting and ``fitted`` costs and their interval, the ``matrix`` of
    matchups at the starting costs and the ``fitted_matrix`` at the fair ones, the
    ``dominated`` units, the counter ``cycles`` and one sentence per finding.
    ``fair`` is the request's (``"mean"`` unless given); ``fair="against"`` with
    ``against="UNIT"`` balances every unit against that one. ``executor="ray"`` plays each batch of matchups (a matrix, a round of the fit) as Ray
    tasks on the cluster ``ray.init()`` connects to, in ``chunks`` chunks (default: two
    per CPU of the cluster), spread over its nodes; the prices are the local ones, and
    the result's ``chunks`` says which node played each chunk.
    ``to_pandas()``: one row a unit; ``to_pandas(table="matrix")`` and
    ``table="fitted_matrix"``: the square of scores the report's heat maps draw (a row a
    unit, a column its opponent); ``table="matchups"``: every cell of both, a row each,
    with its win, draw and interval; ``table="metagame"``: what rational players buy,
    each unit's share of the matchup game's equilibrium at the starting and the fitted
    costs (``metagame`` and ``fitted_metagame``), a row each.
    ``armies=True`` also searches for the strongest mixed armies against the field
    (every single-unit army at the same budget), bought at the ``at`` costs
    (``"starting"`` or ``"fitted"``): the ``top`` (default 5) in ``r["armies"]``, each
    with its units and counts, cost, score and interval, against the ``field``
    (``"units"``, each unit's army alone, or ``"equilibrium"``, those weighted by what
    rational players buy); ``to_pandas(table="armies")``,
    a row each. Under ``executor="ray"`` the search's fights (each candidate army against
    each field army, a round of the search at a time) are played on the cluster too, and
    its armies are the local ones.

    >>> r = fray.roster(example="minions")
    >>> r["exact"], [u["name"] for u in r["units"]][:2]
    (True, ['Recruit', 'Veteran'])
    """
    request = _given(example=example, fair=fair, against=against, reference=reference,
                     precision=precision, max_battles=max_battles, trials=trials, seed=seed,
                     threads=threads, armies=armies or None, top=top, at=at, field=field)
    source = None
    if roster is not None:
        request["roster"], source = _text(roster, "a roster")
    if strict:
        request["strict"] = True
    if executor == "local":
        return _call("roster", request, _sources(roster=source))
    elif executor != "ray":
        raise _error(f"executor {executor!r}: expected 'local' or 'ray'")
    from ._ray import roster_on_ray

    answer, page, chunks_run = roster_on_ray(request, source, _chunks(chunks))
    result = Result(answer, "roster", page)
    result.chunks = chunks_run
    return result


def sweep(
    scenario: Source,
    vary: Optional[Mapping[str, Union[str, Sequence[float]]]] = None,
    *,
    find: Optional[Union[str, Mapping[str, Any]]] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    precision: Optional[float] = None,
    threads: Optional[int] = None,
    executor: str = "local",
    chunks: Optional[int] = None, strict: bool = False,
) -> Result:
    """A balance sweep (``fray sweep --json``): the scenario at every value of one or two
    of its numbers, each point a whole battle run with its own seed.

    ``vary`` maps a field's TOML path to its values, a list or ``"FROM..TO[:STEP]"``;
    ``find`` searches for a balance point: a path, or ``{"path", "values", "target",
    "side"}``; without ``values``, outward from the scenario's own value of the path
    (``find["whole_values"]`` gives the two whole values around the crossing on a
    whole-number field). Without them, the scenario's ``[sweep]`` table. ``executor="ray"`` plays
    the points as Ray tasks on the cluster ``ray.init()`` connects to, in ``chunks``
    chunks (default: two per CPU of the cluster), each with one thread unless
    ``threads`` says otherwise, spread over the cluster's nodes; the result is the local
    one, point for point, and its ``chunks`` says which node ran each chunk. A search
    (``find``) is not spread: its steps each wait on the last, so it runs in this process
    on ``threads`` (a ``RuntimeWarning`` says so), stopped by Ctrl-C within a second.
    ``to_pandas()``: one row a point: its values, ``seed`` and ``trials``, the sides'
    names (``a_side``, ``b_side``), each side's win chance with its interval (``a_win``,
    ``a_win_low``, ``a_win_high``, ``b_win``...), ``win_basis`` (``exact`` where the win
    and draw figures were solved, ``sampled`` where counted), ``draw`` and ``rounds_mean``.

    >>> duel = "examples/battles/duel.toml"  # from the repository's root
    >>> r = fray.sweep(duel, vary={"evasion.b.defense.hp": [20, 30, 40]}, trials=2000, seed=5)
    >>> [p["values"]["evasion.b.defense.hp"] for p in r["points"]]
    [20, 30, 40]
    >>> r["points"][0]["report"]["sides"][0]["win"]["p"] > r["points"][2]["report"]["sides"][0]["win"]["p"]
    True
    """
    text, source = _text(scenario, "a scenario")
    request: dict = _given(scenario=text, trials=trials, seed=seed, precision=precision, threads=threads)
    request["vary"] = [
        {"path": path, "values": _values(values, f"vary[{path!r}]")}
        for path, values in _mapping(vary or {}, "vary").items()
    ]
    if find is not None:
        request["find"] = {"path": find} if isinstance(find, str) else dict(find)
    if strict:
        request["strict"] = True
    if executor == "local":
        return _call("sweep", request, {"scenario": source} if source else {})
    elif executor == "ray":
        from ._ray import sweep_on_ray

        answer, page, chunks_run = sweep_on_ray(request, source, _chunks(chunks))
    else:
        raise _error(f"executor {executor!r}: expected 'local' or 'ray'")
    result = Result(answer, "sweep", page)
    result.chunks = chunks_run
    return result


def odds_sweep(
    system: str,
    vary: Mapping[str, Union[str, Sequence[float]]],
    *,
    set: Optional[Mapping[str, Any]] = None,
    threads: Optional[int] = None, strict: bool = False,
) -> Result:
    """The exact odds of a single roll at many values of its inputs
    (``fray sweep --odds SYSTEM --json``): ``system`` is evasion, pool or damage;
    ``set`` fixes inputs or fields of the command's request (``{"model.sigma": 4}``).
    ``to_pandas()``: one row a point, its values and outcomes.

    >>> r = fray.odds_sweep("pool", {"tn": "1..5"}, set={"bonus": 1})
    >>> len(r["points"])
    5
    """
    settings = [f"{k}={v if isinstance(v, str) else _json(f'set[{k!r}]', v)}" for k, v in _mapping(set or {}, "set").items()]
    request = _given(
        odds=system,
        set=settings,
        vary=[{"path": p, "values": _values(v, f"vary[{p!r}]")} for p, v in _mapping(vary, "vary").items()],
        threads=threads,
    )
    return _call("sweep", request, kind="odds_sweep", strict=strict)


def _sources(**sources: Optional[str]) -> dict:
    """The names of the texts read, for messages (only those that have one)."""
    return {k: v for k, v in sources.items() if v is not None}


#: Each command of fray's command table (``fray_commands``) and the function that calls
#: it; a test checks this against the table, so a new command cannot be left out.
COMMANDS = {
    "battle": battle,
    "sweep": sweep,
    "sweep-paths": sweep_paths,
    "roster": roster,
    "damage": damage,
    "types": types,
    "minions": minions,
    "check": check,
    "sides": sides,
    "mass-battle": mass_battle,
    "tohit": to_hit,
    "evasion-damage": evasion_damage,
    "evasion-table": evasion_table,
    "appraise": appraise,
    "design-check": design_check,
    "encounter": encounter,
}


def _built(name: str, summary: str, files: Sequence[str]) -> Any:
    """The function of a command of the table that has none written above: its keywords
    are its request's fields, each ``None`` for the request's own default (a field whose
    text may come from a file takes a path, text or a dict), and ``strict``; its
    docstring is the command's summary and each field's description, all from the table
    and its JSON Schema. A command added to the table is a function here unedited."""
    import inspect

    fields = json.loads(_native.schema(name))["request"].get("properties", {})
    python_name = name.replace("-", "_")

    def command(**given: Any) -> Result:
        strict = bool(given.pop("strict", False))
        unknown = sorted(set(given) - set(fields))
        if unknown:
            raise TypeError(f"{python_name}() got unexpected keyword arguments {unknown}")
        sources = {}
        for field in files:
            if given.get(field) is not None:
                given[field], source = _text(given[field], field)
                if source is not None:
                    sources[field] = source
        return _call(name, _given(**given), sources, strict=strict)

    command.__name__ = command.__qualname__ = python_name
    keyword = inspect.Parameter.KEYWORD_ONLY
    command.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(f, keyword, default=None) for f in fields]
        + [inspect.Parameter("strict", keyword, default=False)],
        return_annotation=Result,
    )
    described = [f"``{f}``: {' '.join(p.get('description', '').split())}" for f, p in fields.items()]
    command.__doc__ = "\n".join([f"{summary} (``fray {name}``).", "", *described])
    return command


for _name, _summary, _long, _files in _native.commands():
    if _name not in COMMANDS:
        COMMANDS[_name] = _built(_name, _summary, _files)
        globals()[COMMANDS[_name].__name__] = COMMANDS[_name]
        __all__.append(COMMANDS[_name].__name__)

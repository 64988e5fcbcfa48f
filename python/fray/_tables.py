"""Results: a command's ``--json`` answer as a plain dict, with ``to_pandas()`` for the
results that are tables (pandas is optional: it is imported only when asked for), and
the report page shown in a notebook for those that have one."""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional

from ._inline import inline


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:
        raise ImportError(
            "to_pandas() needs pandas, which fray does not require: pip install pandas"
        ) from None
    return pandas


def _damage(r: dict) -> Iterable[dict]:
    # Dice give a distribution; a fixed amount, the trace of rule steps.
    return r["distribution"] if "distribution" in r else r["trace"]


def _sides(r: dict) -> Iterable[dict]:
    for side in ("a", "b"):
        for row in r[f"{side}_distribution"]:
            yield {"side": side, **row}


def _table(r: dict) -> Iterable[dict]:
    for row in r["rows"]:
        for ev, p in zip(r["defender_ev"], row["p_hit"]):
            yield {"attacker": row["attacker"], "defender_ev": ev, "p_hit": p}


def _battle(r: dict) -> Iterable[dict]:
    # One row a combatant (a unit of a pool army, a minion, a duelist): where it stood and
    # how it fared over the battles, with the basis of these figures.
    names = {letter: side["name"] for letter, side in zip("ab", r["sides"])}
    for fighter in r["survivors"]:
        yield {"side": fighter["side"], "side_name": names.get(fighter["side"]), **fighter,
               "basis": r["survivors_basis"]}


def _sweep(r: dict) -> Iterable[dict]:
    for point in r["points"]:
        report = point["report"]
        row: Dict[str, Any] = {**point["values"], "seed": point["seed"], "trials": report["trials"]}
        # Each side's name beside its letter's columns, and whether the win and draw
        # figures were solved exactly or sampled (one basis: they come from one solve).
        for letter, side in zip("ab", report["sides"]):
            row[f"{letter}_side"] = side["name"]
        for letter, side in zip("ab", report["sides"]):
            for key in ("p", "low", "high"):
                row[f"{letter}_win" if key == "p" else f"{letter}_win_{key}"] = side["win"][key]
        row["win_basis"] = report["sides"][0]["win"]["basis"]
        row["draw"] = report["draw"]["p"]
        row["rounds_mean"] = report["rounds"]["mean"]
        yield row


def _odds(r: dict) -> Iterable[dict]:
    for point in r["points"]:
        yield {**point["values"], **dict(zip(r["outcomes"], point["outcomes"]))}


def _cells(r: dict, matrix: str) -> Iterable[dict]:
    # A roster's matrix cell by cell: the row's unit against the column's, each at its
    # cost in that matrix; the diagonal (a unit against itself) is never played.
    m = r[matrix]
    names = [row["unit"] for row in m["rows"]]
    for i, row in enumerate(m["rows"]):
        for j, cell in enumerate(row["cells"]):
            if cell is not None:
                yield {"matrix": matrix, "unit": row["unit"], "against": names[j], "unit_cost": m["costs"][i],
                       "against_cost": m["costs"][j], **cell}


def _metagame(r: dict) -> Iterable[dict]:
    # What rational players buy: each unit's share of the equilibrium mix, at the
    # starting and at the fitted costs, a row each.
    for costs, key in (("starting", "metagame"), ("fitted", "fitted_metagame")):
        for share in r[key]["shares"]:
            yield {"costs": costs, **share}


def _armies(r: dict) -> Iterable[dict]:
    # The strongest mixed armies found, best first: each a row, its units as text and
    # a column a unit with its count.
    found = r.get("armies") or {"armies": [], "field": []}
    for rank, army in enumerate(found["armies"], 1):
        counts = {u["unit"]: u["count"] for u in army["units"]}
        yield {"rank": rank, "army": ", ".join(f"{n} × {u}" for u, n in counts.items()),
               "cost": army["cost"], "score": army["score"], "low": army["low"], "high": army["high"],
               **{unit: counts.get(unit, 0) for unit in found["field"]}}


#: A roster's tables besides its units (``to_pandas(table=...)``): ``matrix`` and
#: ``fitted_matrix`` square (scores, a row a unit against a column), ``matchups``,
#: every cell of both, a row each, and ``metagame``, each unit's equilibrium share at
#: both costs, a row each.
SQUARE = ("matrix", "fitted_matrix")

#: The commands whose answers hold more than one table: each table's name and rows, the
#: first the one ``to_pandas()`` gives by default.
TABLES: Dict[str, Dict[str, Callable[[dict], Iterable[dict]]]] = {
    "roster": {
        "units": lambda r: r["units"],
        "matrix": lambda r: _cells(r, "matrix"),
        "fitted_matrix": lambda r: _cells(r, "fitted_matrix"),
        "matchups": lambda r: [*_cells(r, "matrix"), *_cells(r, "fitted_matrix")],
        "metagame": _metagame,
        "armies": _armies,
    },
}

#: Each command whose answer is a table, and its rows.
ROWS: Dict[str, Callable[[dict], Iterable[dict]]] = {
    "damage": _damage,
    "check": lambda r: r["distribution"],
    "sides": _sides,
    "evasion-damage": lambda r: r["per_hit"],
    "evasion-table": _table,
    "minions": lambda r: r["result"]["minions"],
    "battle": _battle,
    "sweep": _sweep,
    "sweep-paths": lambda r: r["paths"],
    "roster": lambda r: r["units"],
    "odds_sweep": _odds,
    "design-check": lambda r: r["goals"],
}


class Result(dict):
    """A command's answer: exactly the dict ``fray COMMAND --json`` prints (it compares
    equal to it), plus ``to_pandas()`` where the answer is a table, and ``html``, the
    report page ``--report`` writes, where the command has one (a battle, a sweep, an
    odds sweep, the design check, a roster): the last expression of a Jupyter cell shows it
    inline, its charts drawn offline (SVG images in the page, no script, nothing fetched); and ``warnings``,
    the doubts fray found in the request."""

    def __init__(self, answer: dict, command: str, html: Optional[str] = None,
                 warnings: Optional[List[str]] = None) -> None:
        super().__init__(answer)
        self.command = command
        self.html = html
        #: The doubts fray found in the request (each also raised as a ``FrayWarning``).
        self.warnings: List[str] = list(warnings or [])

    def __reduce__(self) -> Any:
        # Pickled (to a Ray worker, say) as the plain data, the command, the page and
        # the warnings.
        return (Result, (dict(self), self.command, self.html, self.warnings))

    def _repr_html_(self) -> Optional[str]:
        """The report page inline (its body in a ``<div class="fray-report">``, its style
        in each element, each chart an ``<img>`` of its SVG), as tall as its content and
        kept by JupyterLab's sanitizer when a saved notebook is reopened, where a frame
        would be dropped; None (the plain repr) for an answer without one."""
        if self.html is None:
            return None
        return inline(self.html)

    def rows(self, table: Optional[str] = None) -> List[dict]:
        """The table's rows as dicts (the DataFrame's rows; for a roster's ``matrix`` or
        ``fitted_matrix``, its cells, a row a matchup, which the square frame is made of).
        ``table`` names one of a roster's tables (``units``, ``matrix``,
        ``fitted_matrix``, ``matchups``); without it, the answer's main table."""
        tables = TABLES.get(self.command, {})
        if table is None:
            rows = ROWS.get(self.command)
        elif table in tables:
            rows = tables[table]
        elif tables:
            raise ValueError(f"table={table!r}: the answer of {self.command} has the tables "
                             + ", ".join(repr(t) for t in tables))
        else:
            raise ValueError(f"table={table!r}: the answer of {self.command} has one table; leave out `table`")
        if rows is None:
            raise TypeError(f"the answer of {self.command} is not a table")
        return list(rows(self))

    def to_pandas(self, table: Optional[str] = None) -> Any:
        """The table as a pandas DataFrame, one row a point, outcome or row of the table.

        A roster has several: ``units`` (the default: a row a unit, its costs), ``matrix``
        and ``fitted_matrix`` (square, as the report's heat maps: each cell the score, win
        chance with a draw counting half, of the row's unit against the column's at the
        starting or the fitted costs; index ``unit``, columns ``against``, the diagonal
        NaN) and ``matchups`` (a row a cell of both, with its costs, ``win``, ``draw``,
        ``score`` and its interval ``low``..``high``)."""
        pandas = _pandas()
        if self.command == "roster" and table in SQUARE:
            names = [row["unit"] for row in self[table]["rows"]]
            scores = [[float("nan") if c is None else c["score"] for c in row["cells"]] for row in self[table]["rows"]]
            return pandas.DataFrame(scores, index=pandas.Index(names, name="unit"),
                                    columns=pandas.Index(names, name="against"))
        return pandas.DataFrame(self.rows(table))

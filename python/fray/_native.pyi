"""Type stubs of the Rust extension ``fray._native``: each function takes a command's
request as JSON and returns its ``--json`` answer as JSON text (the wrappers in
``fray`` parse it); refusals raise :class:`FrayError`."""

from typing import Callable, Dict, List, Optional, Tuple

#: The largest text file a command reads, in bytes (``fray_commands::limits``).
MAX_FILE_BYTES: int

class FrayError(ValueError):
    """fray refused the input: ``message`` naming the request's field as Python writes it
    (``trials``, ``model["sigma"]``), ``field`` its path (``model.sigma``), and where fray located
    the problem, ``path`` (the file or argument), ``line``, ``column`` (1-based) and
    ``width``; ``hint`` and ``warnings`` when fray has them; ``key``, the key path
    (``pool.a.combatants[1].hp``) when the problem is in a dict the caller gave."""

    message: str
    field: Optional[str]
    path: Optional[str]
    line: Optional[int]
    column: Optional[int]
    width: Optional[int]
    hint: Optional[str]
    warnings: List[str]
    key: Optional[str]

def commands() -> List[Tuple[str, str, bool, List[str]]]:
    """Every command of fray's command table: name, summary, whether it is a long run,
    and the request fields whose text may come from a file."""

def schema(name: str) -> Optional[str]:
    """The JSON Schemas of the command called ``name`` (``{"request", "answer"}``, as
    ``fray schema NAME`` prints them), or None for a name that is no command's."""

def call(
    command: str, request: str, sources: Dict[str, str] = ..., dicts: Dict[str, List[str]] = ...
) -> str:
    """``fray COMMAND --json`` for ``request`` (the JSON of the command's request type);
    ``sources`` names where text fields came from (``{"battle": "path.toml"}``), and
    ``dicts`` each dict source's line key paths (from ``toml_of``)."""

def toml_of(data: str) -> Tuple[str, List[str]]:
    """A dict (as JSON) written as TOML text, for the loaders that read TOML, with the key
    path each line writes."""

def sweep(request: str, source: Optional[str] = None) -> str:
    """``fray sweep --json``: the whole sweep and its search (or, with ``odds`` in the
    request, ``fray sweep --odds SYSTEM --json``)."""

def sweep_plan(request: str, source: Optional[str] = None) -> Tuple[int, bool]:
    """How many points the sweep holds and whether it searches (``find``, run by
    ``sweep_merge`` where it is called); the sweep is checked whole first."""

def sweep_chunk(request: str, start: int, end: int, source: Optional[str] = None) -> str:
    """The points ``start..end`` played with their own seeds: a JSON list of ``points``."""

def sweep_merge(request: str, chunks: List[str], source: Optional[str] = None) -> Tuple[str, Optional[str]]:
    """The sweep's outcome (JSON) and report page from ``chunks``, the texts
    ``sweep_chunk`` gave, in sweep order."""

def roster_jobs(request: str, jobs: str, source: Optional[str] = None) -> str:
    """A roster's matchups (JSON ``[{x, y, cx, cy, trials, stream}]``), or an army
    search's fights (``[{a, b, trials, stream}]``), played here: a JSON list of their
    odds (or scores: ``{battles, sum, squares}``), in order."""

def roster_with(request: str, play: Callable[[str], List[str]], source: Optional[str] = None) -> Tuple[str, Optional[str]]:
    """The roster priced, each batch of matchups or fights handed to ``play`` (the batch
    as JSON; it returns the odds or scores of consecutive shares, each a JSON list): the answer (JSON) and
    its report page."""


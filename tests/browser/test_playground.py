"""The playground in a real browser, opened two ways: the single file `fray playground`
writes (`fray.html`, from file://, with every network request blocked: fray runs as
WebAssembly in the page), and the page `fray serve` serves (which computes in the browser
too, and sends large runs to the server). Every test runs against both, asserting what a
designer would see, checked against the command line's own answers (never against numbers
written here); `test_each_answer_is_the_command_lines` compares them byte for byte. A
third way, `fray serve` with no WebAssembly build beside it (every answer from the server),
has a test of its own, `test_without_the_webassembly_the_server_answers_every_tab`.

Drives Debian's headless Chromium with Python's playwright (its own driver, no Node; never
a downloaded browser). One `fray serve` on a free loopback port and one browser serve the
whole session; each test gets a fresh context, and its screenshot is saved under
target/browser-screenshots/ (pass or fail), named with the way the page was opened.

Usage: pip install playwright pytest; pytest tests/browser. The binary is `$FRAY_BIN`, or
the release binary, built if need be; fray's WebAssembly is `$FRAY_WASM`, or the build
beside the binary (scripts/playground.sh makes both); the browser is `$CHROMIUM`, or
chromium on the PATH. A missing browser, binary or WebAssembly fails the session; nothing
is skipped.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "target" / "browser-screenshots"
# This closed network refuses Chromium's background connections; these flags stop them.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The bundled duel's file, for the command line (the page names it by its example name).
DUEL = str(ROOT / "examples" / "battles" / "duel.toml")
# What a page opened from disk may load: itself, and what it makes in memory.
LOCAL = ("file:", "data:", "blob:")


def fray_binary():
    """The binary under test: `$FRAY_BIN`, else the release build (built here if need be)."""
    given = os.environ.get("FRAY_BIN")
    if given:
        path = Path(given)
        if not path.is_file():
            pytest.fail(f"FRAY_BIN={given} is not a file")
        return path.resolve()
    subprocess.run(
        ["cargo", "build", "-q", "--release", "--locked", "--bin", "fray"], cwd=ROOT, check=True
    )
    return ROOT / "target" / "release" / "fray"


def wasm_args():
    """`--wasm FILE` when `$FRAY_WASM` names the WebAssembly; else fray looks beside itself."""
    given = os.environ.get("FRAY_WASM")
    return ["--wasm", given] if given else []


def cli(*args):
    """What `fray ARGS --json` prints (the command line's answer), as text."""
    done = subprocess.run(
        [str(fray_binary()), *args, "--json"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"fray {' '.join(args)}: {done.stderr}"
    return done.stdout


def cli_report(*args):
    """The report page `fray ARGS --report DIR` writes, as text."""
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            [str(fray_binary()), *args, "--report", out], capture_output=True, text=True
        )
        assert done.returncode == 0, f"fray {' '.join(args)}: {done.stderr}"
        return (Path(out) / "report.html").read_text()


def long_pikes():
    """The pikes example with every fighter at 300 hp and up to 1,000 rounds: battles
    some 70 rounds long, for the cancel tests. The example itself plays 2,000,000
    battles in a quarter of a second on two cores, less than a click takes to land."""
    text = Path("examples/battles/pikes.toml").read_text().replace("max_rounds = 40", "max_rounds = 1000")
    return re.sub(r"(?m)^hp = \d+", "hp = 300", text)


class Site:
    """Where the page is opened: `kind` "file" (the single file) or "served" (fray serve)."""

    def __init__(self, kind, url):
        self.kind = kind
        self.url = url

    @property
    def served(self):
        return self.kind == "served"

    def api(self, path, body=None):
        """The server's own answer (GET without a body, POST with one), as text."""
        assert self.served, "a page opened from disk has no server"
        data = None if body is None else json.dumps(body).encode()
        headers = {} if body is None else {"Content-Type": "application/json"}
        request = urllib.request.Request(self.url + path.lstrip("/"), data=data, headers=headers)
        with urllib.request.urlopen(request) as r:
            return r.read().decode()


@pytest.fixture(scope="session")
def playground():
    """`fray playground --out DIR`, once for the session: the folder it wrote."""
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(
            [str(fray_binary()), "playground", "--out", out, *wasm_args()], capture_output=True, text=True
        )
        if done.returncode != 0:
            pytest.fail("fray playground failed (build the WebAssembly: scripts/playground.sh):\n" + done.stderr)
        yield Path(out)


@pytest.fixture(scope="session")
def single_file(playground):
    """The single file's URL, within its size budget."""
    single = playground / "fray.html"
    size = single.stat().st_size
    assert size <= 4 * 1024 * 1024, f"fray.html is {size} bytes, over its 4 MB budget"
    return single.as_uri()


def serve(binary, args, says):
    """Runs `BINARY serve --addr 127.0.0.1:0 ARGS` until the generator is closed, yielding
    its base URL once it has started and said `says` (where its page computes)."""
    with tempfile.TemporaryFile(mode="w+") as log:
        server = subprocess.Popen(
            [str(binary), "serve", "--addr", "127.0.0.1:0", *args], stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            found = None
            for _ in range(100):
                log.seek(0)
                text = log.read()
                found = re.search(r"open (http://[0-9.:]+/)", text)
                if found or server.poll() is not None:
                    break
                time.sleep(0.1)
            if not found:
                pytest.fail("fray serve did not start:\n" + text)
            if says not in text:
                pytest.fail(f"fray serve did not say {says!r}:\n" + text)
            yield found.group(1)
        finally:
            server.terminate()
            server.wait(timeout=10)


@pytest.fixture(scope="session")
def server():
    """One `fray serve` (with fray's WebAssembly) on a free loopback port: its base URL.

    Its steps cap is raised as a designer's would be for long runs: 2,000,000 pikes
    battles may last 40 rounds each (2.2e9 steps, past the default 1e8), and the cancel
    tests need a run that long (the cancelled sweep's long battles, 7.5e10)."""
    yield from serve(fray_binary(), ["--max-steps", "100000000000", *wasm_args()], "computes in the browser")


@pytest.fixture(scope="session")
def bare_server():
    """`fray serve` without fray's WebAssembly, as a build without scripts/playground.sh
    runs it: a copy of the binary in a folder of its own, where it finds none beside it.
    Its page sends everything to the server. Default caps."""
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "fray"
        shutil.copy2(fray_binary(), binary)
        yield from serve(binary, [], "runs everything on this server")


@pytest.fixture(scope="session", params=["file", "served"])
def site(request):
    """The page opened from disk (the single file) and served by `fray serve`, in turn."""
    if request.param == "file":
        return Site("file", request.getfixturevalue("single_file"))
    return Site("served", request.getfixturevalue("server"))


@pytest.fixture(scope="session")
def browser():
    """One headless Debian Chromium for the session (never a browser playwright downloads)."""
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    if not executable:
        pytest.fail("no chromium found; install it (apt-get install chromium)")
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _tab(context, request):
    """A page of `context` for one test: its screenshot saved whatever the outcome (named
    after the test), the context closed, and a script error in the page failing the test."""
    tab = context.new_page()
    tab.set_default_timeout(60_000)
    errors = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    name = re.sub(r"[^a-z0-9]+", "-", request.node.name.removeprefix("test_").lower()).strip("-")
    try:
        yield tab
    finally:
        try:
            tab.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
        finally:
            context.close()
    assert not errors, "script errors in the page: " + "; ".join(errors)


@pytest.fixture
def bare_page(browser, bare_server, request):
    """A fresh page for the server without WebAssembly, as `page` is."""
    yield from _tab(browser.new_context(viewport={"width": 1280, "height": 900}), request)


@pytest.fixture
def page(browser, site, request):
    """A fresh context and page; its screenshot is saved whatever the outcome, and a script
    error in the page fails the test. Opened from disk, every network request is blocked,
    and one asked for fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    asked = []
    if not site.served:

        def block(route):
            if route.request.url.startswith(LOCAL):
                return route.continue_()
            asked.append(route.request.url)
            return route.abort()

        context.route("**/*", block)
    yield from _tab(context, request)
    assert not asked, "the page opened from disk asked the network for: " + ", ".join(asked)


def ready(page, url, hash=""):
    """Opens the page (with a state in its address) and waits until its script is ready."""
    page.goto(url + hash)
    page.wait_for_selector("body[data-ready='1']")


def text_of(element_id):
    """A JS expression's body reading an element's text, for wait_for_function."""
    return f"document.getElementById('{element_id}').textContent"


def test_a_warning_is_shown_beside_the_answer(page, site):
    ready(page, site.url)
    page.fill("#d-amount", "17")
    page.fill("#d-types", "fyre")
    page.fill("#d-vs", "Resist 9 Fire")
    page.wait_for_function(f"() => {text_of('d-final')}.startsWith('final damage: 17 ')")
    page.wait_for_selector("#d-warnings:not([hidden])")
    warning = page.text_content("#d-warnings")
    assert "did you mean `fire`" in warning, warning
    page.screenshot(path=str(OUT / "damage-warning-shown.png"))
    # Mended, the answer changes and the warning goes.
    page.fill("#d-types", "fire")
    page.wait_for_function(f"() => {text_of('d-final')}.startsWith('final damage: 9 ')")
    page.wait_for_selector("#d-warnings", state="hidden")


def test_damage_trace(page, site):
    ready(page, site.url)
    page.fill("#d-amount", "23")
    page.fill("#d-types", "fire cold")
    page.fill("#d-vs", "Resist 10 Fire\nVulnerable 5 Cold")
    expected = json.loads(cli("damage", "23", "fire", "cold", "--vs", "Resist 10 Fire\nVulnerable 5 Cold"))
    page.wait_for_function(
        f"f => {text_of('d-final')}.startsWith(`final damage: ${{f}} `)",
        arg=expected["final"],
    )
    steps = page.locator("#d-trace li").all_text_contents()
    assert len(steps) == len(expected["trace"]), (
        f"{len(steps)} trace steps shown, the API gives {len(expected['trace'])}"
    )
    assert all(s["text"] in shown for shown, s in zip(steps, expected["trace"])), (
        "the trace shown is not the API's"
    )
    page.screenshot(path=str(OUT / "damage-trace-shown.png"))
    # A bad trait: the error names its line and points at the column.
    page.fill("#d-vs", "Resist 10 Fire\nFrobnicate Cold")
    page.wait_for_selector("#d-error:not([hidden])")
    error = page.text_content("#d-error")
    assert "line 2, column 1" in error and "^" in error, "the error does not point at line 2: " + error
    assert page.text_content("#d-final") == "", "a stale answer is still shown beside the error"


def test_odds_chart(page, site):
    ready(page, site.url, "#tab=odds")
    page.fill("#o-bonus", "2")
    expected = json.loads(cli("check", "3/6", "--bonus", "2"))
    pct = f"{expected['p_success'] * 100:.2f}"
    page.wait_for_function(f"p => {text_of('o-check')}.includes(`${{p}}%`)", arg=pct)
    bars = page.locator("#o-chart svg rect").count()
    assert bars > 2, f"the distribution chart has {bars} bars"
    page.wait_for_function(f"() => {text_of('o-tohit')}.startsWith('to-hit:')")


def test_battle_report(page, site):
    ready(page, site.url, "#tab=battle")
    page.select_option("#b-example", "duel")
    page.wait_for_function("() => document.getElementById('b-scenario').value.includes('Valkyrie')")
    page.fill("#b-trials", "3000")
    page.fill("#b-seed", "5")
    page.click("#b-run")
    page.wait_for_function(f"() => {text_of('b-status')}.startsWith('done')")
    frame = page.frame_locator("#b-report")
    assert "Valkyrie" in frame.locator("body").text_content(), "the report does not name the Valkyrie"
    # The report is the one `--report` writes for the same battle.
    expected = cli_report("battle", "--example", "duel", "--trials", "3000", "--seed", "5", "--quiet")
    shown = page.eval_on_selector("#b-report", "f => f.srcdoc")
    assert shown == expected, "the report shown differs from the one `fray battle --report` writes"
    assert frame.locator("svg").count() > 0, "the report has no chart"


def test_battle_report_is_cleared_by_a_refused_or_cancelled_run(page, site):
    ready(page, site.url, "#tab=battle")
    frame = page.frame_locator("#b-report")
    assert "press Run" in frame.locator("body").text_content(), "no hint before the first battle"
    page.select_option("#b-example", "duel")
    page.wait_for_function("() => document.getElementById('b-scenario').value.includes('Valkyrie')")
    page.fill("#b-trials", "500")
    page.click("#b-run")
    page.wait_for_function(f"() => {text_of('b-status')}.startsWith('done')")
    assert "Valkyrie" in frame.locator("body").text_content()
    # A refused run leaves no earlier report on show as if it were its own.
    page.fill("#b-scenario", 'system = "darts"')
    page.click("#b-run")
    page.wait_for_function(f"() => {text_of('b-status')} === 'refused'")
    body = frame.locator("body").text_content()
    assert "Valkyrie" not in body and "refused" in body, body
    # Nor does a cancelled one.
    page.select_option("#b-example", "pikes")
    page.wait_for_function("() => document.getElementById('b-scenario').value.includes('pool')")
    page.fill("#b-scenario", long_pikes())
    page.fill("#b-trials", "2000000")
    page.click("#b-run")
    page.wait_for_function("() => Number(document.getElementById('b-progress').value) > 0")
    page.click("#b-cancel")
    page.wait_for_function(f"() => {text_of('b-status')} === 'cancelled'")
    assert "cancelled" in frame.locator("body").text_content()


def test_a_refused_field_is_named_by_its_label_and_marked(page, site):
    # The refusal holds the field's path (`trials`); the page names it by its form's label
    # where the command line says `--trials` and the API `` `trials` ``.
    ready(page, site.url, "#tab=battle")
    page.fill("#b-trials", "0")
    page.click("#b-run")
    page.wait_for_selector("#b-error:not([hidden])")
    error = page.text_content("#b-error")
    assert error == "Trials: expected a whole number from 1 to 100000000, got 0", error
    assert page.get_attribute("#b-trials", "aria-invalid") == "true"
    page.fill("#b-trials", "200")
    page.click("#b-run")
    page.wait_for_function(f"() => {text_of('b-status')}.startsWith('done')")
    assert page.get_attribute("#b-trials", "aria-invalid") is None, "the mark outlived its refusal"


def test_battle_cancel(page, site):
    ready(page, site.url, "#tab=battle")
    page.select_option("#b-example", "pikes")
    page.wait_for_function("() => document.getElementById('b-scenario').value.includes('pool')")
    page.fill("#b-scenario", long_pikes())
    page.fill("#b-trials", "2000000")
    # Large work: on the server when there is one (fray.large), else in this browser.
    where = page.evaluate("r => fray.where('battle', r)", {"scenario": long_pikes(), "trials": 2000000})
    assert where == ("server" if site.served else "browser"), where
    page.click("#b-run")
    page.wait_for_function("() => Number(document.getElementById('b-progress').value) > 0")
    page.click("#b-cancel")
    page.wait_for_function(f"() => {text_of('b-status')} === 'cancelled'")
    # The run stops once the page lets go of it: the server's, or the Worker's (polled, up to 30 s).
    runs = -1
    for _ in range(300):
        runs = json.loads(site.api("/api/status"))["runs"] if site.served else page.evaluate("fray.runs()")
        if runs == 0:
            break
        time.sleep(0.1)
    assert runs == 0, f"the cancelled battle still runs ({where})"


def test_a_run_past_the_servers_caps_says_they_are_the_servers(page, site):
    # 3,000,000 battles: past fray serve's 2,000,000, and no cap in the browser.
    ready(page, site.url, "#tab=battle")
    page.select_option("#b-example", "duel")
    page.wait_for_function("() => document.getElementById('b-scenario').value.includes('Valkyrie')")
    page.fill("#b-trials", "3000000")
    page.click("#b-run")
    if site.served:
        page.wait_for_function(f"() => {text_of('b-status')} === \"refused by the server's caps\"")
        caps = json.loads(site.api("/api/status"))
        assert f"this server plays at most {caps['max_trials']} a request" in page.text_content("#b-error")
        note = page.text_content("#b-caps")
        assert page.is_visible("#b-caps") and f"at most {caps['max_trials']} battles" in note, note
        assert f"{caps['max_steps']} steps" in note and "opened from disk (fray.html) runs it here" in note, note
        # The next run clears it.
        page.fill("#b-trials", "200")
        page.click("#b-run")
        page.wait_for_function(f"() => {text_of('b-status')}.startsWith('done')")
        assert not page.is_visible("#b-caps")
    else:
        # From disk it runs: cancel it once under way.
        page.wait_for_function("() => Number(document.getElementById('b-progress').value) > 0")
        page.click("#b-cancel")
        page.wait_for_function(f"() => {text_of('b-status')} === 'cancelled'")
        assert not page.is_visible("#b-caps")


def test_roster_prices_as_the_command_line(page, site):
    ready(page, site.url, "#tab=roster")
    frame = page.frame_locator("#r-report")
    assert "Price the roster" in frame.locator("body").text_content(), "no hint before the first pricing"
    # The exact roster: the page's report is the one `--report` writes.
    page.select_option("#r-example", "minions")
    page.wait_for_function("() => document.getElementById('r-roster').value.includes('Recruit')")
    page.click("#r-run")
    page.wait_for_function(f"() => {text_of('r-status')}.startsWith('done')")
    expected = cli_report("roster", "--example", "minions", "--quiet")
    assert page.eval_on_selector("#r-report", "f => f.srcdoc") == expected, "the report differs from --report's"
    costs = page.text_content("#r-costs")
    assert costs.startswith("Fair costs (mean, exact): Recruit 2 (kept), Veteran "), costs
    # With the search for mixed armies at the fair costs: the command line's page too.
    page.select_option("#r-armies", "fitted")
    page.click("#r-run")
    page.wait_for_function(f"() => {text_of('r-status')}.startsWith('done')")
    expected = cli_report("roster", "--example", "minions", "--armies", "--at", "fitted", "--quiet")
    assert page.eval_on_selector("#r-report", "f => f.srcdoc") == expected, "the armies' report differs"
    assert "Strongest armies against the field" in frame.locator("body").text_content()
    page.select_option("#r-armies", "")
    # The sampled pool roster: the fitted costs are the command line's for the same request.
    text = page.input_value("#r-roster").replace('name = "Warband"', 'name = "Edited"')
    page.select_option("#r-example", "pool")
    page.fill("#r-precision", "0.1")
    page.fill("#r-trials", "200")
    page.fill("#r-seed", "3")
    page.click("#r-run")
    page.wait_for_function(f"() => {text_of('r-status')}.startsWith('done')")
    answer = json.loads(cli("roster", "--example", "pool", "--precision", "0.1", "--trials", "200", "--seed", "3",
                            "--max-battles", "150000"))
    shown = page.text_content("#r-costs")
    for unit in answer["units"][1:]:
        three = "%g" % float("%.3g" % unit["fitted"])  # as the page writes it: 3 digits
        assert f"{unit['name']} {three} (" in shown, (shown, unit)
    # A refused roster names its line, and leaves no earlier report on show.
    page.fill("#r-roster", text.replace("hp = 5", "hp = -5", 1))
    page.click("#r-run")
    page.wait_for_function(f"() => {text_of('r-status')} === 'refused'")
    assert "line" in page.text_content("#r-error")
    assert "refused" in frame.locator("body").text_content()
    assert page.text_content("#r-costs") == ""


def test_design_check(page, site):
    ready(page, site.url, "#tab=design")
    page.select_option("#g-text", "all")
    page.click("#g-run")
    page.wait_for_function(f"() => {text_of('g-status')}.endsWith('goals')")
    goals = len(json.loads(cli("design-check", "all"))["goals"])
    assert page.text_content("#g-status") == f"{goals} goals"
    shown = page.eval_on_selector("#g-report", "f => f.srcdoc")
    assert shown == cli_report("design-check", "all"), "the report differs from `fray design-check --report`'s"
    assert page.frame_locator("#g-report").locator("svg").count() > 0, "the design check has no chart"


# Requests for `fray.run`, each beside the command line that asks the same.
SAME_AS_THE_COMMAND_LINE = [
    ("damage", {"amount": "23", "types": ["fire", "cold"], "vs": "Resist 10 Fire\nVulnerable 5 Cold"},
     ["damage", "23", "fire", "cold", "--vs", "Resist 10 Fire\nVulnerable 5 Cold"]),
    ("damage", {"amount": "2d6+3", "types": ["cold"], "vs": "Vulnerable 5 Cold", "critical": True},
     ["damage", "2d6+3", "cold", "--vs", "Vulnerable 5 Cold", "--critical"]),
    ("check", {"rung": "3/6", "bonus": 2}, ["check", "3/6", "--bonus", "2"]),
    ("tohit", {"attacker_bonus": 3, "defender_bonus": 5}, ["tohit", "--attacker-bonus", "3", "--defender-bonus", "5"]),
    ("evasion-table", {}, ["evasion-table"]),
    ("sides", {"a": "5x3/6", "b": "4x4/6+1b"}, ["sides", "--a", "5x3/6", "--b", "4x4/6+1b"]),
    ("types", {}, ["types"]),
    ("minions", {"battle": (ROOT / "examples/minions/gorgon.toml").read_text()},
     ["minions", str(ROOT / "examples/minions/gorgon.toml")]),
    ("mass-battle", {"battle": (ROOT / "examples/pool/knights-vs-levy.toml").read_text(), "seed": 3},
     ["mass-battle", str(ROOT / "examples/pool/knights-vs-levy.toml"), "--seed", "3"]),
    ("encounter", {"script": (ROOT / "examples/encounters/marks.toml").read_text()},
     ["encounter", str(ROOT / "examples/encounters/marks.toml")]),
    ("battle", {"example": "duel", "trials": 3000, "seed": 5},
     ["battle", "--example", "duel", "--trials", "3000", "--seed", "5", "--threads", "1", "--quiet"]),
    ("battle", {"example": "pikes", "trials": 400, "seed": 2},
     ["battle", "--example", "pikes", "--trials", "400", "--seed", "2", "--threads", "1", "--quiet"]),
    ("battle", {"example": "skirmish", "trials": 300, "seed": 9},
     ["battle", "--example", "skirmish", "--trials", "300", "--seed", "9", "--threads", "1", "--quiet"]),
    ("battle", {"example": "minions"}, ["battle", "--example", "minions", "--quiet"]),
    ("sweep", {"example": "duel", "trials": 500, "vary": [{"path": "evasion.b.defense.hp", "values": "30..70:10"}]},
     ["sweep", DUEL, "--trials", "500", "--vary", "evasion.b.defense.hp=30..70:10", "--quiet"]),
    ("sweep", {"odds": "evasion", "vary": [{"path": "attacker.level", "values": "1..10"},
                                          {"path": "defender.ev", "values": "0..5"}]},
     ["sweep", "--odds", "evasion", "--vary", "attacker.level=1..10", "--vary", "defender.ev=0..5", "--quiet"]),
    ("sweep-paths", {"example": "pikes"}, ["sweep-paths", "--example", "pikes"]),
    ("design-check", {"text": "all"}, ["design-check", "all"]),
    # A sampled roster: logistic fits, logs and exponentials, the figures that once
    # differed in their last digits between the browser and the command line.
    ("roster", {"example": "pool", "seed": 3, "threads": 1, "max_battles": 150000},
     ["roster", "--example", "pool", "--seed", "3", "--threads", "1", "--max-battles", "150000"]),
    ("roster", {"example": "minions"}, ["roster", "--example", "minions"]),
    ("appraise", {"defender": (ROOT / "examples/evasion/troll.toml").read_text()},
     ["appraise", "--defender", str(ROOT / "examples/evasion/troll.toml")]),
    ("evasion-damage", {"attacker": (ROOT / "examples/evasion/valkyrie.toml").read_text(),
                        "defender": (ROOT / "examples/evasion/troll.toml").read_text(), "damage": "d8+2"},
     ["evasion-damage", "--attacker", str(ROOT / "examples/evasion/valkyrie.toml"),
      "--defender", str(ROOT / "examples/evasion/troll.toml"), "--damage", "d8+2"]),
]


def test_each_answer_is_the_command_lines(page, site):
    ready(page, site.url)
    # Every command of the table: the WebAssembly build and the native one give the
    # same bytes for each (the same arithmetic, fray::math).
    table = {c["name"] for c in page.evaluate("fray.commands()")}
    listed = {command for command, _, _ in SAME_AS_THE_COMMAND_LINE}
    assert listed <= table, listed - table
    # A command with no case above (a new one) is compared at its request's defaults.
    cases = SAME_AS_THE_COMMAND_LINE + [(name, {}, [name]) for name in sorted(table - listed)]
    ways = ["browser", "server"] if site.served else ["browser"]
    for command, request, args in cases:
        expected = cli(*args)
        for on in ways:
            got = page.evaluate("([c, r, on]) => fray.run(c, r, { on }).then(o => [o.on, o.text])", [command, request, on])
            assert got[0] == on, got[0]
            assert got[1] == expected, f"{command} {request} ({on}) differs from `fray {' '.join(args)} --json`"
    # A refusal rejects with the refusal every front end gives, its place as data.
    refusal = page.evaluate(
        "() => fray.call('check', {rung: 3}).then(() => null, e => [e.name, e.refusal, e instanceof Error])"
    )
    assert refusal[0] == "FrayRefusal" and refusal[2], refusal
    assert refusal[1]["line"] == 1 and refusal[1]["column"] > 1 and "`rung` must be a string" in refusal[1]["error"]
    # Nothing but an object is a request.
    refused = page.evaluate("() => fray.call('check', []).then(() => null, e => e.refusal.error)")
    assert "must be a JSON object" in refused, refused


def test_a_cancelled_sweep_keeps_its_finished_points(page, site):
    """A cancel keeps the points a sweep finished: in the browser (played in chunks of
    points) and on the server (stopped, not dropped)."""
    ready(page, site.url, "#tab=sweep")
    # Long battles, so that the sweep's last points take seconds and its first three
    # hundredths of one: the server must not finish all 60 before the stop reaches it
    # (the pikes example itself sweeps all 60 in 0.2 s).
    long = long_pikes()
    with tempfile.TemporaryDirectory() as folder:
        scenario = Path(folder) / "long.toml"
        scenario.write_text(long)
        whole = json.loads(cli("sweep", str(scenario), "--trials", "30000",
                               "--vary", "pool.b.combatants.Rider.count=1..3"))
    for where in ["browser", "server"] if site.served else ["browser"]:
        outcome = page.evaluate(
            """async ([on, scenario]) => {
                const controller = new AbortController();
                const request = {scenario, trials: 30000,
                    vary: [{path: "pool.b.combatants.Rider.count", values: "1..60"}]};
                const run = fray.run("sweep", request, {on, signal: controller.signal,
                    progress: (done) => { if (done >= 3) controller.abort(); }});
                const out = await run;
                return {on: out.on, text: out.text, html: out.html.length};
            }""",
            [where, long],
        )
        answer = json.loads(outcome["text"])
        assert outcome["on"] == where
        assert answer["complete"] is False, where
        assert 3 <= len(answer["points"]) < 60, (where, len(answer["points"]))
        assert answer["planned_points"] == 60
        assert outcome["html"] > 0
        # The points kept are the command line's, figure for figure.
        assert answer["points"][:3] == whole["points"], where


def test_sweep_chart(page, site):
    ready(page, site.url, "#tab=sweep")
    page.fill("#s-trials", "500")
    page.fill("#s-vary1", "evasion.b.defense.hp=30..70:10")
    page.click("#s-run")
    page.wait_for_function(f"() => {text_of('s-status')}.startsWith('done')")
    frame = page.frame_locator("#s-report")
    # The frame loads its new page a moment after the status says done.
    frame.locator("text=Win probability by defense hit points (side b)").first.wait_for()
    assert frame.locator("svg").count() > 0, "no chart shown"
    # A heat map for two axes of an odds sweep.
    choose_sweep(page, "evasion")
    page.fill("#s-vary1", "attacker.level=1..10")
    page.fill("#s-vary2", "defender.ev=0..5")
    page.click("#s-run")
    page.wait_for_function(f"() => {text_of('s-status')}.startsWith('done')")
    assert "50% contour" in frame.locator("body").inner_html(), "no heat map shown"


def choose_sweep(page, kind=None, example=None):
    """Chooses a kind of sweep or a scenario, and waits for its paths to be offered."""
    if kind:
        page.select_option("#s-kind", kind)
    if example:
        page.select_option("#s-example", example)
    whose = example or (kind if kind != "battle" else page.input_value("#s-example"))
    page.wait_for_function("w => document.getElementById('s-paths').dataset.paths === w", arg=whose)


def offered(page):
    """The Vary paths the page offers, as `PATH=RANGE`."""
    return page.eval_on_selector_all("#s-paths option", "os => os.map(o => o.value)")


def test_sweep_offers_the_scenarios_own_paths(page, site):
    ready(page, site.url, "#tab=sweep")
    choose_sweep(page, example="pikes")
    expected = json.loads(cli("sweep-paths", "--example", "pikes"))["paths"]
    first = f"{expected[0]['path']}={expected[0]['range']}"
    assert first.startswith("pool.a.combatants.Pikeman.count="), first
    assert offered(page) == [f"{p['path']}={p['range']}" for p in expected]
    assert page.input_value("#s-vary1") == first, "Vary was not reset to the scenario's first path"
    # Another scenario: its own paths, and Vary follows.
    page.fill("#s-vary2", "pool.b.combatants.Rider.hp=5..7")
    choose_sweep(page, example="minions")
    assert all(o.startswith("minions.") or o.startswith("max_rounds=") for o in offered(page)), offered(page)
    assert page.input_value("#s-vary1").startswith("minions.a.minions.Spearman.count=")
    assert page.input_value("#s-vary2") == "", "the old scenario's second axis is kept"
    # An odds sweep: its inputs, and no scenario, trials or balance point to fill in.
    choose_sweep(page, kind="pool")
    assert [o.split("=")[0] for o in offered(page)] == ["tn", "d", "bonus", "penalty", "steps"]
    assert page.input_value("#s-vary1").startswith("tn=")
    for hidden in ["#s-example", "#s-trials", "#s-find", "#s-target"]:
        assert not page.is_visible(hidden), f"{hidden} is shown for an odds sweep"
    assert page.is_visible("#s-set")
    choose_sweep(page, kind="battle")
    assert page.is_visible("#s-find") and not page.is_visible("#s-set")
    # The suggested default runs as it is.
    page.fill("#s-trials", "200")
    page.click("#s-run")
    page.wait_for_function(f"() => {text_of('s-status')}.startsWith('done')")


def test_sweep_finds_a_balance_point(page, site):
    ready(page, site.url, "#tab=sweep")
    choose_sweep(page, example="duel")
    page.fill("#s-vary1", "evasion.b.defense.hp=40,80")
    page.fill("#s-find", "evasion.b.defense.hp=20..120")
    page.fill("#s-target", "0.6")
    page.click("#s-run")
    page.wait_for_function(f"() => {text_of('s-status')}.startsWith('done')")
    found = json.loads(
        cli(
            "sweep", DUEL, "--trials", "2000", "--quiet",
            "--vary", "evasion.b.defense.hp=40,80", "--find", "evasion.b.defense.hp=20..120", "--target", "0.6",
        )
    )["find"]
    shown = page.text_content("#s-found")
    assert f"at evasion.b.defense.hp = {round(found['value'], 3):g}" in shown, shown
    assert f"between {found['low']:g} and {found['high']:g}" in shown and "60%" in shown, shown
    below, above = found["whole_values"]
    assert f"Whole values: at {below['value']}, Valkyrie wins" in shown and f"at {above['value']}, " in shown, shown
    assert "balance point" in page.frame_locator("#s-report").locator("body").text_content()


def test_bar_charts_have_a_percent_axis(page, site):
    ready(page, site.url, "#tab=odds&o.bonus=2")
    page.wait_for_selector("#o-chart svg .y-axis")
    expected = json.loads(cli("check", "3/6", "--bonus", "2"))
    ticks = page.locator("#o-chart svg .y-axis text.tick").all_text_contents()
    assert len(ticks) >= 3 and all(re.fullmatch(r"\d+(\.\d+)?%", t) for t in ticks), ticks
    peak = max(d["p"] for d in expected["distribution"]) * 100
    assert ticks[0] == "0%" and float(ticks[-1][:-1]) >= peak, (ticks, peak)
    labels = page.locator("#o-chart svg text.value").all_text_contents()
    assert any(label.endswith("%") for label in labels), labels
    # The damage distribution's chart too.
    ready(page, site.url, "#d.amount=2d6%2B3&d.types=fire&d.vs=Resist%205%20Fire")
    page.wait_for_selector("#d-chart svg .y-axis")
    ticks = page.locator("#d-chart svg .y-axis text.tick").all_text_contents()
    assert len(ticks) >= 3 and all(t.endswith("%") for t in ticks), ticks


def test_large_dice_draw_a_binned_chart(page, site):
    ready(page, site.url, "#d.amount=2d6")
    page.wait_for_function("() => document.querySelector('#d-chart svg')?.getAttribute('aria-label') === 'final damage of 2d6'")
    # 196,349 values: binned into a few hundred bars, the headline and the chart both new.
    page.fill("#d-amount", "200d1000")
    expected = json.loads(cli("damage", "200d1000", "fire", "cold", "--vs", "Resist Fire; Vulnerable 5 Cold"))
    headline = f"mean final damage {expected['mean_final']:.3f} "
    page.wait_for_function(f"h => {text_of('d-final')}.startsWith(h)", arg=headline, timeout=120_000)
    title = page.get_attribute("#d-chart svg", "aria-label")
    assert title.startswith("final damage of 200d1000 (") and "values a bar" in title, title
    bars = page.locator("#d-chart svg rect").count()
    assert 100 <= bars <= 240, f"{bars} bars for {len(expected['distribution'])} values"
    # Each bar is the sum of its values: the bars hold the whole distribution.
    total = page.evaluate(
        "() => [...document.querySelectorAll('#d-chart svg rect title')]"
        ".reduce((s, t) => s + Number(t.textContent.split(': ').pop().slice(0, -1)), 0)"
    )
    assert abs(total - 100) < 0.5, total


def test_dice_past_the_servers_caps_are_refused_at_once(page, site):
    ready(page, site.url, "#d.amount=2d6")
    page.wait_for_selector("#d-chart svg")
    page.fill("#d-amount", "999d1000")
    # Refused before any work: from disk by the page, in the words fray serve uses; served,
    # by the server (the page sends it there, and its caps decide).
    page.wait_for_selector("#d-error:not([hidden])", timeout=15_000)
    error = page.text_content("#d-error")
    if site.served:
        status = json.loads(site.api("/api/status"))
        assert f"this server answers at most {status['max_answer']} (fray serve --max-answer)" in error, error
    else:
        assert re.search(r"^this request would take about \d+ steps \(", error), error
        assert "this browser takes at most 100000000 a request" in error, error
    assert page.text_content("#d-final") == "" and page.inner_html("#d-chart") == "", "a stale answer is on show"
    # The quick answers are not held up behind it.
    page.fill("#d-amount", "3d6")
    page.wait_for_function("() => document.querySelector('#d-chart svg')?.getAttribute('aria-label') === 'final damage of 3d6'", timeout=15_000)


def test_the_pages_bounds_are_fray_serves_defaults(page, site, bare_server):
    ready(page, site.url)
    defaults = json.loads(urllib.request.urlopen(bare_server + "api/status").read())
    bounds = page.evaluate("fray.bounds")
    assert bounds == {"steps": defaults["max_steps"], "answer_bytes": defaults["max_answer"]}, (bounds, defaults)


def test_a_narrow_window_stacks_without_sideways_scrolling(page, site):
    page.set_viewport_size({"width": 420, "height": 800})
    ready(page, site.url, "#d.amount=2d6%2B3")
    page.wait_for_selector("#d-chart svg")
    for tab in ["damage", "odds", "battle", "sweep", "design"]:
        page.click(f"#tabs button[data-tab='{tab}']")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 420, f"the {tab} tab is {width} px wide in a 420 px window"
    page.click("#tabs button[data-tab='sweep']")
    box = page.locator("#sweep .answer").bounding_box()
    inputs = page.locator("#sweep .inputs").bounding_box()
    assert box["y"] >= inputs["y"] + inputs["height"], "the answer is not below the inputs"


def test_the_sweep_reports_points_fit_at_760px(page, site):
    page.set_viewport_size({"width": 760, "height": 900})
    ready(page, site.url, "#tab=sweep")
    page.fill("#s-trials", "300")
    page.fill("#s-vary1", "evasion.b.defense.hp=30..50:10")
    page.click("#s-run")
    page.wait_for_function(f"() => {text_of('s-status')}.startsWith('done')")
    frame = page.frame_locator("#s-report")
    points = frame.locator("h2:text-is('Points') + *")
    fits = points.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert fits[0] <= fits[1], f"the Points table is {fits[0]} px wide in {fits[1]} px: columns cut off"
    assert points.locator("tr").first.locator("th, td").count() == 7, "not every column is in the table"
    assert page.evaluate("document.documentElement.scrollWidth") <= 760


def test_shared_link(page, site):
    ready(page, site.url)
    page.fill("#d-amount", "2d6+3")
    page.fill("#d-types", "cold")
    page.fill("#d-vs", "Vulnerable 5 Cold")
    page.check("#d-critical")
    page.wait_for_function(f"() => {text_of('d-final')}.startsWith('mean final damage')")
    headline = page.text_content("#d-final")
    link = page.url
    assert "d.amount=2d6%2B3" in link, "the link does not hold the amount: " + link
    # A second visitor opens the link: the same inputs and the same answer.
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_selector("body[data-ready='1']")
    other.wait_for_function(f"h => {text_of('d-final')} === h", arg=headline)
    assert other.input_value("#d-vs") == "Vulnerable 5 Cold", "the stat block was not restored"
    assert other.is_checked("#d-critical"), "the critical flag was not restored"
    assert other.locator("#d-chart svg rect").count() > 0, "the distribution chart is missing"
    other.screenshot(path=str(OUT / "shared-link-opened.png"), full_page=True)
    # A battle tab's state, too.
    other.goto(site.url + "#tab=battle&b.example=minions&b.trials=77")
    other.wait_for_selector("body[data-ready='1']")
    assert other.is_visible("#battle"), "the battle tab is not shown"
    assert other.input_value("#b-example") == "minions" and other.input_value("#b-trials") == "77", (
        "the battle inputs were not restored"
    )
    assert "[minions" in other.input_value("#b-scenario"), "the scenario text is not the example's"


def test_the_footer_says_where_answers_run(page, site):
    ready(page, site.url)
    footer = page.text_content("footer")
    assert "run in this browser" in footer, footer
    if site.served:
        assert "large runs on the server by fray serve" in footer, footer
    else:
        assert "no server" in footer and "fray serve" not in footer, footer


def test_without_the_webassembly_the_server_answers_every_tab(bare_page, bare_server):
    """`fray serve` with no WebAssembly build: everything runs on the server, and every tab
    shows what it shows in the browser (the roster's and design check's report pages)."""
    page = bare_page
    ready(page, bare_server)
    assert page.evaluate("fray.backends()") == {"browser": False, "server": True}
    footer = page.text_content("footer")
    assert "run on the server by fray serve" in footer and "run in this browser" not in footer, footer
    table = page.evaluate("fray.commands()")
    assert {c["name"]: c["span"] for c in table}["roster"] == "long", table
    # The roster's pricing: its report page and fitted costs, as the command line's.
    page.click("#tabs button[data-tab='roster']")
    page.select_option("#r-example", "minions")
    page.wait_for_function("() => document.getElementById('r-roster').value.includes('Recruit')")
    page.click("#r-run")
    page.wait_for_function(f"() => {text_of('r-status')}.startsWith('done')")
    assert page.text_content("#r-status") == "done (on the server)"
    expected = cli_report("roster", "--example", "minions", "--quiet")
    assert page.eval_on_selector("#r-report", "f => f.srcdoc") == expected, "the roster's report differs from --report's"
    assert page.text_content("#r-costs").startswith("Fair costs (mean, exact): Recruit 2 (kept), Veteran ")
    # The design check: its report page.
    page.click("#tabs button[data-tab='design']")
    page.select_option("#g-text", "all")
    page.click("#g-run")
    page.wait_for_function(f"() => {text_of('g-status')}.endsWith('goals')")
    shown = page.eval_on_selector("#g-report", "f => f.srcdoc")
    assert shown == cli_report("design-check", "all"), "the design check's report differs from --report's"
    # A battle past the server's caps: refused, naming them.
    page.click("#tabs button[data-tab='battle']")
    page.fill("#b-trials", "3000000")
    page.click("#b-run")
    page.wait_for_function(f"() => {text_of('b-status')} === \"refused by the server's caps\"")
    note = page.text_content("#b-caps")
    assert note.startswith("fray serve runs everything for this page, and its caps refused this run: at most 2000000 battles"), note
    # Every kind of command answers as the command line does.
    for command, request, args in SAME_AS_THE_COMMAND_LINE:
        got = page.evaluate("([c, r]) => fray.run(c, r).then(o => [o.on, o.text])", [command, request])
        assert got == ["server", cli(*args)], f"{command} {request} differs from `fray {' '.join(args)} --json`"


def test_a_long_text_stays_out_of_the_link(page, site):
    # Count the page's writes to its address.
    page.add_init_script(
        "window.linkWrites = 0; const replace = history.replaceState.bind(history);"
        "history.replaceState = (...a) => { window.linkWrites++; return replace(...a); };"
    )
    ready(page, site.url, "#tab=battle&b.trials=200")
    page.select_option("#b-example", "minions")
    page.wait_for_function("() => document.getElementById('b-scenario').value.includes('[minions')")
    page.click("#b-run")
    page.wait_for_function(f"() => {text_of('b-status')}.startsWith('done')")
    assert "Valkyrie" not in page.frame_locator("#b-report").locator("body").text_content()
    page.select_option("#b-example", "duel")
    page.wait_for_function("() => document.getElementById('b-scenario').value.includes('Valkyrie')")
    duel = page.input_value("#b-scenario")
    # Typing writes the address once typing stops, not at every key; an edit this short
    # is in the link.
    page.evaluate("window.linkWrites = 0")
    page.type("#b-scenario", "\n# twenty keys typed\n")
    page.wait_for_function("() => location.hash.includes('twenty')")
    writes = page.evaluate("window.linkWrites")
    assert writes <= 5, f"the address was written {writes} times for 21 keys"
    assert not page.is_visible("#b-scenario-link")
    # 2.5 MB, past the browser's limit on an address: left out of the link, which says
    # so, and the run reports on it.
    paste = "t => { const el = document.getElementById('b-scenario'); el.value = t; el.dispatchEvent(new Event('input')); }"
    page.evaluate(paste, duel + ("\n# " + "x" * 1000) * 2500 + "\n")
    page.wait_for_selector("#b-scenario-link:not([hidden])")
    assert "too long for a link" in page.text_content("#b-scenario-link")
    assert "b.scenario" not in page.url and len(page.url) < 10_000, len(page.url)
    page.click("#b-run")
    page.wait_for_function("() => document.getElementById('b-report').srcdoc.includes('Valkyrie')", timeout=60_000)
    assert page.text_content("#b-status").startswith("done"), page.text_content("#b-status")
    # Back to a short text: in the link again, and the note goes.
    page.fill("#b-scenario", duel + "\n# short again\n")
    page.wait_for_function("() => location.hash.includes('short')")
    assert not page.is_visible("#b-scenario-link")


# A seed past 2^53, which a JavaScript number would round (u64::MAX).
BIG_SEED = "18446744073709551615"
# What takes from a browser its reviver's source text and JSON.rawJSON, so that fray.js
# reads and writes large numbers its other way.
OLDER_JSON = (
    "JSON.parse = ((parse) => (text, reviver) => parse(text, reviver && ((k, v) => reviver(k, v))))(JSON.parse);"
    "delete JSON.rawJSON;"
)


def test_seeds_past_2_53_keep_every_digit(page, site):
    # Typed into the Battle tab: the report is the command line's for that seed.
    ready(page, site.url, "#tab=battle")
    page.select_option("#b-example", "duel")
    page.wait_for_function("() => document.getElementById('b-scenario').value.includes('Valkyrie')")
    page.fill("#b-trials", "300")
    page.fill("#b-seed", BIG_SEED)
    page.click("#b-run")
    page.wait_for_function(f"() => {text_of('b-status')}.startsWith('done')")
    expected = cli_report("battle", "--example", "duel", "--trials", "300", "--seed", BIG_SEED, "--quiet")
    assert page.eval_on_selector("#b-report", "f => f.srcdoc") == expected, "the report is not the one for this seed"
    # From a script, in the browser and on the server: the answers' seeds as BigInts with
    # every digit, and a seed read from one answer sent back unchanged.
    sweep = {"example": "duel", "trials": 100, "vary": [{"path": "evasion.b.defense.hp", "values": "30,40"}]}
    points = [str(p["seed"]) for p in json.loads(
        cli("sweep", DUEL, "--trials", "100", "--vary", "evasion.b.defense.hp=30,40", "--quiet"))["points"]]
    assert all(int(p) > 2**53 for p in points), points
    ask = """async ([sweep, seed, on]) => {
        const battle = await fray.call('battle', {example: 'duel', trials: 100, seed: BigInt(seed)}, {on});
        const swept = await fray.call('sweep', sweep, {on});
        const again = await fray.call('battle', {example: 'duel', trials: 100, seed: swept.points[0].seed}, {on});
        return [typeof battle.seed, String(battle.seed), swept.points.map((p) => String(p.seed)), String(again.seed)];
    }"""
    for tab in [page, page.context.new_page()]:
        if tab is not page:
            tab.add_init_script(OLDER_JSON)
            ready(tab, site.url)
            assert tab.evaluate("JSON.rawJSON") is None
        for on in ["browser", "server"] if site.served else ["browser"]:
            got = tab.evaluate(ask, [sweep, BIG_SEED, on])
            assert got == ["bigint", BIG_SEED, points, points[0]], (on, got)
        assert tab.evaluate("fray.parse('[9007199254740993, 1.5, -2, \"12345678901234567890\"]').map(String)") == [
            "9007199254740993", "1.5", "-2", "12345678901234567890"]


def test_the_folder_on_a_static_host(browser, playground):
    """The folder `fray playground` writes, on a plain static host (Python's): the page
    loads fray.wasm beside it, finds no server, and answers in the browser."""
    import functools
    import http.server
    import threading

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(playground))
    host = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=host.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        ready(page, f"http://127.0.0.1:{host.server_port}/index.html")
        assert page.evaluate("fray.backends()") == {"browser": True, "server": False}
        run = page.evaluate("fray.run('check', {rung: '3/6', bonus: 2}).then(o => [o.on, o.text])")
        assert run == ["browser", cli("check", "3/6", "--bonus", "2")]
        page.wait_for_function(f"() => {text_of('d-final')}.startsWith('final damage')")
        page.screenshot(path=str(OUT / "the-folder-on-a-static-host.png"))
        assert not errors, errors
    finally:
        context.close()
        host.shutdown()


def test_any_command_has_a_form_built_from_its_request_schema(page, site):
    # Every command of the table, from its schema alone: the fields, the run, the refusal.
    ready(page, site.url, "#tab=command")
    names = page.eval_on_selector_all("#c-name option", "os => os.map(o => o.value)")
    table = json.loads(cli("schema"))
    assert set(names) == set(table), names
    page.select_option("#c-name", "check")
    page.wait_for_selector("#c-fields [data-field='rung']")
    page.fill("#c-fields [data-field='rung']", "3/6")
    page.fill("#c-fields [data-field='bonus']", "2")
    page.click("#c-run")
    page.wait_for_function(f"() => {text_of('c-status')} === 'done'")
    assert json.loads(page.text_content("#c-answer")) == json.loads(cli("check", "3/6", "--bonus", "2"))
    page.fill("#c-fields [data-field='steps']", "99999")
    page.click("#c-run")
    page.wait_for_function(f"() => {text_of('c-status')} === 'refused'")
    assert page.get_attribute("#c-fields [data-field='steps']", "aria-invalid") == "true"
    assert page.text_content("#c-error").startswith("steps: expected a whole number"), page.text_content("#c-error")

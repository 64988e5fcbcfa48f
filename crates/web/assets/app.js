// The fray playground. Every answer comes from `window.fray` (fray.js): fray's library
// compiled to WebAssembly in this browser, or `fray serve` for large runs. This script
// only gathers inputs, keeps them in the URL so a link restores them, and draws what
// comes back.
"use strict";

const $ = (id) => document.getElementById(id);
const keyed = Array.from(document.querySelectorAll("[data-key]"));
const defaults = new Map(keyed.map((el) => [el, value(el)]));
let tab = "damage";
let exampleTexts = {}; // bundled scenario name -> its TOML text
let rosterTexts = {}; // bundled roster name -> its TOML text
let restoring = false;

function value(el) {
  return el.type === "checkbox" ? (el.checked ? "1" : "") : el.value;
}
function setValue(el, v) {
  if (el.type === "checkbox") el.checked = v === "1";
  else el.value = v;
}
// A whole-number field as a request takes it: a Number, or past Number.MAX_SAFE_INTEGER
// (a seed is any u64) a BigInt, which fray.js sends digit for digit. Anything else goes
// as Number reads it, for fray to refuse.
function whole(el) {
  const text = el.value.trim(), n = Number(text);
  return /^\d+$/.test(text) && !Number.isSafeInteger(n) ? BigInt(text) : n;
}
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// ---- the URL: every input that differs from its default, and the tab ----
// A text longer than this (URL-encoded) stays out of the link: a long URL is slow to
// write on every change, and past the browser's limit it is refused.
const LINK_TEXT = 4096;
// Shows, after `el`, why the link leaves its text out (`size` characters), or nothing.
function showLinkNote(el, size) {
  const id = el.id + "-link";
  let note = $(id);
  if (!note && !size) return;
  if (!note) {
    note = document.createElement("p");
    note.className = "note";
    note.id = id;
    el.insertAdjacentElement("afterend", note);
  }
  note.hidden = !size;
  if (size) note.textContent = `This text is ${Math.ceil(size / 1024)} KB, too long for a link: a copied link leaves it out, and opens with the default text in its place.`;
}
// `p.set(key, v)` when `v` fits in a link; otherwise a note after `el` says it does not.
function link(p, key, v, el) {
  const size = v.length > LINK_TEXT ? v.length : encodeURIComponent(v).length;
  showLinkNote(el, size > LINK_TEXT ? v.length : 0);
  if (size <= LINK_TEXT) p.set(key, v);
}
function save() {
  if (restoring) return;
  const p = new URLSearchParams();
  p.set("tab", tab);
  for (const el of keyed) {
    const v = value(el);
    if (v !== defaults.get(el)) link(p, el.dataset.key, v, el);
    else showLinkNote(el, 0);
  }
  const scenario = $("b-scenario").value;
  if (scenario && scenario !== exampleTexts[$("b-example").value]) link(p, "b.scenario", scenario, $("b-scenario"));
  else showLinkNote($("b-scenario"), 0);
  const roster = $("r-roster").value;
  if (roster && roster !== rosterTexts[$("r-example").value]) link(p, "r.roster", roster, $("r-roster"));
  else showLinkNote($("r-roster"), 0);
  try {
    history.replaceState(null, "", "#" + p.toString());
  } catch {
    // The address could not be written: the page works on, with the old link.
  }
}
// `save` a moment after typing stops, not on every key.
const saveSoon = debounce(save, 300);
function restore() {
  restoring = true;
  const p = new URLSearchParams(location.hash.slice(1));
  for (const el of keyed) {
    if (p.has(el.dataset.key)) setValue(el, p.get(el.dataset.key));
  }
  restoring = false;
  showTab(p.get("tab") || "damage");
  return p;
}
function showTab(name) {
  if (!$(name)) name = "damage";
  tab = name;
  for (const s of document.querySelectorAll(".tab")) s.hidden = s.id !== name;
  for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("on", b.dataset.tab === name);
  save();
}

// ---- asking fray ----
// A quick command's answer as {ok, json, warnings}: the answer, or the refusal's JSON,
// and the doubts fray found in the request.
async function ask(command, body) {
  try {
    const out = await fray.run(command, body);
    return { ok: true, json: out.answer, warnings: out.warnings || [] };
  } catch (e) {
    const refusal = e.refusal || { error: String(e.message || e) };
    return { ok: false, json: refusal, warnings: refusal.warnings || [] };
  }
}
// The warnings of an answer (a probable typo: "did you mean `fire`?") beside it, in a
// box after the answer's error box `errorId`, made the first time there is one to show.
function showWarnings(errorId, warnings) {
  const id = errorId.replace(/-error$/, "-warnings");
  let el = $(id);
  if (!el) {
    el = document.createElement("pre");
    el.className = "warning";
    el.id = id;
    $(errorId).insertAdjacentElement("afterend", el);
  }
  const list = warnings || [];
  el.hidden = list.length === 0;
  el.textContent = list.map((w) => "warning: " + w).join("\n");
}
// The form control of the refusal's field (`data-field`) in the error's own panel.
function fieldInput(el, field) {
  const panel = el.closest("section") || document;
  return field ? panel.querySelector(`[data-field="${CSS.escape(field)}"]`) : null;
}
function showError(id, e) {
  const el = $(id);
  const panel = el.closest("section") || document;
  panel.querySelectorAll("[data-field][aria-invalid]").forEach((i) => i.removeAttribute("aria-invalid"));
  if (!e) { el.hidden = true; el.textContent = ""; return; }
  el.hidden = false;
  // A refusal of a field this form holds names it by the form's label, and marks it.
  const input = fieldInput(el, e.field);
  if (input) {
    input.setAttribute("aria-invalid", "true");
    const label = input.closest("label").firstChild.textContent.trim();
    el.textContent = `${label}: ${e.message}`;
    return;
  }
  const where = e.line ? ` (line ${e.line}, column ${e.column})` : "";
  el.textContent = e.error + (e.error.includes("line " + e.line) ? "" : where);
}
function debounce(f, ms) {
  let t;
  return () => { clearTimeout(t); t = setTimeout(f, ms); };
}

// A percentage as people read it: no float noise, a few digits (27.8%, 0.46%, 10%).
function percent(x) {
  const v = x * 100;
  if (v === 0) return "0%";
  const digits = v >= 1 ? 1 : Math.min(6, 1 - Math.floor(Math.log10(v)));
  return `${Number(v.toFixed(digits))}%`;
}
// The smallest of 1, 2 or 5 times a power of ten that is at least `raw` (> 0).
function roundStep(raw) {
  const ten = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * ten).find((s) => s >= raw * (1 - 1e-9));
}

// The most bars a chart draws: a wider distribution is drawn in bins of neighbouring
// values, each bar their sum.
const MAX_BARS = 240;
// Rows as at most MAX_BARS bars: each bin labelled with its first and last value, its
// axis tick with its first.
function binned(rows) {
  if (rows.length <= MAX_BARS) return rows;
  const size = Math.ceil(rows.length / MAX_BARS), out = [];
  for (let i = 0; i < rows.length; i += size) {
    const last = Math.min(i + size, rows.length) - 1;
    let p = 0;
    for (let j = i; j <= last; j++) p += rows[j].p;
    out.push({ label: `${rows[i].label}–${rows[last].label}`, tick: rows[i].label, p, cls: rows[i].cls });
  }
  return out;
}

// A bar chart as SVG: labelled bars of probabilities on a y axis in percent, each bar's
// percentage written above it (when there is room) and in its tooltip. Any number of rows:
// past MAX_BARS they are binned (the title says how many values a bar holds).
function bars(rows, title) {
  const w = 640, h = 270, left = 56, right = 12, top = 30, bottom = 36;
  const plotW = w - left - right, plotH = h - top - bottom, base = top + plotH;
  const shown = binned(rows);
  if (shown !== rows) title += ` (${Math.ceil(rows.length / MAX_BARS)} values a bar)`;
  const n = Math.max(shown.length, 1);
  let peak = 1e-12, widest = 1;
  for (const r of shown) {
    peak = Math.max(peak, r.p);
    widest = Math.max(widest, String(r.tick ?? r.label).length);
  }
  const step = roundStep(peak / 4);
  const ticks = Math.max(1, Math.ceil(peak / step - 1e-9));
  const y = (p) => base - (p / (ticks * step)) * plotH;
  const bw = plotW / n;
  // As many axis labels as fit side by side (about 6.5 px a character).
  const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotW / (6.5 * widest + 8)))));
  let s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeHtml(title)}">`;
  s += `<text x="${left}" y="16" class="title">${escapeHtml(title)}</text>`;
  s += `<g class="y-axis"><text class="axis-title" transform="translate(12 ${top + plotH / 2}) rotate(-90)" text-anchor="middle">probability</text>`;
  for (let k = 0; k <= ticks; k++) {
    const at = y(k * step);
    s += `<line class="grid" x1="${left}" x2="${w - right}" y1="${at}" y2="${at}"></line>`;
    s += `<text class="tick" x="${left - 6}" y="${at + 4}" text-anchor="end">${percent(k * step)}</text>`;
  }
  s += `<line class="axis" x1="${left}" x2="${left}" y1="${top}" y2="${base}"></line></g>`;
  shown.forEach((r, i) => {
    const x = left + i * bw, top_ = y(r.p);
    s += `<rect class="${r.cls || "bar"}" x="${x + (bw > 3 ? 1 : 0)}" y="${top_}" width="${Math.max(bw - (bw > 3 ? 2 : 0), 0.5)}" height="${base - top_}"><title>${escapeHtml(r.label)}: ${Number((r.p * 100).toPrecision(4))}%</title></rect>`;
    if (bw >= 34) s += `<text class="value" x="${x + bw / 2}" y="${top_ - 4}" text-anchor="middle">${percent(r.p)}</text>`;
    if (i % every === 0) s += `<text x="${x + bw / 2}" y="${base + 14}" text-anchor="middle">${escapeHtml(r.tick ?? r.label)}</text>`;
  });
  return s + `<line class="axis" x1="${left}" x2="${w - right}" y1="${base}" y2="${base}"></line></svg>`;
}

// ---- damage ----
async function runDamage() {
  save();
  const types = $("d-types").value.split(/[\s,]+/).filter(Boolean);
  const body = { amount: $("d-amount").value.trim(), types, vs: $("d-vs").value || null };
  const level = $("d-level").value.trim();
  if (level) body.attacker_level = Number(level);
  for (const f of ["advantage", "critical", "ongoing", "silvered", "area"]) body[f] = $("d-" + f).checked;
  const r = await ask("damage", body);
  showWarnings("d-error", r.warnings);
  if (!r.ok) {
    showError("d-error", r.json);
    $("d-final").textContent = "";
    $("d-trace").innerHTML = "";
    $("d-chart").innerHTML = "";
    return;
  }
  showError("d-error", null);
  const a = r.json;
  if (a.distribution) {
    const chart = bars(a.distribution.map((d) => ({ label: String(d.damage), p: d.p })), `final damage of ${a.dice}`);
    $("d-final").textContent = `mean final damage ${a.mean_final.toFixed(3)} (from ${a.min} to ${a.max}, exact)`;
    $("d-trace").innerHTML = "";
    $("d-chart").innerHTML = chart;
  } else {
    $("d-final").textContent = `final damage: ${a.final} (${a.original} − ${a.mitigated} + ${a.added})`;
    $("d-chart").innerHTML = "";
    $("d-trace").innerHTML = a.trace.map((s) => `<li><span class="rule">[${escapeHtml(s.id)}]</span> ${escapeHtml(s.text)}</li>`).join("");
  }
}

// ---- odds ----
async function runOdds() {
  save();
  const check = await ask("check", {
    rung: $("o-rung").value.trim(),
    bonus: Number($("o-bonus").value || 0),
    penalty: Number($("o-penalty").value || 0),
  });
  showWarnings("o-check-error", check.warnings);
  if (check.ok) {
    showError("o-check-error", null);
    const a = check.json;
    $("o-check").textContent = `${a.check}: P(success) ${(a.p_success * 100).toFixed(2)}%, mean degree ${a.mean_degree.toFixed(3)} (exact)`;
    const rows = a.distribution.filter((d) => d.p >= 1e-4).map((d) => ({ label: (d.success ? "S" : "F") + d.degree, p: d.p, cls: d.success ? "bar" : "bar fail" }));
    $("o-chart").innerHTML = bars(rows, "degrees of success (S) and failure (F)");
  } else {
    showError("o-check-error", check.json);
    $("o-check").textContent = "";
    $("o-chart").innerHTML = "";
  }
  const tohit = await ask("tohit", {
    attacker_bonus: Number($("o-att").value || 0),
    defender_bonus: Number($("o-def").value || 0),
    attacker_luck: Number($("o-luck").value || 0),
  });
  showWarnings("o-tohit-error", tohit.warnings);
  if (tohit.ok) {
    showError("o-tohit-error", null);
    const a = tohit.json;
    const p = a.p_hit ?? Object.values(a)[0].p_hit;
    $("o-tohit").textContent = `to-hit: ${(p * 100).toFixed(2)}% (exact, averaged over Luck)`;
  } else {
    showError("o-tohit-error", tohit.json);
    $("o-tohit").textContent = "";
  }
}

// ---- long runs: battle and sweep, streamed ----
// What a report frame shows when there is no report to show.
function reportHint(words) {
  return `<!doctype html><p style="font:15px sans-serif;color:#555;margin:2em">${escapeHtml(words)}</p>`;
}

// After the error box `errorId`, the caps of the server that refused a run (its
// `GET api/status`), which a run in this browser does not have; or nothing.
async function showCaps(errorId, caps) {
  const id = errorId.replace(/-error$/, "-caps");
  let el = $(id);
  if (!el && !caps) return;
  if (!el) {
    el = document.createElement("p");
    el.className = "note";
    el.id = id;
    $(errorId).insertAdjacentElement("afterend", el);
  }
  el.hidden = !caps;
  if (!caps) return;
  const { browser } = await fray.backends();
  const limits = `at most ${caps.max_trials} battles, ${caps.max_points} sweep points, ${caps.max_steps} steps and ${caps.max_answer} bytes of answer a request, and ${caps.max_body} bytes of request`;
  el.textContent = browser
    ? `This run is large, so the page sent it to fray serve, and the server's caps refused it: ${limits}. A long run in this browser has none of these caps: this page opened from disk (fray.html) runs it here, with progress and a cancel.`
    : `fray serve runs everything for this page, and its caps refused this run: ${limits}.`;
}

// `onStop(words)` is told when a run ends without an answer (refused, failed, cancelled),
// so that no earlier answer stays on show as if it were this run's.
function longRun(prefix, command, body, unit, onAnswer, onStop = () => {}) {
  const controller = new AbortController();
  const run = $(prefix + "-run"), cancel = $(prefix + "-cancel"), progress = $(prefix + "-progress"), status = $(prefix + "-status");
  run.disabled = true;
  cancel.disabled = false;
  progress.value = 0;
  status.textContent = "starting…";
  showError(prefix + "-error", null);
  showWarnings(prefix + "-error", []);
  showCaps(prefix + "-error", null);
  cancel.onclick = () => controller.abort();
  // A run whose planned work is only a cap (`{unit, capped: true}`: a roster's fit stops
  // once its costs are known) shows what it has done, not a share of the cap.
  const capped = typeof unit === "object" && unit.capped;
  if (typeof unit === "object") unit = unit.unit;
  const onProgress = (done, planned) => {
    if (capped) {
      progress.removeAttribute("value");
      status.textContent = `${done} ${unit} played (of ${planned} at most)`;
      return;
    }
    progress.max = planned || 1;
    progress.value = done;
    status.textContent = `${done} / ${planned} ${unit}`;
  };
  (async () => {
    try {
      const outcome = await fray.run(command, body, { progress: onProgress, signal: controller.signal });
      progress.max = 1;
      progress.value = 1;
      status.textContent = outcome.on === "server" ? "done (on the server)" : "done (in this browser)";
      // Cancelled part-way, a run that keeps its finished work answers all the same.
      if (outcome.answer && outcome.answer.complete === false) status.textContent = "cancelled: what finished is shown";
      showWarnings(prefix + "-error", outcome.warnings);
      onAnswer(outcome);
    } catch (e) {
      if (e.refusal) {
        showError(prefix + "-error", e.refusal);
        showWarnings(prefix + "-error", e.refusal.warnings);
        const capped = e.on === "server" && (e.status === 422 || e.status === 413);
        status.textContent = capped ? "refused by the server's caps" : "refused";
        if (capped) showCaps(prefix + "-error", await fray.serverStatus().catch(() => null));
        onStop("No report: the run was refused (see the message above).");
      } else if (controller.signal.aborted) {
        status.textContent = "cancelled";
        onStop("No report: the run was cancelled.");
      } else {
        status.textContent = "failed: " + (e.message || e);
        onStop("No report: the run failed.");
      }
    } finally {
      run.disabled = false;
      cancel.disabled = true;
    }
  })();
}

async function loadExamples() {
  const list = await fray.examples();
  for (const sel of [$("b-example"), $("s-example")]) {
    sel.innerHTML = list.map((e) => `<option value="${escapeHtml(e.name)}">${escapeHtml(e.name)}: ${escapeHtml(e.about)}</option>`).join("");
  }
  for (const e of list) exampleTexts[e.name] = e.text;
  $("s-example").value = "duel";
  defaults.set($("b-example"), list[0].name);
  defaults.set($("s-example"), "duel");
}
function runBattle() {
  save();
  const body = {};
  const name = $("b-example").value, text = $("b-scenario").value;
  if (text && text !== exampleTexts[name]) body.scenario = text;
  else body.example = name;
  if ($("b-trials").value) body.trials = whole($("b-trials"));
  if ($("b-seed").value) body.seed = whole($("b-seed"));
  $("b-report").srcdoc = reportHint("Running…");
  longRun(
    "b",
    "battle",
    body,
    "battles",
    (outcome) => {
      $("b-report").srcdoc = outcome.html;
    },
    (words) => {
      $("b-report").srcdoc = reportHint(words);
    },
  );
}
function axis(text) {
  const at = text.indexOf("=");
  return at < 0 ? { path: text.trim(), values: "" } : { path: text.slice(0, at).trim(), values: text.slice(at + 1).trim() };
}

// ---- sweep: what may be varied, and the balance point ----
// The paths the scenario (or the odds system) offers, from `fray sweep-paths`, into the
// Vary and Find lists; returns them, the most likely first. The list says whose they are
// (`data-paths`) once it is filled.
let pathsAsked = 0;
async function sweepPaths() {
  const kind = $("s-kind").value, example = $("s-example").value;
  const asked = ++pathsAsked;
  const r = await ask("sweep-paths", kind === "battle" ? { example } : { odds: kind });
  if (asked !== pathsAsked) return null; // a later choice is being answered
  const paths = r.ok ? r.json.paths : [];
  const list = $("s-paths");
  list.innerHTML = paths
    .map((p) => `<option value="${escapeHtml(p.path + "=" + p.range)}">${p.value === undefined ? "" : "now " + escapeHtml(p.value)}</option>`)
    .join("");
  list.dataset.paths = kind === "battle" ? example : kind;
  return paths;
}
// Shows only the fields the kind of sweep takes: a scenario, trials and a balance point
// for battles; fixed inputs for odds.
function showSweepFields() {
  const battle = $("s-kind").value === "battle";
  for (const el of document.querySelectorAll("#sweep [data-for]")) el.hidden = (el.dataset.for === "battle") !== battle;
}
// Another scenario or kind was chosen: its own paths, and Vary reset to the first of
// them (unless typed in meanwhile); what named the old one's fields is cleared.
async function sweepChosen(kindChanged) {
  showSweepFields();
  const before = $("s-vary1").value;
  $("s-vary2").value = "";
  $("s-find").value = "";
  if (kindChanged) $("s-set").value = "";
  const paths = await sweepPaths();
  if (paths && $("s-vary1").value === before) $("s-vary1").value = paths.length ? paths[0].path + "=" + paths[0].range : "";
  save();
}
// The balance point found (or why none was), in sentences: where the search looked,
// and on a whole-number field the two whole values around it.
function foundText(a) {
  if (a.find_failed) return "No balance point: " + a.find_failed;
  const f = a.find;
  if (!f) return "";
  const value = Number(f.value.toFixed(3)), number = (x) => Number(x.toPrecision(6));
  const basis = f.exact ? "exact answers" : "sampled answers; the range is where the 95% intervals leave the crossing";
  const chance = (e) => percent(e.p) + (e.exact ? " (exact)" : ` (95% interval ${percent(e.low)} to ${percent(e.high)})`);
  let text = `Balance point: ${f.side} wins ${percent(f.target)} at ${f.path} = ${value}, between ${number(f.low)} and ${number(f.high)} (${basis}; ${f.evaluations.length} values tried).`;
  if (f.start !== undefined) text += ` Searched outward from the scenario's value ${f.start}, over ${f.from} to ${f.to}.`;
  if (f.whole_values) {
    const [below, above] = f.whole_values;
    text += ` Whole values: at ${below.value}, ${f.side} wins ${chance(below)}; at ${above.value}, ${chance(above)}.`;
  }
  if (f.complete === false) text += " Interrupted: the range is where the search stood.";
  return text;
}
function showFound(text) {
  $("s-found").textContent = text;
  $("s-found").hidden = !text;
}
function runSweep() {
  save();
  const kind = $("s-kind").value;
  const vary = [$("s-vary1").value, $("s-vary2").value].filter((v) => v.trim()).map(axis);
  const body = { vary };
  if (kind === "battle") {
    body.example = $("s-example").value;
    if ($("s-trials").value) body.trials = whole($("s-trials"));
    const find = $("s-find").value.trim();
    if (find) {
      const f = axis(find);
      body.find = { path: f.path, target: Number($("s-target").value || 0.5), side: $("s-side").value };
      if (f.values) body.find.values = f.values;
    }
  } else {
    body.odds = kind;
    body.set = $("s-set").value.split("\n").map((s) => s.trim()).filter(Boolean);
  }
  showFound("");
  $("s-report").srcdoc = reportHint("Running…");
  longRun(
    "s",
    "sweep",
    body,
    "points",
    (outcome) => {
      showFound(foundText(outcome.answer));
      $("s-report").srcdoc = outcome.html;
    },
    (words) => {
      $("s-report").srcdoc = reportHint(words);
    },
  );
}

// ---- roster: each unit's fair cost ----
async function loadRosters() {
  // Without the bundled rosters the tab still prices a pasted one.
  const list = await fray.rosterExamples().catch(() => []);
  if (!list.length) return;
  $("r-example").innerHTML = list.map((e) => `<option value="${escapeHtml(e.name)}">${escapeHtml(e.about)}</option>`).join("");
  for (const e of list) rosterTexts[e.name] = e.text;
  defaults.set($("r-example"), list[0].name);
}
// The fitted costs in a sentence: each unit's fair cost and its interval, or why it has
// none; and whether the costs reached the precision asked.
function costsText(a) {
  const n = (x) => Number(x.toPrecision(3));
  const units = a.units.map((u) => {
    if (u.uneven) return `${u.name} ${u.uneven}`;
    if (u.name === a.reference) return `${u.name} ${n(u.fitted)} (kept)`;
    return u.low === u.high ? `${u.name} ${n(u.fitted)}` : `${u.name} ${n(u.fitted)} (${n(u.low)} to ${n(u.high)})`;
  });
  let text = `Fair costs (${a.fair}${a.exact ? ", exact" : ", 95% intervals"}): ${units.join(", ")}.`;
  text += a.exact ? ` ${a.battles} battles` : ` ${a.battles} battles in ${a.rounds} round${a.rounds === 1 ? "" : "s"}`;
  if (!a.complete) text += "; interrupted, so these are where the fit stood";
  else if (!a.reached) text += `; not every cost is known to ${percent(a.precision)}`;
  return text + ".";
}
function showCosts(text) {
  $("r-costs").textContent = text;
  $("r-costs").hidden = !text;
}
function runRoster() {
  save();
  const body = {};
  const name = $("r-example").value, text = $("r-roster").value;
  if (text && text !== rosterTexts[name]) body.roster = text;
  else body.example = name;
  const fair = $("r-fair").value, unit = $("r-unit").value.trim();
  body.fair = fair;
  if (unit) body[fair === "against" ? "against" : "reference"] = unit;
  if ($("r-precision").value) body.precision = Number($("r-precision").value);
  if ($("r-max").value) body.max_battles = whole($("r-max"));
  if ($("r-trials").value) body.trials = whole($("r-trials"));
  if ($("r-seed").value) body.seed = whole($("r-seed"));
  // The search for the mixed armies that beat the field, at the costs chosen.
  if ($("r-armies").value) {
    body.armies = true;
    body.at = $("r-armies").value;
  }
  showCosts("");
  $("r-report").srcdoc = reportHint("Pricing…");
  longRun(
    "r",
    "roster",
    body,
    { unit: "battles", capped: true },
    (outcome) => {
      showCosts(costsText(outcome.answer));
      $("r-report").srcdoc = outcome.html;
    },
    (words) => {
      $("r-report").srcdoc = reportHint(words);
    },
  );
}

// ---- design check: each redesign against the rules it replaces ----
async function runDesign() {
  save();
  $("g-status").textContent = "working…";
  try {
    const outcome = await fray.run("design-check", { text: $("g-text").value });
    showError("g-error", null);
    $("g-status").textContent = `${outcome.answer.goals.length} goals`;
    $("g-report").srcdoc = outcome.html;
  } catch (e) {
    showError("g-error", e.refusal || { error: String(e.message || e) });
    $("g-status").textContent = "";
    $("g-report").srcdoc = reportHint("No report (see the message above).");
  }
}

// ---- any command: a form built from its request's JSON Schema ----
// Every command of the table, those without a tab of their own among them: the form's
// fields are the request's, the answer the command's `--json`.
let commandTable = [];
function schemaNode(node, root) {
  if (node && node.$ref) node = root.$defs[node.$ref.replace("#/$defs/", "")] || node;
  const some = node && node.anyOf && node.anyOf.find((a) => a.type !== "null");
  return some ? schemaNode(some, root) : node || {};
}
function typeOf(node) {
  return Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
}
function commandForm() {
  const entry = commandTable.find((c) => c.name === $("c-name").value) || commandTable[0];
  if (!entry) return;
  $("c-summary").textContent = entry.summary;
  const root = entry.request || {}, box = $("c-fields");
  box.textContent = "";
  for (const [field, property] of Object.entries(root.properties || {})) {
    const node = schemaNode(property, root), type = typeOf(node);
    const items = type === "array" ? schemaNode(node.items, root) : null;
    const choices = (node.oneOf || []).map((a) => a.const).filter((c) => typeof c === "string");
    let input;
    if (type === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
    } else if (choices.length) {
      input = document.createElement("select");
      input.add(new Option("(default)", ""));
      for (const c of choices) input.add(new Option(c, c));
    } else if (entry.files.includes(field) || !type || type === "object" || (items && typeOf(items) !== "string" && typeOf(items) !== "number" && typeOf(items) !== "integer")) {
      input = document.createElement("textarea");
      input.rows = entry.files.includes(field) ? 8 : 3;
      input.spellcheck = false;
    } else {
      input = document.createElement("input");
      if (type === "integer" || type === "number") input.type = "number";
    }
    const shown = property.default;
    if (shown !== undefined && shown !== null && typeof shown !== "object" && input.type !== "checkbox") input.placeholder = String(shown);
    input.dataset.field = field;
    input.dataset.type = type || "json";
    input.dataset.items = items ? typeOf(items) || "json" : "";
    const label = document.createElement("label");
    label.title = (property.description || node.description || "").replace(/\s+/g, " ");
    label.append(field + " ", input);
    box.append(label);
  }
}
// The form's request: only the fields filled in (the others keep the request's defaults);
// a list is written comma-separated, an object or a list of objects as JSON.
function commandRequest() {
  const request = {};
  for (const input of $("c-fields").querySelectorAll("[data-field]")) {
    const { field, type, items } = input.dataset, text = input.value.trim();
    if (input.type === "checkbox") {
      if (input.checked) request[field] = true;
    } else if (!text) {
      continue;
    } else if (type === "integer") {
      request[field] = whole(input);
    } else if (type === "number") {
      request[field] = Number(text);
    } else if (type === "array" && (items === "string" || items === "integer" || items === "number")) {
      request[field] = text.split(",").map((t) => (items === "string" ? t.trim() : Number(t)));
    } else if (type === "string") {
      request[field] = text;
    } else {
      try { request[field] = JSON.parse(text); } catch { request[field] = text; }
    }
  }
  return request;
}
async function runCommand() {
  save();
  $("c-status").textContent = "working…";
  try {
    const outcome = await fray.run($("c-name").value, commandRequest(), { pages: false });
    showError("c-error", null);
    showWarnings("c-error", outcome.warnings);
    $("c-status").textContent = "done";
    $("c-answer").textContent = outcome.text;
  } catch (e) {
    showError("c-error", e.refusal || { error: String(e.message || e) });
    $("c-status").textContent = "refused";
    $("c-answer").textContent = "";
  }
}
async function loadCommands() {
  commandTable = await fray.commands();
  const select = $("c-name"), chosen = select.value;
  for (const c of commandTable) select.add(new Option(c.name, c.name));
  if (chosen) select.value = chosen;
  commandForm();
}

// The inputs from the URL, and the scenario: the link's own text, or its example's.
// The sweep's paths are the restored scenario's; a link that names another scenario
// but no Vary gets that scenario's first path.
async function restoreAll() {
  const p = restore();
  restoring = true;
  $("b-scenario").value = p.get("b.scenario") || exampleTexts[$("b-example").value] || "";
  $("r-roster").value = p.get("r.roster") || rosterTexts[$("r-example").value] || "";
  restoring = false;
  showSweepFields();
  commandForm();
  const paths = await sweepPaths();
  if (paths && paths.length && !p.has("s.vary1")) $("s-vary1").value = paths[0].path + "=" + paths[0].range;
}

// Where the answers are worked out, in the footer: this page's back ends.
async function showWhere() {
  const { browser, server } = await fray.backends();
  $("where").innerHTML = browser && server
    ? ": compiled to WebAssembly and run in this browser, and large runs on the server by <code>fray serve</code>"
    : browser
      ? ": compiled to WebAssembly and run in this browser (no server is behind this page)"
      : ": run on the server by <code>fray serve</code> (it has no WebAssembly build for this browser)";
}

// ---- wiring ----
async function main() {
  try {
    await fray.ready;
  } catch (e) {
    document.querySelector("main").insertAdjacentHTML("afterbegin", `<pre class="error">${escapeHtml(e.message)}</pre>`);
    return;
  }
  await showWhere();
  for (const b of document.querySelectorAll("#tabs button")) b.onclick = () => showTab(b.dataset.tab);
  $("share").onclick = async () => {
    save();
    try { await navigator.clipboard.writeText(location.href); $("share").textContent = "Link copied"; } catch { $("share").textContent = "Link in the address bar"; }
  };
  const damage = debounce(runDamage, 200), odds = debounce(runOdds, 200);
  for (const el of document.querySelectorAll("#damage [data-key]")) el.addEventListener("input", damage);
  for (const el of document.querySelectorAll("#odds [data-key]")) el.addEventListener("input", odds);
  for (const el of document.querySelectorAll("#battle [data-key], #sweep [data-key], #roster [data-key]")) el.addEventListener("input", saveSoon);
  $("b-scenario").addEventListener("input", saveSoon);
  $("r-roster").addEventListener("input", saveSoon);
  $("r-example").addEventListener("change", () => { $("r-roster").value = rosterTexts[$("r-example").value] || ""; save(); });
  $("r-fair").addEventListener("change", () => {
    $("r-unit").placeholder = $("r-fair").value === "against" ? "the unit each is balanced against" : "(mean: the first keeps its cost)";
  });
  $("r-run").onclick = runRoster;
  $("b-example").addEventListener("change", () => { $("b-scenario").value = exampleTexts[$("b-example").value] || ""; save(); });
  $("b-run").onclick = runBattle;
  $("s-run").onclick = runSweep;
  $("g-run").onclick = runDesign;
  $("c-run").onclick = runCommand;
  $("c-name").addEventListener("change", () => { commandForm(); save(); });
  $("s-kind").addEventListener("change", () => sweepChosen(true));
  $("s-example").addEventListener("change", () => sweepChosen(false));
  await Promise.all([loadExamples(), loadRosters(), loadCommands()]);
  await restoreAll();
  window.addEventListener("hashchange", async () => { await restoreAll(); runDamage(); runOdds(); });
  await Promise.all([runDamage(), runOdds()]);
  document.body.dataset.ready = "1";
}
main();

// fray in the page: `window.fray`, the command table called from any script.
//
//   const answer = await fray.call("check", { rung: "3/6", bonus: 1 });
//   const run = await fray.run("battle", { example: "pool", seed: 7 },
//                              { progress: (done, planned) => ..., signal });
//   run.text     // exactly what `fray battle --json` prints
//   run.html     // the report page (battle, sweep, design-check, roster)
//
// Numbers: an answer's whole numbers past Number.MAX_SAFE_INTEGER (a seed is any u64)
// are BigInts, so that none is rounded, and a BigInt in a request is sent as its digits;
// `run.text` is the answer exactly as fray wrote it (see `parse` below).
//
// A refusal rejects with a FrayRefusal (an Error whose `refusal` is the JSON every front
// end gives: error, line, column, width, source, hint, warnings).
//
// Where it runs: fray compiled to WebAssembly, in a Web Worker (one for quick answers,
// one of its own for each long run, ended to cancel it). When the page is served by
// `fray serve`, a long run whose cost is large goes to the server instead (the rule is
// `fray.large` below and docs/playground.md); without the WebAssembly, everything
// does. The answer is the same either way.
"use strict";

(() => {
  // ---- inside a Worker: one WebAssembly instance of fray ----
  // This function's text is the Worker's script (a Worker from a blob, so that a page
  // opened from file:// can start one).
  function workerMain() {
    const encoder = new TextEncoder(), decoder = new TextDecoder();
    let module = null, exports = null, current = null, stderr = "";
    const memory = () => new DataView(exports.memory.buffer);
    const bytes = (ptr, len) => new Uint8Array(exports.memory.buffer, ptr, len);
    // The WASI functions Rust's standard library imports: no files, no environment,
    // standard error kept for a panic's message, randomness and the time from the
    // browser.
    const EBADF = 8, ENOSYS = 52;
    const wasi = {
      random_get(ptr, len) {
        for (let at = 0; at < len; at += 65536) crypto.getRandomValues(bytes(ptr + at, Math.min(65536, len - at)));
        return 0;
      },
      environ_sizes_get(count, size) {
        memory().setUint32(count, 0, true);
        memory().setUint32(size, 0, true);
        return 0;
      },
      environ_get: () => 0,
      // The time, in nanoseconds: the linear programs' solver (microlp) reads a clock
      // for its time limit, which fray never sets, so no answer depends on it.
      clock_time_get(id, precision, ptr) {
        const ms = id === 0 ? Date.now() : performance.now();
        memory().setBigUint64(ptr, BigInt(Math.round(ms * 1e6)), true);
        return 0;
      },
      fd_write(fd, iovs, n, written) {
        let total = 0;
        for (let i = 0; i < n; i++) {
          const ptr = memory().getUint32(iovs + 8 * i, true), len = memory().getUint32(iovs + 8 * i + 4, true);
          if (fd === 2) stderr += decoder.decode(bytes(ptr, len));
          total += len;
        }
        memory().setUint32(written, total, true);
        return 0;
      },
      fd_close: () => EBADF,
      fd_fdstat_get: () => EBADF,
      fd_prestat_get: () => EBADF,
      fd_prestat_dir_name: () => EBADF,
      path_open: () => ENOSYS,
      proc_exit(code) {
        throw new Error(`fray stopped (exit code ${code})`);
      },
      sched_yield: () => 0,
    };
    const imports = {
      wasi_snapshot_preview1: wasi,
      fray: { progress: (done) => postMessage({ id: current, progress: offset + done }) },
    };
    // A sweep in the browser is played in chunks of points: between two, a `stop`
    // message can come in, and the points finished are kept (as the CLI keeps them on
    // Ctrl-C). `offset` is the points done before the chunk under way.
    let offset = 0, stopping = false;
    const start = () => {
      exports = new WebAssembly.Instance(module, imports).exports;
    };
    // Copies `text` into the instance; returns [ptr, len].
    const put = (text) => {
      const b = encoder.encode(text);
      const ptr = exports.fray_alloc(b.length);
      bytes(ptr, b.length).set(b);
      return [ptr, b.length];
    };
    const outcome = (len) => decoder.decode(bytes(exports.fray_outcome(), len));
    function perform(m) {
      switch (m.op) {
        case "commands":
          return outcome(exports.fray_commands());
        case "call":
        case "cost": {
          const [n, nl] = put(m.command), [r, rl] = put(m.request);
          try {
            return outcome(m.op === "call" ? exports.fray_call(n, nl, r, rl, m.pages ? 1 : 0) : exports.fray_cost(n, nl, r, rl));
          } finally {
            exports.fray_free(n, nl);
            exports.fray_free(r, rl);
          }
        }
        default:
          throw new Error("no operation " + m.op);
      }
    }
    // A battle sweep chunk by chunk (about 50 chunks), then merged: the whole sweep's
    // envelope, or, stopped, one with the points finished and `complete: false`. Any
    // other sweep (an odds sweep, a refused request) is one call.
    async function sweep(m) {
      const [r, rl] = put(m.request);
      try {
        const plan = JSON.parse(outcome(exports.fray_sweep_plan(r, rl)));
        if (plan.refusal) return perform({ ...m, op: "call", command: "sweep" });
        const size = Math.max(1, Math.ceil(plan.points / 50)), chunks = [];
        for (offset = 0; offset < plan.points && !stopping; offset += size) {
          const out = JSON.parse(outcome(exports.fray_sweep_points(r, rl, offset, Math.min(plan.points, offset + size))));
          if (out.refusal) return JSON.stringify(out);
          chunks.push(out.chunk);
          await new Promise((next) => setTimeout(next, 0)); // a stop message gets in here
        }
        const [c, cl] = put(JSON.stringify(chunks));
        try {
          return outcome(exports.fray_sweep_merged(r, rl, c, cl, m.pages ? 1 : 0));
        } finally {
          exports.fray_free(c, cl);
        }
      } finally {
        exports.fray_free(r, rl);
        offset = 0;
      }
    }
    onmessage = async (e) => {
      const m = e.data;
      if (m.module) {
        module = m.module;
        start();
        return;
      }
      if (m.stop) {
        stopping = true;
        return;
      }
      current = m.id;
      stderr = "";
      try {
        postMessage({ id: m.id, outcome: m.op === "sweep" ? await sweep(m) : perform(m) });
      } catch (err) {
        // A trap (a panic inside fray): report it, and start a fresh instance, since
        // the old one's memory may be half-written.
        postMessage({ id: m.id, failed: (stderr.trim() || String(err)) });
        start();
      }
    };
  }

  // ---- on the page ----
  // Where this script came from (the page's own address when it is inlined).
  const here = document.currentScript?.src || location.href;

  /** A request fray refused: `refusal` is its JSON (error, line, column, ...). */
  class FrayRefusal extends Error {
    constructor(refusal) {
      super(refusal.error);
      this.name = "FrayRefusal";
      this.refusal = refusal;
      Object.assign(this, refusal);
    }
  }

  // The WebAssembly: inlined in the single-file build, beside the page otherwise.
  async function loadModule() {
    const inline = document.getElementById("fray-wasm");
    let bytes;
    if (inline) {
      const raw = Uint8Array.from(atob(inline.textContent.trim()), (c) => c.charCodeAt(0));
      const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = await new Response(stream).arrayBuffer();
    } else {
      if (location.protocol === "file:") return null; // a page from disk fetches nothing
      const r = await fetch(new URL("fray.wasm", here));
      if (!r.ok) return null;
      bytes = await r.arrayBuffer();
    }
    return WebAssembly.compile(bytes);
  }

  // `fray serve` behind the page, or none (a file, a static host).
  async function findServer() {
    if (!location.protocol.startsWith("http")) return null;
    try {
      const r = await fetch(new URL("api/status", here));
      const status = r.ok && (r.headers.get("content-type") || "").includes("json") ? await r.json() : null;
      return status && typeof status.max_runs === "number" ? status : null;
    } catch {
      return null;
    }
  }

  const workerUrl = URL.createObjectURL(new Blob([`(${workerMain})()`], { type: "text/javascript" }));
  let module = null, server = null, table = null, nextId = 1;

  // A Worker with its own instance, answering messages by id.
  class Runner {
    constructor() {
      this.worker = new Worker(workerUrl);
      this.worker.postMessage({ module });
      this.waiting = new Map();
      this.worker.onmessage = (e) => {
        const m = e.data, w = this.waiting.get(m.id);
        if (!w) return;
        if (m.progress !== undefined) return w.progress && w.progress(m.progress);
        this.waiting.delete(m.id);
        if (m.failed !== undefined) w.reject(new Error("fray failed inside: " + m.failed));
        else w.resolve(m.outcome);
      };
      // A Worker that cannot start (its WebAssembly refused, memory refused) ends every
      // call it holds rather than leaving them waiting; the next quick call starts another.
      this.worker.onerror = (e) => {
        e.preventDefault();
        if (this === quick) quick = null;
        this.end(new Error("fray's worker failed: " + (e.message || "it could not start")));
      };
    }
    ask(message, progress) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        this.waiting.set(id, { resolve, reject, progress });
        this.worker.postMessage({ ...message, id });
      });
    }
    end(why) {
      this.worker.terminate();
      for (const w of this.waiting.values()) w.reject(why);
      this.waiting.clear();
    }
  }
  let quick = null;
  const longRuns = new Set(); // the Runners of long runs under way
  const quickRunner = () => (quick ||= new Runner());
  const envelope = async (message) => JSON.parse(await quickRunner().ask(message));

  const ready = (async () => {
    let why = null;
    const loaded = loadModule().catch((e) => ((why = e), null));
    [module, server] = await Promise.all([loaded, findServer()]);
    if (module) {
      try {
        table = await envelope({ op: "commands" });
      } catch (e) {
        // The WebAssembly compiled but would not run here: the server, if there is one.
        module = null;
        why = e;
      }
    }
    if (!module && server) {
      // Which commands are long runs (streamed, with a report page): the server's table.
      const r = await fetch(new URL("api/commands", here));
      if (!r.ok) throw new Error(`fray's server gives no command table (GET api/commands: ${r.status})`);
      table = await r.json();
    }
    if (!module && !server) {
      const fromDisk = location.protocol === "file:" && !why;
      throw new Error(
        fromDisk
          ? "fray cannot load its WebAssembly from disk beside this page: open fray.html (the single file), or serve this folder"
          : `fray has neither its WebAssembly (${why ? why.message : "fray.wasm is missing"}) nor a server here`,
      );
    }
  })();

  function cancelled() {
    const e = new Error("cancelled");
    e.name = "AbortError";
    return e;
  }

  // ---- JSON without losing a digit ----
  // fray's whole numbers are 64-bit (a seed is any u64): past Number.MAX_SAFE_INTEGER
  // (2^53 - 1) a JavaScript number rounds them. So every answer is read with `parse`:
  // a whole number beyond Number.MAX_SAFE_INTEGER becomes a BigInt (typeof "bigint";
  // String(n) gives its digits), every other number a Number as JSON.parse gives it.
  // Every request is written with `stringify`, which writes a BigInt as its digits: a
  // seed read from an answer, or typed, is sent as the same seed. `run.text` keeps the
  // answer's text as fray wrote it.
  const sourceText = (() => {
    let given = false;
    JSON.parse("1", (key, value, context) => ((given = context?.source === "1"), value));
    return given;
  })();
  function exact(digits) {
    const n = Number(digits);
    return Number.isSafeInteger(n) || !/^-?\d+$/.test(digits) ? n : BigInt(digits);
  }
  function parse(text) {
    if (!/\d{16}/.test(text)) return JSON.parse(text); // no number past 2^53 in it
    if (sourceText) return JSON.parse(text, (key, value, context) => (typeof value === "number" ? exact(context.source) : value));
    JSON.parse(text); // refuses what is not JSON, as JSON.parse does
    return parseExactly(text);
  }
  // JSON.parse for a browser whose reviver is not given the source text: the same values,
  // with `exact` numbers. `text` is known to be JSON.
  function parseExactly(text) {
    const token = /\s*(?:("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([[\]{},:]))/y;
    let t = null;
    const next = () => (t = token.exec(text));
    const closes = (mark) => {
      const at = token.lastIndex;
      if (next()[4] === mark) return true;
      token.lastIndex = at;
      return false;
    };
    function value() {
      const [, string, number, word, mark] = next();
      if (string !== undefined) return JSON.parse(string);
      if (number !== undefined) return exact(number);
      if (word !== undefined) return JSON.parse(word);
      if (mark === "[") {
        const list = [];
        if (closes("]")) return list;
        do list.push(value());
        while (next()[4] === ",");
        return list;
      }
      const object = {};
      if (closes("}")) return object;
      do {
        const key = JSON.parse(next()[1]);
        next(); // the colon
        Object.defineProperty(object, key, { value: value(), enumerable: true, writable: true, configurable: true });
      } while (next()[4] === ",");
      return object;
    }
    return value();
  }
  function stringify(request) {
    if (JSON.rawJSON) return JSON.stringify(request, (key, value) => (typeof value === "bigint" ? JSON.rawJSON(String(value)) : value));
    const mark = `\u0000${String(Math.random()).slice(2)}:`;
    const text = JSON.stringify(request, (key, value) => (typeof value === "bigint" ? mark + value : value));
    return text.replace(new RegExp(`"\\\\u0000${mark.slice(1, -1)}:(-?\\d+)"`, "g"), "$1");
  }

  // ---- the server's side of a call: the same JSON, over HTTP ----
  // The server's refusal, as a FrayRefusal that says where it came from: `on` "server",
  // and `status`, its HTTP status (422 past the server's caps, 413 a body past its cap).
  function serverRefusal(body, status) {
    const refusal = { ...body };
    delete refusal.status;
    const e = new FrayRefusal(refusal);
    e.on = "server";
    e.status = status;
    return e;
  }

  // A long run streams its progress and ends with its answer and report page; a quick
  // one answers at once, with its report page (the design check's) unless `pages` is false.
  async function serverRun(command, request, { progress, signal, pages }) {
    const long = table.find((c) => c.name === command)?.span === "long";
    const query = long ? "?stream=true&text=true" : pages === false ? "" : "?pages=true";
    const url = new URL(`api/${encodeURIComponent(command)}${query}`, here);
    // A sweep, once under way, is stopped rather than dropped: the server answers the
    // points it finished (as the command line keeps them on Ctrl-C, and as a sweep in
    // this browser does). Until it is under way, and if it has not answered a few
    // seconds after the stop, the request is dropped; so is any other long run.
    const keeps = long && command === "sweep";
    const leave = new AbortController();
    const dropped = () => leave.abort();
    if (signal) signal.addEventListener("abort", dropped, { once: true });
    let r;
    try {
      r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: stringify(request), signal: keeps ? leave.signal : signal });
    } finally {
      if (signal) signal.removeEventListener("abort", dropped);
    }
    const warnings = JSON.parse(r.headers.get("fray-warnings") || "[]");
    if (!r.ok) throw serverRefusal(await r.json(), r.status);
    const id = r.headers.get("fray-run");
    let stopTimer = null;
    const stopRun = () => {
      fetch(new URL(`api/runs/${id}/stop`, here), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).catch(() => {});
      stopTimer = setTimeout(dropped, 5000);
    };
    if (keeps && signal) {
      if (signal.aborted) stopRun();
      else signal.addEventListener("abort", stopRun, { once: true });
    }
    if (!long) {
      const body = await r.text();
      const { text, html, charts } = query ? JSON.parse(body) : { text: body };
      return { answer: parse(text), text, html, charts, warnings, notes: [], on: "server" };
    }
    let last = null;
    const reader = r.body.getReader(), decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      let read;
      try {
        read = await reader.read();
      } catch (e) {
        if (signal && signal.aborted) throw cancelled();
        throw e;
      } finally {
        if (read && read.done) {
          clearTimeout(stopTimer);
          if (signal) signal.removeEventListener("abort", stopRun);
        }
      }
      const { done, value } = read;
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (line.progress) progress && progress(line.progress.done, line.progress.planned);
        else if (line.error) {
          reader.cancel();
          throw serverRefusal(line, line.status);
        } else last = line;
      }
    }
    if (!last) throw new Error("the server's run ended without an answer");
    return { answer: parse(last.text), text: last.text, html: last.html, charts: last.charts, warnings, notes: [], on: "server" };
  }

  // ---- the browser's side: the WebAssembly in a Worker ----
  async function browserRun(command, request, { progress, signal, pages }, cost) {
    const long = cost && cost.span === "long";
    const runner = long ? new Runner() : quickRunner();
    if (long) longRuns.add(runner);
    // A sweep is played in chunks, so that a cancel keeps the points finished: the
    // Worker is asked to stop after its chunk, and ended if it goes 10 seconds without
    // progress or an answer (its search, which comes after the points, cannot stop).
    const chunked = long && command === "sweep";
    const message = { op: chunked ? "sweep" : "call", command, request: stringify(request), pages: pages !== false };
    let stop = null, heard = Date.now();
    if (long && signal) {
      stop = chunked
        ? () => {
            runner.worker.postMessage({ stop: true });
            const quiet = () => (Date.now() - heard > 10000 ? runner.end(cancelled()) : setTimeout(quiet, 1000));
            heard = Date.now();
            setTimeout(quiet, 1000);
          }
        : () => runner.end(cancelled());
      signal.addEventListener("abort", stop, { once: true });
    }
    try {
      const planned = cost ? cost.cost.planned : 0;
      const out = JSON.parse(await runner.ask(message, (done) => {
        heard = Date.now();
        if (progress) progress(done, planned);
      }));
      if (out.refusal) throw new FrayRefusal(out.refusal);
      return { answer: parse(out.answer), text: out.answer, html: out.html, charts: out.charts, warnings: out.warnings, notes: out.notes, on: "browser" };
    } finally {
      if (stop) signal.removeEventListener("abort", stop);
      if (long) {
        runner.end(cancelled());
        longRuns.delete(runner);
      }
    }
  }

  const fray = {
    FrayRefusal,
    /** Resolves once fray can answer (its WebAssembly compiled, or its server found). */
    ready,
    /**
     * The rule for "large": a long run (battle, sweep) that plays more than
     * `large.battles` battles in all, or takes more than `large.steps` steps (fray's own
     * estimate of its work, `cost.steps`: a fighter in each round a battle may last, a distribution's
     * steps), goes to the server when there is one. Each is a few seconds of work in a
     * browser for the bundled battles (docs/playground.md).
     */
    large: { battles: 200_000, steps: 20_000_000 },
    /**
     * The bounds on a quick command (damage, odds, ...) in this browser: the caps
     * `fray serve` applies by default (`--max-steps`, `--max-answer`), checked on the
     * request's cost before any work. Past them a quick command goes to the server when
     * there is one, and is refused otherwise (a long run has progress and a cancel, and
     * no bound in the browser).
     */
    bounds: { steps: 100_000_000, answer_bytes: 16 * 1024 * 1024 },
    /** What a command would cost on a request, before any work (browser only). */
    async cost(command, request = {}) {
      await ready;
      if (!module) return null;
      const out = await envelope({ op: "cost", command, request: stringify(request) });
      if (out.refusal) throw new FrayRefusal(out.refusal);
      return out;
    },
    /** Where a call would run: "browser" or "server", by the rule above. */
    async where(command, request = {}) {
      return (await plan(command, request)).on;
    },
    /**
     * Runs a command: resolves {answer, text, html, charts, warnings, notes, on}.
     * Options: progress(done, planned), signal (an AbortSignal), on ("browser" or
     * "server", to choose), pages (false: no report page).
     */
    async run(command, request = {}, options = {}) {
      const { on, cost } = await plan(command, request, options.on);
      if (options.signal && options.signal.aborted) throw cancelled();
      return on === "server" ? serverRun(command, request, options) : browserRun(command, request, options, cost);
    },
    /**
     * JSON as fray writes it, read without losing a digit: a whole number past
     * Number.MAX_SAFE_INTEGER (a seed) as a BigInt, the rest as JSON.parse reads it.
     * Every answer (`run.answer`) is read so.
     */
    parse,
    /** A request as JSON, a BigInt written as its digits (JSON.stringify refuses one). */
    stringify,
    /** Runs a command and resolves its answer: the JSON `--json` prints, parsed (`fray.parse`). */
    async call(command, request = {}, options = {}) {
      return (await fray.run(command, request, options)).answer;
    },
    /** The bundled battle scenarios: [{command, name, about, text}] (`fray examples`). */
    async examples() {
      return (await fray.call("examples", { of: "battle" })).examples;
    },
    /** The bundled rosters (`fray roster`): [{command, name, about, text}]. */
    async rosterExamples() {
      return (await fray.call("examples", { of: "roster" })).examples;
    },
    /**
     * The command table: [{name, summary, span, files, request}] (the WebAssembly's, or
     * the server's), `request` each command's request JSON Schema.
     */
    async commands() {
      await ready;
      return table;
    },
    /** Long runs under way in this browser (each in a Worker of its own). */
    runs() {
      return longRuns.size;
    },
    /**
     * The server's caps and the runs under way on it (`GET api/status`: max_trials,
     * max_points, max_steps, max_answer, max_body, runs, max_runs), or null when there is
     * no server.
     */
    async serverStatus() {
      await ready;
      if (!server) return null;
      const r = await fetch(new URL("api/status", here));
      return r.ok ? r.json() : server;
    },
    /** Which back ends this page has. */
    async backends() {
      await ready;
      return { browser: !!module, server: !!server };
    },
  };

  // Why a quick request is past `fray.bounds` (in the words `fray serve` refuses it with),
  // or nothing.
  function overBounds(c) {
    const b = fray.bounds;
    if (c.steps > b.steps)
      return `this request would take about ${c.steps} steps (a distribution's steps, or a fighter in each round a battle may last): this browser takes at most ${b.steps} a request, as fray serve does by default (--max-steps); use fewer or smaller dice, fewer points, or fewer trials`;
    if (c.answer_bytes > b.answer_bytes)
      return `the answer would be about ${c.answer_bytes} bytes: this browser answers at most ${b.answer_bytes}, as fray serve does by default (--max-answer); use fewer or smaller dice, fewer points, or fewer combatants`;
    return null;
  }

  // Where a call runs, and a long run's cost when the browser could run it (a quick
  // command runs where it is asked to, the browser by default, unless it is past
  // `fray.bounds`).
  async function plan(command, request, forced) {
    await ready;
    if (forced === "server" || !module) {
      if (!server) throw new Error("this page has no server to run on");
      return { on: "server", cost: null };
    }
    const entry = table.find((c) => c.name === command);
    if (entry && entry.span === "quick") {
      // The one quick Worker has no progress and no cancel, and every quick answer waits
      // behind the one it works on: a request past fray serve's default caps goes to the
      // server, whose caps decide, or is refused here in the server's words. (A request
      // fray refuses is left to the call, which gives the refusal.)
      const cost = await fray.cost(command, request).catch(() => null);
      const over = cost && overBounds(cost.cost);
      if (!over) return { on: "browser", cost: null };
      if (server && forced !== "browser") return { on: "server", cost: null };
      throw new FrayRefusal({ error: over });
    }
    const cost = await fray.cost(command, request);
    const c = cost.cost;
    const large = server && cost.span === "long" && (c.battles > fray.large.battles || c.steps > fray.large.steps);
    return { on: forced === "browser" || !large ? "browser" : "server", cost };
  }

  window.fray = fray;
})();

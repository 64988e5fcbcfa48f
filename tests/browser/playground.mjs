// The playground in a real browser: each scenario of issue 18, asserting what a
// designer would see, checked against the API's own answers (never against numbers
// written here). Usage: node playground.mjs URL OUT_DIR (run.sh sets it up).
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(join(process.cwd(), "target/browser-node/"));
const { chromium } = require("playwright-core");
const [url, out] = process.argv.slice(2);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failed = 0;
async function scenario(name, body) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  try {
    await body(page);
    if (errors.length) throw new Error("script errors in the page: " + errors.join("; "));
    console.log(`ok   ${name}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.stack || e}`);
  } finally {
    await page.screenshot({ path: join(out, name + ".png"), fullPage: true }).catch(() => {});
    await context.close();
  }
}
function check(cond, what) {
  if (!cond) throw new Error(what);
}
async function api(path, body) {
  const r = await fetch(new URL(path, url), { method: "POST", body: JSON.stringify(body) });
  return { status: r.status, json: await r.json() };
}
async function ready(page, hash = "") {
  await page.goto(url + hash);
  await page.waitForSelector("body[data-ready='1']");
}

await scenario("damage-trace", async (page) => {
  await ready(page);
  await page.fill("#d-amount", "23");
  await page.fill("#d-types", "fire cold");
  await page.fill("#d-vs", "Resist 10 Fire\nVulnerable 5 Cold");
  const expected = (await api("/api/damage", { amount: "23", types: ["fire", "cold"], vs: "Resist 10 Fire\nVulnerable 5 Cold" })).json;
  await page.waitForFunction((f) => document.getElementById("d-final").textContent.startsWith(`final damage: ${f} `), expected.final);
  const steps = await page.locator("#d-trace li").allTextContents();
  check(steps.length === expected.trace.length, `${steps.length} trace steps shown, the API gives ${expected.trace.length}`);
  check(steps.every((s, i) => s.includes(expected.trace[i].text)), "the trace shown is not the API's");
  await page.screenshot({ path: join(out, "damage-trace-shown.png") });
  // A bad trait: the error names its line and points at the column.
  await page.fill("#d-vs", "Resist 10 Fire\nFrobnicate Cold");
  await page.waitForSelector("#d-error:not([hidden])");
  const error = await page.textContent("#d-error");
  check(error.includes("line 2, column 1") && error.includes("^"), "the error does not point at line 2: " + error);
  check((await page.textContent("#d-final")) === "", "a stale answer is still shown beside the error");
});

await scenario("odds-chart", async (page) => {
  await ready(page, "#tab=odds");
  await page.fill("#o-bonus", "2");
  const expected = (await api("/api/check", { rung: "3/6", bonus: 2, penalty: 0 })).json;
  const pct = (expected.p_success * 100).toFixed(2);
  await page.waitForFunction((p) => document.getElementById("o-check").textContent.includes(`${p}%`), pct);
  const bars = await page.locator("#o-chart svg rect").count();
  check(bars > 2, `the distribution chart has ${bars} bars`);
  await page.waitForFunction(() => document.getElementById("o-tohit").textContent.startsWith("to-hit:"));
});

await scenario("battle-report", async (page) => {
  await ready(page, "#tab=battle");
  await page.selectOption("#b-example", "duel");
  await page.waitForFunction(() => document.getElementById("b-scenario").value.includes("Valkyrie"));
  await page.fill("#b-trials", "3000");
  await page.fill("#b-seed", "5");
  await page.click("#b-run");
  await page.waitForFunction(() => document.getElementById("b-status").textContent === "done");
  const frame = page.frameLocator("#b-report");
  const text = await frame.locator("body").textContent();
  check(text.includes("Valkyrie"), "the report does not name the Valkyrie");
  // The report is the one `--report` writes for the same request.
  const r = await fetch(new URL("/api/battle?stream=true", url), { method: "POST", body: JSON.stringify({ example: "duel", trials: 3000, seed: 5 }) });
  const last = JSON.parse((await r.text()).trim().split("\n").pop());
  const shown = await page.$eval("#b-report", (f) => f.srcdoc);
  check(shown === last.html, "the report shown differs from the API's HTML report");
  check(await frame.locator("svg").count() > 0, "the report has no chart");
});

await scenario("battle-cancel", async (page) => {
  await ready(page, "#tab=battle");
  await page.selectOption("#b-example", "pikes");
  await page.fill("#b-trials", "2000000");
  await page.click("#b-run");
  await page.waitForFunction(() => Number(document.getElementById("b-progress").value) > 0);
  await page.click("#b-cancel");
  await page.waitForFunction(() => document.getElementById("b-status").textContent === "cancelled");
  // The server stops the run once the page lets go of it.
  let runs = -1;
  for (let i = 0; i < 300 && runs !== 0; i++) {
    runs = (await (await fetch(new URL("/api/status", url))).json()).runs;
    if (runs !== 0) await new Promise((r) => setTimeout(r, 100));
  }
  check(runs === 0, "the cancelled battle still runs on the server");
});

await scenario("sweep-chart", async (page) => {
  await ready(page, "#tab=sweep");
  await page.fill("#s-trials", "500");
  await page.fill("#s-vary1", "evasion.b.defense.hp=30..70:10");
  await page.click("#s-run");
  await page.waitForFunction(() => document.getElementById("s-status").textContent === "done");
  const images = page.locator("#s-charts img");
  check(await images.count() > 0, "no chart shown");
  const width = await images.first().evaluate(async (img) => { await img.decode(); return img.naturalWidth; });
  check(width > 100, `the chart did not render (width ${width})`);
  // A heat map for two axes of an odds sweep.
  await page.selectOption("#s-kind", "evasion");
  await page.fill("#s-vary1", "attacker.level=1..10");
  await page.fill("#s-vary2", "defender.ev=0..5");
  await page.click("#s-run");
  await page.waitForFunction(() => document.getElementById("s-status").textContent === "done");
  check(await page.locator("#s-charts img").count() > 0, "no heat map shown");
});

await scenario("shared-link", async (page) => {
  await ready(page);
  await page.fill("#d-amount", "2d6+3");
  await page.fill("#d-types", "cold");
  await page.fill("#d-vs", "Vulnerable 5 Cold");
  await page.check("#d-critical");
  await page.waitForFunction(() => document.getElementById("d-final").textContent.startsWith("mean final damage"));
  const headline = await page.textContent("#d-final");
  const link = page.url();
  check(link.includes("d.amount=2d6%2B3"), "the link does not hold the amount: " + link);
  // A second visitor opens the link: the same inputs and the same answer.
  const other = await page.context().newPage();
  await other.goto(link);
  await other.waitForSelector("body[data-ready='1']");
  await other.waitForFunction((h) => document.getElementById("d-final").textContent === h, headline);
  check((await other.inputValue("#d-vs")) === "Vulnerable 5 Cold", "the stat block was not restored");
  check(await other.isChecked("#d-critical"), "the critical flag was not restored");
  check((await other.locator("#d-chart svg rect").count()) > 0, "the distribution chart is missing");
  await other.screenshot({ path: join(out, "shared-link-opened.png"), fullPage: true });
  // A battle tab's state, too.
  await other.goto(url + "#tab=battle&b.example=minions&b.trials=77");
  await other.waitForSelector("body[data-ready='1']");
  check(await other.isVisible("#battle"), "the battle tab is not shown");
  check((await other.inputValue("#b-example")) === "minions" && (await other.inputValue("#b-trials")) === "77", "the battle inputs were not restored");
  check((await other.inputValue("#b-scenario")).includes("[minions"), "the scenario text is not the example's");
});

await browser.close();
if (failed) {
  console.log(`${failed} browser scenario(s) failed; screenshots in ${out}`);
  process.exit(1);
}
console.log(`every browser scenario passed; screenshots in ${out}`);

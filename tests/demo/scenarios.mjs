// Every demo scenario, driven through the page as a user would. Each gets a
// fresh page; `run(page, trap)` throws on the first failed expectation and
// returns a short summary of what it saw. `hostile` ones run a second time
// with the page's CSP switched off.
import { check, chip, lastAnswer, text, waitTurns } from "./harness.mjs";

/** Waits until `selector` matches while a run is still streaming. */
const whileBusy = (page, selector) =>
  page.waitForFunction((s) => document.body.dataset.busy === "true" && !!document.querySelector(s), selector, { timeout: 15_000 });

async function noScriptRan(page, trap) {
  // onerror/onload fire asynchronously; give them time to (not) happen.
  await page.waitForTimeout(400);
  check(trap.hits.length === 0, `agent content ran script: ${trap.hits.join("; ")}`);
}

export const SCENARIOS = [
  {
    name: "plain",
    async run(page) {
      await page.fill("#prompt", "Hello there, 반가워요 🙂");
      await page.press("#prompt", "Enter");
      await whileBusy(page, ".row.assistant .text");
      await waitTurns(page, 1);
      const answer = await lastAnswer(page);
      check(answer.includes("안녕하세요! 👋") && answer.includes("🚀"), `answer: ${answer}`);
      check(answer.includes("“Hello there, 반가워요 🙂”"), "the answer echoes the typed message");
      const renders = await page.$$eval(".row", (rows) => rows.map((r) => [r.dataset.role, Number(r.dataset.renders)]));
      check(renders[0][0] === "user" && renders[0][1] === 1, `the user row was built once: ${renders}`);
      check(renders[1][1] > 3, `the answer streamed in over several updates: ${renders}`);
      return `streamed in ${renders[1][1]} renders; the user row built once`;
    },
  },
  {
    name: "weather",
    async run(page) {
      await chip(page, "weather", 1);
      check((await text(page, "[data-tool=weather-call]")).join().includes("Seoul"), "the tool call names Seoul");
      const card = (await text(page, "[data-tool=weather]")).join();
      check(card.includes("18°C") && card.includes("Partly cloudy"), `weather card: ${card}`);
      const answer = await lastAnswer(page);
      check(answer.includes("18°C") && answer.includes("partly cloudy") && answer.includes("Seoul"), `answer: ${answer}`);
      const roles = await page.$$eval(".row", (rows) => rows.map((r) => r.dataset.role).join(","));
      check(roles === "user,assistant,tool,assistant", `rows: ${roles}`);
      return "the page ran weather(Seoul); the second run's answer uses 18°C";
    },
  },
  {
    name: "haiku",
    async run(page) {
      await page.click('.chips button[data-scenario="haiku"]');
      await whileBusy(page, "[data-tool=generate_haiku][data-complete=false] .line:not(.pending):not(:empty)");
      await waitTurns(page, 1);
      const card = page.locator("[data-tool=generate_haiku]");
      check((await card.getAttribute("data-complete")) === "true", "the card completes");
      check((await card.locator("h3").textContent()) === "Autumn Wind", "title");
      const lines = await card.locator(".line").allTextContents();
      check(lines.join("|") === "Maple leaves let go|the wind writes in red and gold|one crow reads it all", `lines: ${lines}`);
      check((await lastAnswer(page)).includes("Autumn Wind"), "the follow-up mentions the title");
      return "the card filled in while its arguments streamed; 3 lines";
    },
  },
  {
    name: "research",
    async run(page) {
      await page.click('.chips button[data-scenario="research"]');
      await whileBusy(page, "[data-activity=PLAN]:has(li[data-status=done]):has(li[data-status=pending])");
      await waitTurns(page, 1);
      const tasks = await page.$$eval("[data-activity=PLAN] li", (li) => li.map((l) => l.dataset.status));
      check(tasks.join() === "done,done,done", `plan tasks: ${tasks}`);
      check((await text(page, "[data-activity=PLAN] .meta")).join() === "3/3 done", "plan count");
      const links = await page.$$eval("[data-activity=SEARCH] .results a", (a) => a.map((x) => x.href));
      check(links.length === 3 && links.every((h) => h.startsWith("https://")), `search links: ${links}`);
      const metrics = (await text(page, "[data-activity=SEARCH] .metrics")).join();
      check(metrics.includes("3 results") && metrics.includes("2 sources") && metrics.includes("412 ms"), `metrics: ${metrics}`);
      const progress = await page.$eval("[data-activity=SCRAPE] progress", (p) => `${p.value}/${p.max}`);
      check(progress === "3/3", `scrape progress ${progress}`);
      const steps = await page.$$eval("[data-activity=SCRAPE] li", (li) => li.map((l) => l.dataset.status));
      check(steps.join() === "done,done,done", `scrape steps: ${steps}`);
      check((await lastAnswer(page)).startsWith("Summary:"), "summary text");
      return "plan ticked over to 3/3; 3 search results with metrics; scrape 3/3";
    },
  },
  {
    name: "thinking",
    async run(page) {
      await chip(page, "thinking", 1);
      const details = page.locator("details.reasoning");
      check((await details.count()) === 1, "one reasoning row");
      check(!(await details.evaluate((d) => d.open)), "the reasoning starts collapsed");
      check(!(await details.locator(".text").isVisible()), "its summary is hidden while collapsed");
      check((await details.locator(".badge").textContent()).includes("encrypted"), "encrypted badge");
      check((await lastAnswer(page)).includes("1001 = 7 × 11 × 13"), "the answer");
      await details.locator("summary").click();
      check((await details.locator(".text").textContent()).includes("1001 ÷ 7 = 143"), "the summary");
      await chip(page, "reasoning-check", 2);
      const verdict = await lastAnswer(page);
      check(verdict.includes("came back intact"), `verdict: ${verdict}`);
      check((await details.evaluate((d) => d.open)), "the opened reasoning stays open across updates");
      return "summary collapsed, opens on click; the agent got its encryptedValue back intact";
    },
  },
  {
    name: "shared-state",
    async run(page) {
      await chip(page, "todos", 1);
      const items = () => page.$$eval("#state li", (li) => li.map((l) => `${l.dataset.done === "true" ? "x" : " "} ${l.textContent}`));
      let list = await items();
      check(list.join("|") === "x Book flights ✈️|  Reserve a hotel 🏨|  Exchange currency 💱|  Pack chargers 🔌", `after snapshot+deltas: ${list}`);
      check((await text(page, "#state [data-updates]")).join() === "Agent updates: 1", "update counter");
      // The user ticks one; the agent sees it on the next run.
      await page.locator("#state li", { hasText: "Reserve a hotel" }).locator("input").check();
      await chip(page, "todos", 2);
      list = await items();
      check(list.length === 5 && list[1].startsWith("x") && list[2].startsWith("x"), `after the second run: ${list}`);
      check((await text(page, "#state [data-updates]")).join() === "Agent updates: 2", "update counter 2");
      check((await text(page, ".row.assistant .text")).some((t) => t.includes("has 4 items")), "the agent saw the user's state");
      return "STATE_SNAPSHOT then STATE_DELTAs; a user tick reached the agent";
    },
  },
  {
    name: "approval",
    async run(page) {
      await chip(page, "approval", 1);
      const card = page.locator("#interrupts .interrupt");
      check((await card.textContent()).includes("Deploy v2.4 to production?"), "the interrupt asks");
      check((await page.locator("#status").getAttribute("data-state")) === "waiting", "status waits");
      check(await page.locator("#prompt").isDisabled(), "the composer waits for the answer");
      await card.locator("[data-answer=approve]").click();
      await waitTurns(page, 2);
      check((await lastAnswer(page)).includes("Production now runs v2.4"), "resumed and finished");
      check((await card.count()) === 0, "the interrupt is answered");
      await chip(page, "approval", 3);
      await page.click("#interrupts [data-answer=reject]");
      await waitTurns(page, 4);
      check((await lastAnswer(page)).includes("nothing was deployed"), "rejected");
      return "interrupt → approve → resume completes; reject → cancelled";
    },
  },
  {
    name: "failure",
    async run(page) {
      await chip(page, "failure", 1);
      const error = (await text(page, ".notice.error")).join();
      check(error.includes("UPSTREAM_TIMEOUT") && error.includes("billing service timed out"), `error: ${error}`);
      check((await lastAnswer(page)).includes("Calling the billing service"), "what came before the error stays");
      check((await page.locator("#status").getAttribute("data-state")) === "idle", "ready again");
      return "RUN_ERROR shown as an error notice";
    },
  },
  {
    name: "cut-stream",
    async run(page) {
      await chip(page, "cut", 1);
      check((await text(page, ".notice.warn")).join().includes("stream broke"), "the break is noticed");
      check((await text(page, ".notice.info")).join().includes("Reconnected"), "reconnected");
      const answers = await text(page, ".row.assistant .text");
      check(answers.length === 1, `one answer row: ${answers.length}`);
      check(answers[0].endsWith("끝까지 읽어 주셔서 감사합니다! 🙏") && answers[0].startsWith("This answer is cut off"), `answer: ${answers[0]}`);
      return "half an answer, a cut, then connectAgent's MESSAGES_SNAPSHOT completed it";
    },
  },
  {
    name: "raw-html",
    hostile: true,
    async run(page, trap) {
      await chip(page, "raw-html", 1);
      const frame = page.locator("[data-activity=RAW_HTML] iframe");
      check((await frame.getAttribute("sandbox")) === "", "the frame has every sandbox restriction");
      check((await frame.getAttribute("srcdoc")).includes("<script>"), "the agent's HTML, scripts and all, is in srcdoc");
      const inside = page.frameLocator("[data-activity=RAW_HTML] iframe");
      await inside.getByText("Release v2.4 🚀").waitFor({ timeout: 5000 });
      // A javascript: link in a frame without allow-scripts goes nowhere.
      await inside.getByText("a javascript: link").click();
      await noScriptRan(page, trap);
      check((await page.locator("body h3", { hasText: "Release v2.4" }).count()) === 0, "nothing of it in the page itself");
      return `card shown in a sandboxed frame; no script ran (${trap.blocked.length} blocked by the sandbox)`;
    },
  },
  {
    name: "injected-markup",
    hostile: true,
    async run(page, trap) {
      await chip(page, "injected", 1);
      await noScriptRan(page, trap);
      const answer = (await text(page, ".row.assistant .text")).join();
      check(answer.includes("<script>alert('xss-1')</script>") && answer.includes("<svg onload="), "payloads read as text");
      const found = await page.evaluate(() => ({
        scripts: document.scripts.length,
        embedded: document.querySelectorAll("img, svg, iframe, object, embed, form:not(#composer)").length,
        handlers: [...document.querySelectorAll("*")].flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name)),
        jsLinks: [...document.querySelectorAll("a[href]")].filter((a) => !/^https?:/.test(a.href)).map((a) => a.href),
        links: [...document.querySelectorAll("[data-activity=SEARCH] a")].map((a) => a.href),
        unsafe: document.querySelectorAll("[data-activity=SEARCH] .unsafe-link").length,
      }));
      check(found.scripts === 1, `only the page's own script: ${found.scripts}`);
      check(found.embedded === 0, `no element made from agent content: ${found.embedded}`);
      check(found.handlers.length === 0, `no event-handler attributes: ${found.handlers}`);
      check(found.jsLinks.length === 0, `no non-web links: ${found.jsLinks}`);
      check(found.links.join() === "https://docs.ag-ui.com/" && found.unsafe === 3, `search links: ${found.links}, unsafe ${found.unsafe}`);
      const seen = [
        ["[data-tool=lookup_profile]", "javascript:alert('xss-4')"],
        ["[data-tool=lookup_profile-result]", "<script>alert('xss-1')</script>"],
        ["[data-tool=generate_haiku] h3", "<img src=x onerror="],
        ["[data-activity=NOTE]", "<iframe srcdoc="],
        ["[data-activity=PLAN]", "<svg onload="],
        ["#state", "<img src=x onerror="],
      ];
      for (const [where, payload] of seen) check((await text(page, where)).join().includes(payload), `${where} shows ${payload} as text`);
      return "payloads in text, tool args and results, activities and state all shown as text";
    },
  },
  {
    name: "stop",
    async run(page) {
      await page.click('.chips button[data-scenario="research"]');
      await whileBusy(page, "[data-activity=SEARCH]");
      await page.click("#stop");
      await waitTurns(page, 1);
      check((await text(page, ".notice")).join().includes("Stopped."), "stopped quietly");
      check((await text(page, "[data-activity=PLAN] .meta")).join() !== "3/3 done", "the plan did not finish");
      await chip(page, "plain", 2);
      check((await lastAnswer(page)).includes("안녕하세요"), "and the thread goes on");
      const thread = await page.textContent("#thread");
      await page.click("#reset");
      await page.waitForSelector("#intro:not([hidden])");
      check((await page.locator("#log > *").count()) === 0 && (await page.textContent("#thread")) !== thread, "a new thread starts empty");
      return "abortRun mid-stream ends the run quietly; the next run works; New thread clears";
    },
  },
];

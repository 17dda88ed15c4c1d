// lib.mjs - what the browser tests share: checks counted, a failure said in one line, the summary
// whose exit status make reads.
export const tally = { passed: 0, failed: 0 };

export function pass() {
	tally.passed++;
}

export function fail(message) {
	tally.failed++;
	console.log(`FAIL: ${message}`);
}

export function check(name, expected, actual) {
	const e = JSON.stringify(expected), a = JSON.stringify(actual);
	if (e === a)
		pass();
	else
		fail(`${name}: expected ${e}, got ${a}`);
}

export function finish(label) {
	console.log(`${label}: ${tally.passed} passed, ${tally.failed} failed`);
	process.exit(tally.failed ? 1 : 0);
}

// Debian's Chromium, headless, in a profile of its own (removed by close): what the SVG tests
// drive. height: the viewport's, tall enough for what a test clicks.
export async function openChromium(height) {
	const { chromium } = await import('playwright-core');
	const { mkdtempSync, rmSync } = await import('node:fs');
	const { tmpdir } = await import('node:os');
	const { join } = await import('node:path');
	const userDataDir = mkdtempSync(join(tmpdir(), 'surfgraph-chromium-'));
	const ctx = await chromium.launchPersistentContext(userDataDir, {
		executablePath: '/usr/bin/chromium',
		headless: true,
		viewport: { width: 1200, height },
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
			'--disable-component-update', '--disable-sync', '--no-first-run'],
	});
	const page = ctx.pages()[0] || await ctx.newPage();
	const close = async () => {
		await ctx.close();
		rmSync(userDataDir, { recursive: true, force: true });
	};
	return { ctx, page, close };
}

// ns as the tooltips write microseconds: "1135.090"
export const us = (ns) => Math.floor(ns / 1000) + '.' + String(ns % 1000).padStart(3, '0');

// The flame graph's drawn frames: ["name|cost|self|calls", rect width] each, from the tooltips.
export const drawnFrames = (page) => page.evaluate(() => {
	const out = [];
	for (const g of document.querySelectorAll('svg > g[id$="-f"] > g > g')) {
		const t = g.children[0].textContent, k = t.lastIndexOf(' \u2014 cost ');
		const m = /cost ([0-9.]+) us, .* self ([0-9.]+) us, (\d+) calls?/.exec(t.slice(k));
		out.push([`${t.slice(0, k)}|${m[1]}|${m[2]}|${m[3]}`,
			Number(g.children[1].getAttribute('width'))]);
	}
	return out;
});

// want ({frames: sorted keys, widths: key -> px}) against drawnFrames: the same frames, each
// rect within 0.1 px of its width.
export function sameFrames(name, want, got) {
	check(name + ': frames', want.frames, got.map((g) => g[0]).sort());
	const off = got.filter((g) => !(Math.abs(want.widths[g[0]] - g[1]) <= 0.1 + 1e-9));
	check(name + ': widths = totals * 1180 / root total (+-0.1 px)', [], off.map((g) => g[0]));
}

// The frames flame.c draws at 1180 px from call paths (path -> {calls, total, self}): a frame
// narrower than 0.1 px left out with its callees; {frames, widths} as sameFrames takes them.
export function layoutFrames(nodes) {
	const paths = [...nodes.keys()], root = paths.find((p) => !p.includes(';'));
	const scale = 1180 / nodes.get(root).total, kept = new Set(), frames = [], widths = {};
	for (const p of paths.sort((a, b) => a.split(';').length - b.split(';').length)) {
		const s = nodes.get(p), parent = p.slice(0, p.lastIndexOf(';'));
		if (p !== root && (!kept.has(parent) || !s.total || s.total * scale < 0.1)) continue;
		kept.add(p);
		const key = `${p.slice(p.lastIndexOf(';') + 1)}|${us(s.total)}|${us(s.self)}|${s.calls}`;
		frames.push(key);
		widths[key] = s.total * scale;
	}
	return { frames: frames.sort(), widths, total: nodes.get(root).total };
}

// hostile_root.svg (tests/data/svg/hostile.txt) redrawn by a click on sel: its hostile names
// come back from the embedded data as text, never markup or code.
export async function checkHostileRedraw(page, url, sel) {
	await page.goto(url);
	await page.click(sel, { force: true });
	const names = (await drawnFrames(page)).map((g) => g[0].split('|')[0]);
	check('hostile: names redrawn as text', [true, true],
		['a<script>alert', 'x]]></title><img/src=x/onerror=alert`2`>'].map((n) => names.includes(n)));
	check('hostile: no injected element', 0, await page.evaluate(() => document.querySelectorAll('img').length));
}

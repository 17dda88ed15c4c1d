// speedscope.mjs - the timeline exports in speedscope (the npm package) in Debian's Chromium: the
// speedscope file and the Chrome trace-event JSON load without an import warning, and speedscope
// shows the expected frames with the expected durations.
// usage: node speedscope.mjs OUTDIR SPEEDSCOPE_INDEX_HTML
// OUTDIR holds what run.sh made: do_fault.speedscope.json, do_fault.top (-m top of the same
// run) and dat.trace.json (-m chrome of trace-cmd's trace.dat).
import { chromium } from 'playwright-core';
import { check, fail, finish, pass } from './lib.mjs';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [dir, index] = process.argv.slice(2);

// speedscope prints "4.42ms", "830.60µs", "812ns": the value in ns and the half-unit of its
// last printed digit, the most its rounding can be off
function parseTime(s) {
	const m = /^([0-9.]+)(ns|µs|ms|s)$/.exec(s);
	if (!m) return null;
	const scale = { ns: 1, 'µs': 1e3, ms: 1e6, s: 1e9 }[m[2]];
	const decimals = (m[1].split('.')[1] || '').length;
	return { ns: Number(m[1]) * scale, tol: 0.5 * scale * 10 ** -decimals };
}

function checkTime(name, shown, ns) {
	const t = parseTime(shown);
	if (t && Math.abs(t.ns - ns) <= t.tol + 1e-6) {
		pass();
	} else {
		fail(`${name}: speedscope shows ${shown}, the run says ${ns} ns`);
	}
}

// -m top (calls total self avg max %root function): function -> [calls, total ns, self ns]
const top = new Map();
for (const line of readFileSync(join(dir, 'do_fault.top'), 'utf8').split('\n').slice(1)) {
	const c = line.trim().split(/\s+/);
	if (c.length === 7) top.set(c[6], [Number(c[0]), Math.round(Number(c[1]) * 1000), Math.round(Number(c[2]) * 1000)]);
}

const userDataDir = mkdtempSync(join(tmpdir(), 'surfgraph-speedscope-'));
const ctx = await chromium.launchPersistentContext(userDataDir, {
	executablePath: '/usr/bin/chromium',
	headless: true,
	viewport: { width: 1200, height: 700 },
	// speedscope draws with WebGL: SwiftShader stands in for the GPU
	args: ['--headless', '--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader',
		'--enable-unsafe-swiftshader', '--disable-background-networking',
		'--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = ctx.pages()[0] || await ctx.newPage();
let log = [];
page.on('console', (m) => log.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
page.on('dialog', async (d) => {
	log.push(`dialog: ${d.message()}`);
	await d.dismiss();
});

// As speedscope's own command line opens a file: a script that hands it the bytes, named in
// the URL's localProfilePath.
async function open(file) {
	const js = join(dir, file + '.js');
	writeFileSync(js, `speedscope.loadFileFromBase64(${JSON.stringify(file)}, ` +
		`${JSON.stringify(readFileSync(join(dir, file)).toString('base64'))})`);
	log = [];
	// a new document: a changed hash alone would not load another file
	await page.goto('about:blank');
	await page.goto(`file://${index}#localProfilePath=${js}`);
	await page.getByText('Sandwich').waitFor();
	await page.waitForTimeout(500);
}

// The profile's title ("NAME (i/n)") and the sandwich table's rows: [total, self, name].
async function sandwich() {
	await page.keyboard.press('3');
	await page.waitForTimeout(300);
	return rowsOf('Symbol Name').then((rows) => rows.map((td) => [td[0].split(' ')[0],
		td[1].split(' ')[0], td[2]]));
}
// The cells of the rows of the table whose header names column: the sandwich's, or the profile
// list's ("#", "Name", duration).
async function rowsOf(column) {
	return page.evaluate((column) => {
		const tables = [...document.querySelectorAll('table')];
		const i = tables.findIndex((t) =>
			[...t.querySelectorAll('th')].some((th) => th.innerText.includes(column)));
		const cells = (t) => [...t.querySelectorAll('tr')].map((tr) =>
			[...tr.querySelectorAll('td')].map((td) => td.innerText.trim())).filter((r) => r.length);
		if (i < 0) return [];
		// the sandwich's header is a table of its own, its rows the next one
		const own = cells(tables[i]);
		return own.length || !tables[i + 1] ? own : cells(tables[i + 1]);
	}, column);
}
async function title() {
	return page.evaluate(() => {
		const t = [...document.querySelectorAll('div')].map((d) => d.innerText)
			.find((s) => /\(\d+\/\d+\)$/.test(s) && !s.includes('\n'));
		return t || '';
	});
}
function problems() {
	return log.filter((l) => !l.startsWith('log:') && !l.startsWith('timeEnd:') &&
		!l.startsWith('info:') && !l.startsWith('debug:'));
}

// ---- the speedscope file: the merged tree (shown first), then an invocation's timeline
await open('do_fault.speedscope.json');
check('speedscope file: imported as speedscope json', true,
	log.includes('log: Importing as speedscope json file'));
check('speedscope file: no warning, error or dialog', [], problems());
check('speedscope file: the merged profile is shown first', '__do_fault (7/7)', await title());
let rows = await sandwich();
check('speedscope file: sandwich rows', true, rows.length >= 10);
check('speedscope file: the hottest function by self time', '__do_fault', rows[0] && rows[0][2]);
for (const [total, self, name] of rows) {
	const t = top.get(name);
	if (!t) {
		check(`speedscope file: ${name} is a function of -m top`, true, false);
		continue;
	}
	checkTime(`merged ${name} total`, total, t[1]);
	checkTime(`merged ${name} self`, self, t[2]);
}
await page.screenshot({ path: join(dir, 'speedscope-merged.png') });
// the profile list: each invocation by name with its duration, then the merged tree
const ss = JSON.parse(readFileSync(join(dir, 'do_fault.speedscope.json'), 'utf8'));
const list = await rowsOf('Name');
check('speedscope file: the profile list', ss.profiles.map((p) => p.name), list.map((r) => r[1]));
for (const [i, p] of ss.profiles.entries())
	if (list[i]) checkTime(`profile ${p.name} duration`, list[i][2], p.endValue - p.startValue);
// 'p' goes to the previous profile: the last invocation's timeline
await page.keyboard.press('p');
await page.waitForTimeout(300);
check('speedscope file: invocation 6', true, (await title()).startsWith('__do_fault #6 '));
rows = await sandwich();
const inv6 = ss.profiles[5];
check('speedscope file: invocation 6 is the sixth evented profile', true, inv6.name.startsWith('__do_fault #6'));
const root = rows.find((r) => r[2] === '__do_fault');
check('speedscope file: invocation 6 has its root', true, !!root);
if (root) checkTime('invocation 6 root total', root[0], inv6.endValue - inv6.startValue);
await page.keyboard.press('1');
await page.waitForTimeout(300);
await page.screenshot({ path: join(dir, 'speedscope-invocation6.png') });

// ---- the speedscope file of trace-cmd's trace.dat: each invocation measured, at its calls' times
await open('dat.speedscope.json');
check('dat speedscope file: no warning, error or dialog', [], problems());
const dss = JSON.parse(readFileSync(join(dir, 'dat.speedscope.json'), 'utf8'));
check('dat speedscope file: no invocation laid out', [],
	dss.profiles.filter((p) => p.name.includes('laid out')).map((p) => p.name));
const dlist = await rowsOf('Name');
check('dat speedscope file: the profile list', dss.profiles.map((p) => p.name), dlist.map((r) => r[1]));
for (const [i, p] of dss.profiles.entries())
	if (dlist[i]) checkTime(`dat profile ${p.name} duration`, dlist[i][2], p.endValue - p.startValue);

// ---- the Chrome trace-event JSON of trace-cmd's trace.dat: a profile per task track
await open('dat.trace.json');
check('chrome json: imported as Trace Event Format', true,
	log.includes('log: Importing as Trace Event Format profile'));
check('chrome json: no warning (every slice nested), error or dialog', [], problems());
const doc = JSON.parse(readFileSync(join(dir, 'dat.trace.json'), 'utf8'));
const tracks = doc.traceEvents.filter((e) => e.name === 'thread_name').map((e) => e.args.name);
check('chrome json: tracks', ['sh-175', 'ls-176'], tracks);
const seen = [];
for (let i = 0; i < tracks.length; i++) {
	const t = await title();
	const track = tracks.find((n) => t.startsWith(`${n} (pid `));
	seen.push(track || t);
	rows = await sandwich();
	// speedscope names a trace event's frame after its name and args: a measured call's slice
	// has args only for what is its own, so every call of a function is that one frame
	const tid = track ? Number(track.split('-').pop()) : -1;
	const xs = doc.traceEvents.filter((e) => e.ph === 'X' && e.tid === tid);
	const markers = doc.traceEvents.filter((e) => e.ph === 'i' && e.tid === tid);
	const shown = rows.map((r) => r[2]);
	check(`chrome json: ${track}: one frame per function name`, [...new Set(xs.map((e) => e.name))].sort(),
		[...shown].sort());
	check(`chrome json: ${track}: every invocation measured`, true,
		markers.length > 0 && markers.every((m) => 'calls' in m.args));
	const root = rows.find((r) => r[2] === '__do_fault');
	const total = markers.reduce((s, m) => s + m.args.duration_ns, 0);
	if (root) checkTime(`${track}: __do_fault total (${markers.length} invocations)`, root[0], total);
	else check(`${track}: __do_fault in the sandwich`, true, false);
	if (i === 0) {
		await page.keyboard.press('1');
		await page.waitForTimeout(300);
		await page.screenshot({ path: join(dir, 'chrome-json.png') });
	}
	await page.keyboard.press('n');
	await page.waitForTimeout(300);
}
check('chrome json: a profile per track', [...tracks].sort(), [...seen].sort());

await ctx.close();
rmSync(userDataDir, { recursive: true, force: true });
finish('speedscope');

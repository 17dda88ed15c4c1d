// timechart.mjs - a kept invocation drawn in time in ROOT.svg (svg_chart.c), in a real Chromium:
// the button and the t key switch an invocation shown alone between its merged tree and its
// recorded calls; every call one rectangle whose x and width are its start and duration as the
// trace printed them (abstime-calls.awk derives them from the text, not from surfgraph), its
// tooltip the same numbers, task and CPU; zoom and search on the time view; an input without
// times says "no timings recorded".
// usage: node timechart.mjs OUTDIR   (OUTDIR holds time/__do_fault.svg and time/calls.txt from the
// abstime fixture, and __do_fault.svg from the plain one, made by run.sh)
import { check, drawnFrames, fail, finish, openChromium, us } from './lib.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
const PAD = 10, SPAN = 1180;

// calls.txt: SEQ NAME AT_NS DUR_NS TASK CPU DEPTH CLAMPED per call, in order
const calls = new Map();
for (const l of readFileSync(join(dir, 'time/calls.txt'), 'utf8').trim().split('\n')) {
	const [seq, name, at, dur, task, cpu, depth, clamped] = l.split(' ');
	if (!calls.has(seq)) calls.set(seq, []);
	calls.get(seq).push({ name, at: +at, dur: +dur, task, cpu, depth: +depth, clamped: clamped === '1' });
}

const { page, close } = await openChromium(700);
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('dialog', (d) => d.accept('_raw_read'));

// the drawn frames: tooltip, rect x, width, and the level (depth) each is in
const frames = () => page.evaluate(() => {
	const out = [];
	const lv = document.querySelectorAll('svg > g[id$="-f"] > g');
	lv.forEach((g, d) => {
		for (const fr of g.children)
			out.push({ t: fr.children[0].textContent, x: +fr.children[1].getAttribute('x'),
				w: +fr.children[1].getAttribute('width'), d,
				hidden: fr.getAttribute('class') === 'h' });
	});
	return out;
});
const tv = () => page.evaluate(() => {
	const b = document.querySelector('[id$="-tv"]');
	return b ? [b.textContent, b.getAttribute('class') || ''] : null;
});
const text = (s) => page.evaluate((s) => document.querySelector(`[id$="-${s}"]`).textContent, s);
const tip = (c) => `${c.name} \u2014 cost ${us(c.dur)} us, at +${us(c.at)} us, ${c.task}, CPU ${c.cpu}` +
	(c.clamped ? '; drawn clamped inside its caller' : '');

// The time view of seq against its calls: the same tooltips at the same depths; each rectangle
// at x = PAD + at * scale, x + width = PAD + (at + dur) * scale (edges rounded to 0.1 px), scale
// = 1180 px over the root's duration; a clamped one inside a rectangle one level down.
function sameCalls(name, want, got) {
	const key = (t, d) => `${d}|${t}`;
	check(`${name}: one rectangle per call, tooltips and depths`,
		want.map((c) => key(tip(c), c.depth)).sort(), got.map((g) => key(g.t, g.d)).sort());
	const sc = SPAN / want[0].dur, byTip = new Map(got.map((g) => [key(g.t, g.d), g]));
	const off = [];
	let clamped = 0;
	for (const c of want) {
		const g = byTip.get(key(tip(c), c.depth));
		if (!g) continue;
		if (c.clamped) {
			clamped++;
			if (!got.some((p) => p.d === g.d - 1 && p.x <= g.x + 1e-9 && g.x + g.w <= p.x + p.w + 1e-9))
				off.push(`${c.name} (clamped) outside its caller`);
			continue;
		}
		const x = PAD + c.at * sc, x2 = PAD + (c.at + c.dur) * sc;
		if (!(Math.abs(g.x - x) <= 0.05 + 1e-9 && Math.abs(g.x + g.w - x2) <= 0.05 + 1e-9))
			off.push(`${c.name}@${c.at}: x ${g.x} w ${g.w}, want ${x.toFixed(2)} ${(x2 - x).toFixed(2)}`);
	}
	check(`${name}: x = start, width = duration (+-0.05 px a edge)`, [], off);
	return clamped;
}

try {
	const svg = pathToFileURL(join(dir, 'time/__do_fault.svg')).href;
	check('abstime: six invocations derived', 6, calls.size);
	await page.goto(svg);
	const merged = await drawnFrames(page);
	check('merged view: the time button hidden', 'b h', (await tv())[1]);
	// invocation 2 alone (its dot), then the button: the time view
	await page.click('circle[data-s="2"]', { force: true });
	const merged2 = await drawnFrames(page);
	check('#2 alone: the button', ['Time view (t)', 'b'], await tv());
	await page.click('[id$="-tv"]');
	check('#2 in time: the button on', ['Time view (t)', 'b on'], await tv());
	check('#2 in time: URL', 'k=2&t=1', new URL(page.url()).search.slice(1));
	check('#2 in time: still alone', 'Invocation #2 alone', await text('hsel'));
	sameCalls('#2', calls.get('2'), await frames());
	await page.screenshot({ path: join(dir, 'timechart-2.png') });
	// zoom: vmf_insert_pfn_prot full width, its callees spread over it
	const z = calls.get('2').find((c) => c.name === 'vmf_insert_pfn_prot');
	await page.click(`svg > g[id$="-f"] > g > g:has(> title:text-is("${tip(z)}"))`);
	const zf = await frames(), zs = SPAN / z.dur;
	const zoomed = zf.find((g) => g.t === tip(z));
	check('zoom: the frame full width', [PAD, SPAN], [zoomed.x, zoomed.w]);
	const tpi = calls.get('2').find((c) => c.name === 'track_pfn_insert');
	const tg = zf.find((g) => g.t === tip(tpi));
	check('zoom: a callee at its start from the zoomed one', true,
		Math.abs(tg.x - (PAD + (tpi.at - z.at) * zs)) <= 0.05 && Math.abs(tg.w - tpi.dur * zs) <= 0.05);
	check('zoom: siblings hidden', true, zf.filter((g) => g.d === zoomed.d && g !== zoomed).every((g) => g.hidden));
	await page.screenshot({ path: join(dir, 'timechart-2-zoom.png') });
	await page.click('[id$="-reset"]');
	// search: the matched share of the root, a match counted once
	await page.click('[id$="-search"]');
	const m = calls.get('2').filter((c) => /_raw_read/.test(c.name)).reduce((a, c) => a + c.dur, 0);
	check('search in time: matched', `Matched: ${(100 * m / calls.get('2')[0].dur).toFixed(2)}%`, await text('matched'));
	check('search in time: frames marked', calls.get('2').filter((c) => /_raw_read/.test(c.name)).length,
		await page.evaluate(() => document.querySelectorAll('svg > g[id$="-f"] rect[fill="#e040e0"]').length));
	await page.keyboard.press('Escape');
	// the t key: back to the merged tree, as it was
	await page.keyboard.press('t');
	check('t: merged again', merged2, await drawnFrames(page));
	check('t: URL', 'k=2', new URL(page.url()).search.slice(1));
	// every invocation from the URL, all 66 calls
	let clamped = 0;
	for (const seq of calls.keys()) {
		await page.goto(`${svg}?k=${seq}&t=1`);
		clamped += sameCalls(`?k=${seq}&t=1`, calls.get(seq), await frames());
		if (seq === '5')
			await page.screenshot({ path: join(dir, 'timechart-5.png') });
	}
	check('clamped calls seen (#5 PageHeadHuge, 44.527 us from +55 us in a 59.438 us root)', 1, clamped);
	// another dot while in time: that one in time; All: the merged graph of all
	await page.click('circle[data-s="3"]', { force: true });
	sameCalls('#3 by its dot, still in time', calls.get('3'), await frames());
	await page.click('[id$="-hall"]');
	check('All: merged frames', merged, await drawnFrames(page));
	check('All: no button', ['Time view (t)', 'b h'], await tv());

	// the plain fixture has no times: its invocations say so, and have no time view
	await page.goto(pathToFileURL(join(dir, '__do_fault.svg')).href + '?k=2');
	check('no times: no button', null, await tv());
	check('no times: said', ['no timings recorded', ''], await page.evaluate(() => {
		const t = [...document.querySelectorAll('text')].find((e) => e.textContent === 'no timings recorded');
		return t ? [t.textContent, t.getAttribute('class') || ''] : null;
	}));
	await page.keyboard.press('t');
	check('no times: t does nothing', 'k=2', new URL(page.url()).search.slice(1));
	await page.screenshot({ path: join(dir, 'timechart-none.png') });
	// hostile names and task in the time view: text, never markup or code
	await page.goto(pathToFileURL(join(dir, 'time/hostile_root.svg')).href + '?k=1&t=1');
	const hf = await frames();
	check('hostile: names drawn as text in time', [true, true],
		['a<script>alert', 'x]]></title><img/src=x/onerror=alert`2`>'].map((n) => hf.some((g) => g.t.startsWith(n + ' \u2014 cost '))));
	check('hostile: the task as text', true, hf.every((g) => g.t.includes(', x<i>&amp;-7, CPU 0')));
	check('hostile: no injected element', 0, await page.evaluate(() => document.querySelectorAll('img, i').length));
	check('no page errors', [], errors);
} catch (e) {
	fail(`timechart: ${e.stack || e}`);
} finally {
	await close();
}
finish('browser timechart');

// flame.mjs - the flame graph SVGs in a real Chromium: zoom, search, URL state, hover, escaping.
// usage: node flame.mjs OUTDIR   (OUTDIR holds the SVGs and folded stacks run.sh made)
import { check, fail, finish, openChromium, pass } from './lib.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];

function near(name, expected, actual, tol) {
	if (Math.abs(expected - actual) <= tol) {
		pass();
	} else {
		fail(`${name}: expected ${expected} +- ${tol}, got ${actual}`);
	}
}

// The folded stacks (ns) are the independent truth for "Matched": the share of time in
// stacks under the zoomed path that hold a matching function.
function matchedPct(folded, re, prefix = []) {
	let all = 0, hit = 0;
	for (const line of readFileSync(folded, 'utf8').split('\n')) {
		if (!line) continue;
		const sp = line.lastIndexOf(' ');
		const stack = line.slice(0, sp).split(';'), w = Number(line.slice(sp + 1));
		if (prefix.some((f, i) => stack[i] !== f)) continue;
		all += w;
		if (stack.some((f) => re.test(f))) hit += w;
	}
	return 'Matched: ' + (100 * hit / all).toFixed(2) + '%';
}

// tall enough for the frames under the histogram strip and the scatter
const { page, close } = await openChromium(900);
const dialogs = [];
let answer = null;
page.on('dialog', async (d) => {
	dialogs.push(d.type() + ':' + d.message());
	if (d.type() === 'prompt' && answer !== null) await d.accept(answer);
	else await d.dismiss();
});
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));

// Frame geometry and state as the viewer shows it, by name (first frame of that name).
const frame = (name) => page.evaluate((n) => {
	for (const g of document.querySelectorAll('svg > g[id$="-f"] > g > g')) {
		const t = g.children[0].textContent;
		if (t.slice(0, t.lastIndexOf(' \u2014 cost ')) !== n) continue;
		const r = g.children[1];
		return { x: +r.getAttribute('x'), w: +r.getAttribute('width'), cls: g.getAttribute('class'),
			fill: r.getAttribute('fill'), label: g.children[2] ? g.children[2].textContent : '' };
	}
	return null;
}, name);
const text = (suffix) => page.evaluate((s) => document.querySelector(`[id$="-${s}"]`).textContent, suffix);
const clickFrame = async (name) => {
	const box = await page.evaluate((n) => {
		for (const g of document.querySelectorAll('svg > g[id$="-f"] > g > g')) {
			const t = g.children[0].textContent;
			if (t.slice(0, t.lastIndexOf(' \u2014 cost ')) !== n) continue;
			const b = g.children[1].getBoundingClientRect();
			return { x: b.x + Math.min(b.width / 2, 40), y: b.y + b.height / 2 };
		}
		return null;
	}, name);
	await page.mouse.click(box.x, box.y);
};

try {
	const svg = join(dir, '__do_fault.svg'), url = pathToFileURL(svg).href;
	await page.goto(url);
	check('frames in the DOM', 111, await page.evaluate(() =>
		document.querySelectorAll('svg > g[id$="-f"] > g > g').length));
	await page.screenshot({ path: join(dir, 'do_fault.png') });

	// --- zoom: click vmf_insert_pfn_prot (2476.987 us of 4422.463) ---------------------------
	const before = await frame('track_pfn_insert');
	near('track_pfn_insert before zoom', 2237.791 * 1180 / 4422.463, before.w, 0.1);
	await clickFrame('vmf_insert_pfn_prot');
	const z = await frame('vmf_insert_pfn_prot');
	check('zoomed frame spans the width', { x: 10, w: 1180 }, { x: z.x, w: z.w });
	const after = await frame('track_pfn_insert');
	near('callee widened by the zoom', 2237.791 * 1180 / 2476.987, after.w, 0.1);
	check('callee starts at its caller', true, after.x >= 10 && after.x < 20);
	check('ancestor kept, dimmed, full width', { cls: 'p', x: 10, w: 1180 },
		(({ cls, x, w }) => ({ cls, x, w }))(await frame('vvar_fault')));
	check('frame outside the zoom hidden', 'h', (await frame('shmem_fault')).cls);
	check('label redrawn for the new width', 'track_pfn_insert', after.label);
	check('reset button shown', 'b', await page.evaluate(() =>
		document.querySelector('[id$="-reset"]').getAttribute('class')));
	const zoomUrl = page.url();
	check('zoom in the URL', true, /[?&]x=\d+/.test(zoomUrl));
	await page.screenshot({ path: join(dir, 'do_fault-zoom.png') });

	// --- hover: the details line shows the frame's tooltip -------------------------------------
	const tb = await page.evaluate(() => {
		for (const g of document.querySelectorAll('svg > g[id$="-f"] > g > g'))
			if (g.children[0].textContent.startsWith('lookup_memtype ')) {
				const b = g.children[1].getBoundingClientRect();
				return { x: b.x + 30, y: b.y + 7 };
			}
	});
	await page.mouse.move(tb.x, tb.y);
	check('details on hover', 'lookup_memtype — cost 2028.379 us, 45.87% of root, 90.64% of parent, self 830.596 us, 1 call',
		await text('details'));

	// --- search (button) in the zoomed view -----------------------------------------------------
	const folded = join(dir, '__do_fault.folded');
	answer = 'raw_spin';
	await page.click('[id$="-search"]');
	check('search prompt', 'prompt:Search for (regular expression):', dialogs.at(-1));
	check('Matched in the zoomed view',
		matchedPct(folded, /raw_spin/, ['__do_fault', 'special_mapping_fault', 'vvar_fault',
			'vmf_insert_pfn', 'vmf_insert_pfn_prot']),
		await text('matched'));
	check('matched frame highlighted', '#e040e0', (await frame('_raw_spin_lock_irqsave')).fill);
	check('other frame keeps its colour', false, (await frame('lookup_memtype')).fill === '#e040e0');
	check('search in the URL', 's=raw_spin', new URL(page.url()).search.match(/s=[^&]*/)[0]);
	const stateUrl = page.url();

	// --- reset zoom: widths back, Matched now over the whole graph ------------------------------
	await page.click('[id$="-reset"]');
	near('reset restores widths', before.w, (await frame('track_pfn_insert')).w, 0.05);
	check('Matched over the whole graph', matchedPct(folded, /raw_spin/), await text('matched'));
	check('reset drops x from the URL', false, /[?&]x=/.test(page.url()));
	await page.click('[id$="-search"]'); // "Reset Search"
	answer = 'memtype|shmem';
	await page.click('[id$="-search"]');
	check('Matched, nested matches once', matchedPct(folded, /memtype|shmem/), await text('matched'));
	await page.screenshot({ path: join(dir, 'do_fault-search.png') });

	// --- Ctrl-F, case toggle ----------------------------------------------------------------
	await page.click('[id$="-search"]'); // "Reset Search"
	check('search reset', ' ', await text('matched'));
	const n = dialogs.length;
	answer = 'FAULT';
	await page.keyboard.press('Control+f');
	check('Ctrl-F prompts', n + 1, dialogs.length);
	check('case-sensitive miss', 'Matched: 0.00%', await text('matched'));
	await page.click('[id$="-ic"]');
	check('ignore case', matchedPct(folded, /FAULT/i), await text('matched'));
	check('whole view matched', 'Matched: 100.00%', await text('matched'));
	check('case in the URL', true, /[?&]i=1/.test(page.url()));

	// --- a link reproduces the view -------------------------------------------------------------
	await page.goto(stateUrl);
	check('URL restores the zoom', 1180, (await frame('vmf_insert_pfn_prot')).w);
	check('URL restores the search',
		matchedPct(folded, /raw_spin/, ['__do_fault', 'special_mapping_fault', 'vvar_fault',
			'vmf_insert_pfn', 'vmf_insert_pfn_prot']),
		await text('matched'));

	// --- the schedule trace: seconds of sleep --------------------------------------------------
	await page.goto(pathToFileURL(join(dir, 'schedule.svg')).href);
	await page.screenshot({ path: join(dir, 'schedule.png') });
	answer = 'schedule_timeout|hrtimer';
	await page.keyboard.press('Control+f');
	check('schedule Matched', matchedPct(join(dir, 'schedule.folded'), /schedule_timeout|hrtimer/),
		await text('matched'));

	// --- hostile names: text, never code ----------------------------------------------------------
	const d0 = dialogs.length;
	await page.goto(pathToFileURL(join(dir, 'hostile_root.svg')).href);
	for (const name of ['a<script>alert', 'x]]></title><img/src=x/onerror=alert`2`>'])
		await clickFrame(name);
	await page.click('[id$="-reset"]');
	check('no script ran', d0, dialogs.length);
	check('hostile name shown as text', 'a<script>alert', (await frame('a<script>alert')).label);
	check('no injected element', 0, await page.evaluate(() => document.querySelectorAll('img').length));
	await page.screenshot({ path: join(dir, 'hostile.png') });

	// --- two graphs inlined in one page: separate ids, separate state ---------------------------
	const strip = (f) => readFileSync(join(dir, f), 'utf8').replace(/^<\?xml[^>]*>\n/, '');
	const html = join(dir, 'two.html');
	writeFileSync(html, `<!DOCTYPE html><html><body>${strip('__do_fault.svg')}${strip('__do_fault-slowest.svg')}</body></html>`);
	await page.setViewportSize({ width: 1200, height: 900 });
	await page.goto(pathToFileURL(html).href);
	check('ids unique in the page', 0, await page.evaluate(() => {
		const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
		return ids.length - new Set(ids).size;
	}));
	const widths = () => page.evaluate(() => [...document.querySelectorAll('svg')].map((s) =>
		[...s.querySelectorAll('g[id$="-f"] rect')].map((r) => r.getAttribute('width')).join()));
	const w0 = await widths();
	const second = await page.evaluate(() => {
		const s = document.querySelectorAll('svg')[1];
		for (const g of s.querySelectorAll('g[id$="-f"] > g > g'))
			if (g.children[0].textContent.startsWith('vmf_insert_pfn_prot ')) {
				const b = g.children[1].getBoundingClientRect();
				return { x: b.x + 20, y: b.y + 7 };
			}
	});
	await page.mouse.click(second.x, second.y);
	const w1 = await widths();
	check('first graph untouched', w0[0], w1[0]);
	check('second graph zoomed', true, w0[1] !== w1[1]);
	await page.screenshot({ path: join(dir, 'two.png'), fullPage: true });
	check('no page errors', [], errors);
} catch (e) {
	fail(e.stack || e);
} finally {
	await close();
}
finish('browser');

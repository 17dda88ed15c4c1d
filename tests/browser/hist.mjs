// hist.mjs - ROOT.svg's histogram strip in a real Chromium: a bucket's (or several) invocations
// redrawn from the per-bucket merged trees the .tree stores, All, the selection in the URL.
// usage: node hist.mjs OUTDIR   (OUTDIR holds __do_fault.svg, do_fault.tree, pick2.folded,
// schedule.svg and schedule.tree, made by run.sh)
import { check, checkHostileRedraw, drawnFrames, fail, finish, layoutFrames, openChromium, sameFrames, us } from './lib.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];

// The merged tree of the buckets from lo_ns on (lo_ns..hi_ns), summed, from the .tree's bucket
// and bnode lines: "name|cost|self|calls" per frame flame.c would draw at 1180 px (a frame
// narrower than 0.1 px left out with its callees), and each frame's width in px.
function bucketFrames(tree, los) {
	const sum = new Map();
	let on = false, inv = 0;
	for (const line of readFileSync(tree, 'utf8').split('\n')) {
		const f = line.split('\t');
		if (f[0] === 'bucket') {
			on = los.includes(f[1]);
			if (on) inv += Number(f[3]);
		} else if (f[0] === 'bnode' && on) {
			const s = sum.get(f[1]) || { calls: 0, total: 0, self: 0 };
			s.calls += Number(f[2]); s.total += Number(f[3]); s.self += Number(f[4]);
			sum.set(f[1], s);
		} else if (f[0] !== 'bnode') {
			on = false;
		}
	}
	return { ...layoutFrames(sum), inv };
}

const { page, close } = await openChromium(600);
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));

const drawn = () => drawnFrames(page);
// a slot (its bar, drawn over it, takes the click: the same bucket)
const bar = (b) => `[id$="-hb-${b}"] rect.hs`;
const text = (s) => page.evaluate((s) => document.querySelector(`[id$="-${s}"]`).textContent, s);

try {
	const fault = pathToFileURL(join(dir, '__do_fault.svg')).href;
	await page.goto(fault);
	const all = await drawn();
	check('do_fault: merged frames before a click', 111, all.length);
	// the slowest bucket, 2-4 ms: invocation 2 alone
	await page.click(bar(12), { force: true });
	const slow = bucketFrames(join(dir, 'do_fault.tree'), ['2048000']);
	const got = await drawn();
	sameFrames('do_fault slowest bucket', slow, got);
	check('do_fault slowest: one invocation', 1, slow.inv);
	check('do_fault slowest: selection line', 'Selected: 1 invocation in 1 bucket', await text('hsel'));
	// -m folded of that invocation (--pick 2): its stacks add up to the root frame's cost
	const folded = readFileSync(join(dir, 'pick2.folded'), 'utf8').trim().split('\n')
		.reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
	check('do_fault slowest: root cost = --pick 2 folded sum', `__do_fault|${us(folded)}`,
		got.find((g) => g[0].startsWith('__do_fault|'))[0].split('|').slice(0, 2).join('|'));
	check('URL keeps the selection', 'h=12', new URL(page.url()).search.slice(1));
	await page.screenshot({ path: join(dir, 'hist-slowest.png') });
	// the viewer reads the redrawn frames: a click zooms on one of them
	await page.click('svg > g[id$="-f"] > g:nth-child(2) > g:first-child rect');
	check('zoom on a redrawn frame', 'b', await page.evaluate(() =>
		document.querySelector('[id$="-reset"]').getAttribute('class')));
	// a reload draws the selection from the URL
	await page.goto(pathToFileURL(join(dir, '__do_fault.svg')).href + '?h=12');
	sameFrames('do_fault ?h=12 reloaded', slow, await drawn());
	// shift-click adds 1-2 ms: invocations 2 and 4, summed in the page
	await page.click(bar(11), { modifiers: ['Shift'], force: true });
	sameFrames('do_fault two buckets', bucketFrames(join(dir, 'do_fault.tree'), ['1024000', '2048000']),
		await drawn());
	check('two buckets: selection line', 'Selected: 2 invocations in 2 buckets', await text('hsel'));
	check('URL keeps both', 'h=11%2C12', new URL(page.url()).search.slice(1));
	// All: the merged graph again, as first drawn
	await page.click('[id$="-hall"]');
	check('All: the merged frames back', all, await drawn());
	check('All: URL cleared', '', new URL(page.url()).search);
	// a drag from the first bar to the last: every bucket, the merged tree whole
	const box = async (b) => (await page.locator(bar(b)).boundingBox());
	const a = await box(5), z = await box(12);
	await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
	await page.mouse.down();
	await page.mouse.move(z.x + z.width / 2, z.y + z.height / 2, { steps: 4 });
	await page.mouse.up();
	check('drag: all 5 buckets', 'Selected: 6 invocations in 5 buckets', await text('hsel'));
	const every = await drawn();
	check('drag: the merged tree (111 frames)', 111, every.length);
	check('drag: root cost 4422.463 us', true, every.some((g) => g[0].startsWith('__do_fault|4422.463|')));

	// schedule: 1165 sleeps; the slowest bucket (2-4 s, 6 calls)
	await page.goto(pathToFileURL(join(dir, 'schedule.svg')).href);
	await page.click(bar(22), { force: true });
	sameFrames('schedule slowest bucket', bucketFrames(join(dir, 'schedule.tree'), ['2097152000']),
		await drawn());
	check('schedule slowest: selection line', 'Selected: 6 invocations in 1 bucket', await text('hsel'));
	await page.screenshot({ path: join(dir, 'hist-schedule.png') });
	// hostile names: a bucket redrawn keeps them text
	await checkHostileRedraw(page, pathToFileURL(join(dir, 'hostile_root.svg')).href, '[id$="-hist"] .hb rect.hs');
	check('no page errors', [], errors);
} catch (e) {
	fail(e.stack || e);
} finally {
	await close();
}
finish('browser hist');

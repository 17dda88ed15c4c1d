// scatter.mjs - ROOT.svg's start-time x duration scatter in a real Chromium: a kept invocation's
// dot draws that invocation alone (its frames and widths from the .tree's invnode lines, derived
// here, not by surfgraph's page), another dot selects its bucket, the URL keeps it, All.
// usage: node scatter.mjs OUTDIR   (OUTDIR holds __do_fault.svg, do_fault.tree, pick2.folded,
// schedule.svg, schedule.tree and hostile_root.svg, made by run.sh)
import { check, checkHostileRedraw, drawnFrames, fail, finish, layoutFrames, openChromium, sameFrames, us } from './lib.mjs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];

// Invocation seq's tree from the .tree's inv and invnode lines, as flame.c lays it out.
function invFrames(tree, seq) {
	const nodes = new Map();
	let on = false;
	for (const line of readFileSync(tree, 'utf8').split('\n')) {
		const f = line.split('\t');
		if (f[0] === 'inv' || f[0] === 'slowinv')
			on = f[1] === String(seq);
		else if (f[0] === 'invnode' && on)
			nodes.set(f[1], { calls: +f[2], total: +f[3], self: +f[4] });
		else if (f[0] !== 'invnode' && f[0] !== 'call')
			on = false;
	}
	return layoutFrames(nodes);
}

const { page, close } = await openChromium(700);
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));

const drawn = () => drawnFrames(page);
const text = (s) => page.evaluate((s) => document.querySelector(`[id$="-${s}"]`).textContent, s);
const dot = (seq) => `circle[data-s="${seq}"]`;
const onDots = () => page.evaluate(() =>
	[...document.querySelectorAll('circle.on')].map((c) => +c.getAttribute('data-s')));

try {
	const tree = join(dir, 'do_fault.tree');
	const slowest = readFileSync(tree, 'utf8').split('\n').find((l) => l.startsWith('slowinv\t')).split('\t')[1];
	check('do_fault: the slowest is invocation 2', '2', slowest);
	await page.goto(pathToFileURL(join(dir, '__do_fault.svg')).href);
	const all = await drawn();
	check('do_fault: a dot per invocation', 6, await page.locator('circle').count());
	check('do_fault: all six kept (blue)', 6, await page.locator('circle.k').count());
	// the slowest's dot: that invocation alone, its frames as the .tree's invnode lines
	await page.click(dot(slowest), { force: true });
	const want = invFrames(tree, slowest), got = await drawn();
	sameFrames('do_fault slowest alone', want, got);
	const folded = readFileSync(join(dir, 'pick2.folded'), 'utf8').trim().split('\n')
		.reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
	check('slowest alone: root cost = --pick slowest folded sum', `__do_fault|${us(folded)}`,
		got.find((g) => g[0].startsWith('__do_fault|'))[0].split('|').slice(0, 2).join('|'));
	check('slowest alone: selection line', 'Invocation #2 alone', await text('hsel'));
	check('slowest alone: its dot marked', [2], await onDots());
	check('URL keeps the invocation', 'k=2', new URL(page.url()).search.slice(1));
	await page.screenshot({ path: join(dir, 'scatter-slowest.png') });
	// a reload draws it from the URL
	await page.goto(pathToFileURL(join(dir, '__do_fault.svg')).href + '?k=2');
	sameFrames('do_fault ?k=2 reloaded', want, await drawn());
	check('reloaded: its dot marked', [2], await onDots());
	// All: the merged graph back
	await page.click('[id$="-hall"]');
	check('All: the merged frames back', all, await drawn());
	check('All: URL cleared', '', new URL(page.url()).search);
	check('All: no dot marked', [], await onDots());
	// a bar after a dot: the bucket, the invocation no longer alone
	await page.click(dot(slowest), { force: true });
	await page.click('[id$="-hb-12"] rect.hs', { force: true });
	check('bar after a dot: the bucket', 'Selected: 1 invocation in 1 bucket', await text('hsel'));
	check('bar after a dot: URL', 'h=12', new URL(page.url()).search.slice(1));

	// schedule (1165 sleeps, 40 kept): a dot not kept selects its bucket
	const sched = join(dir, 'schedule.tree');
	const keptSeqs = new Set(readFileSync(sched, 'utf8').split('\n')
		.filter((l) => /^(inv|slowinv)\t/.test(l)).map((l) => l.split('\t')[1]));
	await page.goto(pathToFileURL(join(dir, 'schedule.svg')).href);
	const plain = await page.evaluate(() => {
		const c = document.querySelector('circle.d:not(.k)');
		return [c.getAttribute('data-s'), +c.getAttribute('data-b'), c.querySelector('title').textContent];
	});
	check('schedule: the first plain dot is not kept', false, keptSeqs.has(plain[0]));
	check('schedule: its tooltip says what a click does', true, /click: its bucket's graph \(/.test(plain[2]));
	await page.click(dot(plain[0]), { force: true });
	const n = await page.evaluate((b) => document.querySelectorAll(`circle[data-b="${b}"]`).length, plain[1]);
	const count = readFileSync(sched, 'utf8').split('\n').filter((l) => l.startsWith('bucket\t'))
		.map((l) => l.split('\t')).find((f) => Math.log2(+f[1] / 1000) + 1 === plain[1])[3];
	check('plain dot: its bucket selected', `Selected: ${count} invocation${count === '1' ? '' : 's'} in 1 bucket`,
		await text('hsel'));
	check('plain dot: bar marked', 'hb on', await page.evaluate((b) =>
		document.querySelector(`[id$="-hb-${b}"]`).getAttribute('class'), plain[1]));
	check('plain dot: its bucket\'s dots marked', n, (await onDots()).length);
	check('plain dot: URL', `h=${plain[1]}`, new URL(page.url()).search.slice(1));
	await page.reload();
	check('plain dot: reload keeps the bucket', n, (await onDots()).length);
	await page.click('[id$="-hall"]');
	check('schedule All: nothing marked', 0, (await onDots()).length);

	// hostile names: a kept invocation drawn alone keeps them text
	await checkHostileRedraw(page, pathToFileURL(join(dir, 'hostile_root.svg')).href, 'circle.k');
	check('no page errors', [], errors);
} catch (e) {
	fail(e.stack || e);
} finally {
	await close();
}
finish('browser scatter');

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

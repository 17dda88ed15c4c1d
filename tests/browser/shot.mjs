// shot.mjs - a picture of an SVG as Chromium draws it, for the examples (not a test).
// usage: node shot.mjs FILE.svg[?QUERY] OUT.png [HEIGHT]
import { pathToFileURL } from 'node:url';
import { openChromium } from './lib.mjs';

const [file, out, height] = process.argv.slice(2);
const q = file.indexOf('?');
const url = pathToFileURL(q < 0 ? file : file.slice(0, q)).href + (q < 0 ? '' : file.slice(q));
const { page, close } = await openChromium(Number(height || 900));
await page.goto(url);
await page.waitForTimeout(300);
await page.screenshot({ path: out });
await close();

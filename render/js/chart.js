// chart.js - the time view of a kept invocation (svg_chart.c); as flame.js, text set through
// textContent only.
function $(s) { return document.getElementById(P + '-' + s); }
var md = $('tc'), fg = $('f'), allB = $('hall');
if (!md || !fg || !allB || !svg.sgSel) return;
var T = JSON.parse(md.textContent), INV = md.getAttribute('data-inv') === '1';
var FT = +md.getAttribute('data-ft'), FB = +md.getAttribute('data-fb');
var W = +svg.getAttribute('width'), PAD = 10, CH = 7.2, IN = 3, FH = 16;
var on = false, shown = -1;
function el(n, attrs) {
  var e = document.createElementNS(NS, n);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}
function us(ns) {
  var m = ns < 0 ? '-' : '', f;
  ns = Math.abs(ns); f = String(ns % 1000);
  return m + Math.floor(ns / 1000) + '.' + '000'.slice(f.length) + f;
}
function tenths(v) { return String(v / 10); }
var btn = el('text', { id: P + '-tv', 'class': 'b h', x: W - PAD - 36,
  y: allB.getAttribute('y'), 'text-anchor': 'end' });
btn.textContent = ' ';
allB.parentNode.insertBefore(btn, allB);
/* one rectangle per recorded call: x its start from the root's entry, width its duration,
   at its depth as placed (timeline.c); the tooltip's numbers are the recorded ones */
function draw(seq) {
  var e = T.k[seq], r = e.r, n = r.length / 4, lv = [], X = {}, ci = 0, pi = 0;
  var cpu = -1, task = '-', s = 0, total = r[2], sc = total ? (W - 2 * PAD) / total : 0;
  for (var j = 0, x = e.x || []; j < x.length; j += 3) X[x[j]] = [x[j + 1], x[j + 2]];
  while (fg.firstChild) fg.removeChild(fg.firstChild);
  for (var i = 0; i < n; i++) {
    var k = r[4 * i], w = r[4 * i + 2], d = r[4 * i + 3], g, fr, ti, t, m, nm;
    s += r[4 * i + 1];
    while (ci < e.c.length && e.c[ci] === i) { cpu = e.c[ci + 1]; ci += 2; }
    while (pi < e.p.length && e.p[pi] === i) { task = e.p[pi + 1]; pi += 2; }
    var tx = Math.round((PAD + s * sc) * 10), tx2 = Math.round((PAD + (s + w) * sc) * 10);
    if (!i && tx2 <= tx) tx2 = tx + 1;
    if (tx2 <= tx) continue;
    if (!(g = lv[d])) {
      var y = INV ? FT + d * FH : FB - (d + 1) * FH;
      g = lv[d] = el('g', { transform: 'translate(0,' + y + ')' });
    }
    fr = el('g', {}); ti = el('title', {}); nm = T.s[k];
    var rs = X[i] ? X[i][0] : s, rw = X[i] ? X[i][1] : w;
    t = nm + ' \u2014 cost ' + us(rw) + ' us, at +' + us(rs) + ' us, ' + task +
      (cpu >= 0 ? ', CPU ' + cpu : '');
    if (X[i]) t += '; drawn clamped inside its caller';
    ti.textContent = t;
    fr.appendChild(ti);
    fr.appendChild(el('rect', { x: tenths(tx), width: tenths(tx2 - tx), height: FH - 1,
      fill: '#' + T.c[k].slice(0, 6) }));
    m = Math.floor(((tx2 - tx) / 10 - 2 * IN) / CH);
    if (m < 3 || (nm.length > m && m < 4)) nm = '';
    else if (nm.length > m) nm = nm.slice(0, m - 2) + '..';
    if (nm) {
      var te = el('text', { x: tenths(tx + 10 * IN), y: '11.5' });
      if (T.c[k].charAt(6) === '1') te.setAttribute('fill', '#fff');
      te.textContent = nm;
      fr.appendChild(te);
    }
    g.appendChild(fr);
  }
  lv.forEach(function (g) { if (g) fg.appendChild(g); });
}
function setUrl() {
  if (!alone) return;
  try {
    var q = new URLSearchParams(location.search);
    if (on) q.set('t', '1'); else q.delete('t');
    q.delete('x');
    var s = q.toString();
    history.replaceState(null, '', location.pathname + (s ? '?' + s : '') + location.hash);
  } catch (e) {}
}
/* the button as the selection stands; the time view drawn when asked for */
function sync() {
  var p = svg.sgSel.state().pick, e = T.k[p];
  if (p < 0) {
    btn.setAttribute('class', 'b h');
    return;
  }
  if (!e) {
    btn.setAttribute('class', '');
    btn.textContent = T.out.indexOf(p) >= 0 ? 'timings not embedded (past ' + T.max +
      ' calls in all)' : 'no timings recorded';
    return;
  }
  btn.setAttribute('class', on ? 'b on' : 'b');
  btn.textContent = 'Time view (t)';
  if (on && shown !== p) {
    draw(p);
    shown = p;
    svg.dispatchEvent(new Event('sgredraw'));
  }
}
function toggle() {
  var p = svg.sgSel.state().pick;
  if (p < 0 || !T.k[p]) return;
  on = !on;
  setUrl();
  shown = -1;
  if (on) sync(); else svg.sgSel.inv(p);
}
svg.addEventListener('sgsel', function () { shown = -1; sync(); });
btn.addEventListener('click', toggle);
if (alone) {
  window.addEventListener('keydown', function (e) {
    if ((e.key === 't' || e.key === 'T') && !e.ctrlKey && !e.metaKey && !e.altKey) toggle();
  });
  on = new URLSearchParams(location.search).get('t') === '1';
}
sync();
})();

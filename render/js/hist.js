// hist.js - the histogram strip's selection (svg_hist.c): the graph of the clicked buckets or of
// one kept invocation, drawn from the embedded tables; as flame.js, text through textContent only.
function $(s) { return document.getElementById(P + '-' + s); }
var md = $('hd'), A = JSON.parse(md.textContent), fg = $('f'), orig = [];
var FT = +md.getAttribute('data-ft'), FB = +md.getAttribute('data-fb');
var W = +svg.getAttribute('width'), PAD = 10, CH = 7.2, IN = 3, FH = 16;
var selB = $('hsel'), allB = $('hall'), sel = [], anchor = -1, pick = -1;
for (var c = fg.firstChild; c; c = c.nextSibling) orig.push(c.cloneNode(true));
/* the frames as [parent, name, fill, light label] from the flat, shared tables */
var nn = [];
for (var i = 0; i < A.n.length; i += 3) {
  var cl = A.c[A.n[i + 2]];
  nn.push([A.n[i], A.s[A.n[i + 1]], cl.slice(0, 6), cl.charAt(6) === '1' ? 1 : 0]);
}
A.n = nn;
var kids = A.n.map(function () { return []; });
for (var i = 1; i < A.n.length; i++) kids[A.n[i][0]].push(i);
function us(ns) {
  var f = String(ns % 1000);
  return Math.floor(ns / 1000) + '.' + '000'.slice(f.length) + f;
}
function pct(a, b) { return b ? (100 * a / b).toFixed(2) : '-'; }
function cmpName(a, b) { return A.n[a][1] < A.n[b][1] ? -1 : A.n[a][1] > A.n[b][1]; }
function el(n, attrs) {
  var e = document.createElementNS(NS, n);
  for (var k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}
function tenths(v) { return String(v / 10); }
/* as flame.c's layout: breadth first, siblings widest first (or by name), clipped to the
   caller, frames narrower than minwidth left out with their callees */
function draw() {
  var n = A.n.length, T = new Array(n).fill(0), S = T.slice(), C = T.slice(), inv = 0;
  (pick >= 0 ? [A.k[pick]] : sel.map(function (b) { return A.b[b]; })).forEach(function (e) {
    inv += e[0];
    for (var j = 1, i = 0; j < e.length; j += 4) {
      i += e[j]; T[i] += e[j + 1]; S[i] += e[j + 2]; C[i] += e[j + 3];
    }
  });
  while (fg.firstChild) fg.removeChild(fg.firstChild);
  var total = T[0], sc = total ? (W - 2 * PAD) / total : 0, q = [], lv = [];
  if (total) q.push({ i: 0, x: 0, w: total, d: 0, p: null });
  for (var k = 0; k < q.length; k++) {
    var f = q[k], x = f.x, end = f.x + f.w;
    var ks = kids[f.i].filter(function (c) { return T[c] > 0; });
    ks.sort(A.byName ? cmpName : function (a, b) { return T[b] - T[a] || cmpName(a, b); });
    ks.forEach(function (c) {
      var w = Math.min(T[c], end - x);
      if (!w || w * sc < A.minw) return;
      q.push({ i: c, x: x, w: w, d: f.d + 1, p: f });
      x += w;
    });
  }
  q.forEach(function (f) {
    var g = lv[f.d], nd = A.n[f.i], t, s, m;
    if (!g) {
      var y = A.inv ? FT + f.d * FH : FB - (f.d + 1) * FH;
      g = lv[f.d] = el('g', { transform: 'translate(0,' + y + ')' });
    }
    var fr = el('g', {}), ti = el('title', {});
    var tx = Math.round((PAD + f.x * sc) * 10), tx2 = Math.round((PAD + (f.x + f.w) * sc) * 10);
    if (!f.p && tx2 <= tx) tx2 = tx + 1;
    if (tx2 <= tx) return;
    t = nd[1] + ' \u2014 cost ' + us(f.w) + ' us, ' + pct(f.w, total) + '% of root, ' +
      pct(f.w, f.p ? f.p.w : f.w) + '% of parent, self ' + us(S[f.i]) + ' us, ' + C[f.i] +
      (C[f.i] === 1 ? ' call' : ' calls');
    if (C[f.i] > 1) t += ', avg ' + us(Math.floor(f.w / C[f.i])) + ' us per call';
    ti.textContent = t;
    fr.appendChild(ti);
    fr.appendChild(el('rect', { x: tenths(tx), width: tenths(tx2 - tx), height: FH - 1,
      fill: '#' + nd[2] }));
    m = Math.floor(((tx2 - tx) / 10 - 2 * IN) / CH); s = nd[1];
    if (m < 3 || (s.length > m && m < 4)) s = '';
    else if (s.length > m) s = s.slice(0, m - 2) + '..';
    if (s) {
      var te = el('text', { x: tenths(tx + 10 * IN), y: '11.5' });
      if (nd[3]) te.setAttribute('fill', '#fff');
      te.textContent = s;
      fr.appendChild(te);
    }
    g.appendChild(fr);
  });
  lv.forEach(function (g) { if (g) fg.appendChild(g); });
  return inv;
}
function apply() {
  var inv = 0;
  sel.sort(function (a, b) { return a - b; });
  if (sel.length || pick >= 0) {
    inv = draw();
  } else {
    while (fg.firstChild) fg.removeChild(fg.firstChild);
    orig.forEach(function (c) { fg.appendChild(c.cloneNode(true)); });
  }
  for (var b in A.b) {
    var bar = $('hb-' + b);
    if (sel.indexOf(+b) >= 0) bar.setAttribute('class', 'hb on'); else bar.setAttribute('class', 'hb');
  }
  selB.textContent = pick >= 0 ? 'Invocation #' + pick + ' alone' : sel.length ?
    'Selected: ' + inv + (inv === 1 ? ' invocation' : ' invocations') + ' in ' + sel.length +
    (sel.length === 1 ? ' bucket' : ' buckets') : ' ';
  allB.setAttribute('class', sel.length || pick >= 0 ? 'b' : 'b h');
  svg.dispatchEvent(new Event('sgredraw'));
  svg.dispatchEvent(new CustomEvent('sgsel', { detail: { sel: sel.slice(), pick: pick } }));
  if (!alone) return;
  try {
    var q = new URLSearchParams(location.search);
    if (sel.length) q.set('h', sel.join(',')); else q.delete('h');
    if (pick >= 0) q.set('k', pick); else q.delete('k');
    q.delete('x');
    var s = q.toString();
    history.replaceState(null, '', location.pathname + (s ? '?' + s : '') + location.hash);
  } catch (e) {}
}
function barOf(e) {
  for (var t = e.target; t && t !== svg; t = t.parentNode)
    if (t.id && t.id.indexOf(P + '-hb-') === 0) return +t.id.slice(P.length + 4);
  return -1;
}
var strip = $('hist');
strip.addEventListener('mousedown', function (e) { anchor = barOf(e); });
strip.addEventListener('mouseup', function (e) {
  var b = barOf(e), a = anchor;
  anchor = -1;
  if (b < 0) return;
  pick = -1;
  if (e.shiftKey) {
    var k = sel.indexOf(b);
    if (k >= 0) sel.splice(k, 1); else sel.push(b);
  } else if (a >= 0 && a !== b) {
    sel = [];
    for (var k in A.b) if (+k >= Math.min(a, b) && +k <= Math.max(a, b)) sel.push(+k);
  } else {
    sel = [b];
  }
  apply();
});
allB.addEventListener('click', function () { sel = []; pick = -1; apply(); });
/* svg_scatter.c's dots select through this: a bucket, or a kept invocation alone */
svg.sgSel = {
  bucket: function (b) { if (A.b[b]) { sel = [b]; pick = -1; apply(); } },
  inv: function (s) {
    if (!A.k[s]) return false;
    sel = []; pick = s; apply();
    return true;
  },
  state: function () { return { sel: sel.slice(), pick: pick }; }
};
if (alone) {
  var h = new URLSearchParams(location.search).get('h');
  var kq = new URLSearchParams(location.search).get('k');
  if (kq && A.k[kq]) {
    pick = +kq;
    apply();
  } else if (h) {
    h.split(',').forEach(function (b) { if (A.b[b] && sel.indexOf(+b) < 0) sel.push(+b); });
    if (sel.length) apply();
  }
}
})();

// flame.js - the flame graph viewer (svg.c): zoom, search, tooltips. It reads everything from
// the elements: a frame's name and weight from its <title>, its place from its <rect>, its depth
// from its level group. No globals, no inline handlers, text set through textContent only, so
// a hostile name or search string never becomes markup or code. #e040e0: a match's fill.
var W = +svg.getAttribute('width'), PAD = 10, CH = 7.2, IN = 3, EPS = 1e-3;
function $(s) { return document.getElementById(P + '-' + s); }
var fg = $('f'), details = $('details'), matched = $('matched');
var resetB = $('reset'), searchB = $('search'), icB = $('ic');
var G = [], R = [], T = [], X = [], Wd = [], D = [], N = [], C = [], F = [], M = [];
var zoomed = 0, re = null, rs = '', ic = false;
/* the frames, read again when svg_hist.c's selection redraws them */
function scan() {
G = []; R = []; T = []; X = []; Wd = []; D = []; N = []; C = []; F = []; M = [];
for (var d = 0, lv = fg.children; d < lv.length; d++) {
  for (var i = 0, gs = lv[d].children; i < gs.length; i++) {
    var g = gs[i], t = g.children[0].textContent, r = g.children[1];
    var k = t.lastIndexOf(' \u2014 cost ');
    g.sgI = G.length;
    G.push(g); R.push(r); T.push(g.children[2] || null); D.push(d); M.push(false);
    X.push(+r.getAttribute('x')); Wd.push(+r.getAttribute('width'));
    N.push(t.slice(0, k)); C.push(parseFloat(t.slice(k + 8)));
    F.push(r.getAttribute('fill'));
  }
}
}
scan();
/* b lies within a: geometry, as the SVG has no parent links */
function inside(a, b) {
  return X[b] >= X[a] - EPS && X[b] + Wd[b] <= X[a] + Wd[a] + EPS;
}
function place(j, x, w) {
  R[j].setAttribute('x', x.toFixed(1));
  R[j].setAttribute('width', w.toFixed(1));
  var n = Math.floor((w - 2 * IN) / CH), s = N[j], t = T[j];
  /* as sg_flame_label: cut with '..', none under 3 characters or 2 of the name */
  if (n < 3 || (s.length > n && n < 4)) s = '';
  else if (s.length > n) s = s.slice(0, n - 2) + '..';
  if (!t) {
    if (!s) return;
    t = T[j] = document.createElementNS(NS, 'text');
    t.setAttribute('y', '11.5');
    G[j].appendChild(t);
  }
  t.setAttribute('x', (x + IN).toFixed(1));
  t.textContent = s;
}
function setUrl() {
  if (!alone) return;
  try {
    var q = new URLSearchParams(location.search);
    if (zoomed) q.set('x', zoomed); else q.delete('x');
    if (re) q.set('s', rs); else q.delete('s');
    if (ic) q.set('i', '1'); else q.delete('i');
    var s = q.toString();
    s = location.pathname + (s ? '?' + s : '') + location.hash;
    history.replaceState(null, '', s);
  } catch (e) {}
}
/* ancestors stay full width and dimmed, the zoomed frame's callees spread out */
function zoom(z) {
  var sc = (W - 2 * PAD) / Wd[z];
  zoomed = z;
  for (var j = 0; j < G.length; j++) {
    var cls = 'h';
    if (D[j] < D[z] ? inside(j, z) : D[j] === D[z] ? j === z : inside(z, j)) {
      if (D[j] <= D[z]) {
        place(j, PAD, W - 2 * PAD);
        cls = j === z ? '' : 'p';
      } else {
        place(j, PAD + (X[j] - X[z]) * sc, Wd[j] * sc);
        cls = '';
      }
    }
    if (cls) G[j].setAttribute('class', cls); else G[j].removeAttribute('class');
  }
  resetB.setAttribute('class', z ? 'b' : 'b h');
  showMatched();
  setUrl();
}
/* matched weight in the zoomed frame, a match inside another counted once */
function showMatched() {
  if (!re) { matched.textContent = ' '; return; }
  var z = zoomed, sum = 0, m = [], j, s = -1, e = -1;
  for (j = 0; j < G.length; j++) {
    if (!M[j]) continue;
    if (D[j] <= D[z] && inside(j, z)) { m = null; sum = C[z]; break; }
    if (D[j] > D[z] && inside(z, j)) m.push(j);
  }
  if (m) {
    m.sort(function (a, b) { return X[a] - X[b] || D[a] - D[b]; });
    for (var i = 0; i < m.length; i++) {
      j = m[i];
      if (X[j] >= s - EPS && X[j] + Wd[j] <= e + EPS) continue;
      s = X[j]; e = X[j] + Wd[j]; sum += C[j];
    }
  }
  matched.textContent = 'Matched: ' + (C[z] ? 100 * sum / C[z] : 0).toFixed(2) + '%';
}
function search(s) {
  re = null; rs = s || '';
  if (rs) {
    try {
      re = new RegExp(rs, ic ? 'i' : '');
    } catch (e) {
      matched.textContent = 'bad regex';
    }
  }
  for (var j = 0; j < G.length; j++) {
    M[j] = !!re && re.test(N[j]);
    R[j].setAttribute('fill', M[j] ? '#e040e0' : F[j]);
  }
  searchB.textContent = re ? 'Reset Search' : 'Search';
  if (re || !rs) showMatched();
  setUrl();
}
function ask() {
  var s = prompt('Search for (regular expression):', rs);
  if (s !== null) search(s);
}
function frameOf(el) {
  for (; el && el !== fg; el = el.parentNode) if (el.sgI !== undefined) return el;
  return null;
}
fg.addEventListener('click', function (e) {
  var g = frameOf(e.target);
  if (g) zoom(g.sgI);
});
fg.addEventListener('mouseover', function (e) {
  var g = frameOf(e.target);
  if (g) details.textContent = g.children[0].textContent;
});
fg.addEventListener('mouseout', function () { details.textContent = ' '; });
resetB.addEventListener('click', function () { zoom(0); });
svg.addEventListener('sgredraw', function () {
  scan();
  if (G.length) zoom(0);
  if (rs) search(rs);
});
searchB.addEventListener('click', function () { if (re) search(''); else ask(); });
icB.addEventListener('click', function () {
  ic = !ic;
  icB.setAttribute('class', ic ? 'b on' : 'b');
  if (rs) search(rs); else setUrl();
});
/* in a page holding several graphs, the page owns the keys and the URL */
if (alone) {
  window.addEventListener('keydown', function (e) {
    var find = (e.ctrlKey || e.metaKey) && (e.key === 'f' || e.key === 'F');
    if (find || e.key === 'F3') {
      e.preventDefault();
      ask();
    } else if (e.key === 'Escape') {
      search('');
    }
  });
  var q = new URLSearchParams(location.search), x = parseInt(q.get('x'), 10);
  if (q.get('i') === '1') { ic = true; icB.setAttribute('class', 'b on'); }
  if (x > 0 && x < G.length) zoom(x);
  if (q.get('s')) search(q.get('s'));
}
})();

// scatter.js - the scatter plot's dots (svg_scatter.c) select through hist.js's svg.sgSel.
// Whole alone: no prologue.
(function () {
'use strict';
var cs = document.currentScript, svg = cs ? cs.parentNode : document.documentElement;
var sc = document.getElementById(svg.id + '-sc'), api = svg.sgSel;
if (!sc || !api) return;
var dots = sc.getElementsByTagName('circle');
/* the selected bucket's dots, or the invocation drawn alone, over the others dimmed */
function mark(st) {
  var any = st.sel.length > 0 || st.pick >= 0;
  sc.setAttribute('class', any ? 'sc sel' : 'sc');
  for (var i = 0; i < dots.length; i++) {
    var d = dots[i], on = st.pick >= 0 ? +d.getAttribute('data-s') === st.pick :
      st.sel.indexOf(+d.getAttribute('data-b')) >= 0;
    d.classList.toggle('on', on);
  }
}
svg.addEventListener('sgsel', function (e) { mark(e.detail); });
sc.addEventListener('click', function (e) {
  var d = e.target;
  if (!d.hasAttribute || !d.hasAttribute('data-s')) return;
  if (!(d.classList.contains('k') && api.inv(+d.getAttribute('data-s'))))
    api.bucket(+d.getAttribute('data-b'));
});
mark(api.state());
})();

// chart_untimed.js - no kept invocation has times (svg_chart.c): what a kept invocation drawn
// alone says, and nothing more. Whole alone: no prologue.
(function () {
var cs = document.currentScript, svg = cs ? cs.parentNode : document.documentElement;
var a = document.getElementById(svg.id + '-hall');
if (!a || !svg.sgSel) return;
var b = document.createElementNS('http://www.w3.org/2000/svg', 'text');
b.setAttribute('x', +svg.getAttribute('width') - 46);
b.setAttribute('y', a.getAttribute('y'));
b.setAttribute('text-anchor', 'end');
b.textContent = 'no timings recorded';
a.parentNode.insertBefore(b, a);
function sync() { b.setAttribute('class', svg.sgSel.state().pick < 0 ? 'h' : ''); }
svg.addEventListener('sgsel', sync);
sync();
})();

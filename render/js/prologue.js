// prologue.js - opens flame.js, hist.js and chart.js (the generator prepends it): the viewer
// finds its own <svg> through document.currentScript, so one page may hold several graphs;
// P prefixes its element ids. Lines starting with // are dropped when embedded.
(function () {
'use strict';
var cs = document.currentScript, svg = cs ? cs.parentNode : document.documentElement;
var P = svg.id, NS = 'http://www.w3.org/2000/svg';
var alone = document.documentElement === svg;

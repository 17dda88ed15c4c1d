/* svg_js.h - the SVG viewers' scripts, written in render/js/NAME.js and embedded at build time. */
#ifndef SG_SVG_JS_H
#define SG_SVG_JS_H

/*
 * Each is one script as it goes between <script><![CDATA[ and ]]></script>, NUL-terminated:
 * flame, hist and chart open with render/js/prologue.js; chart_untimed and scatter are whole.
 * build/gen/svg_js.c defines them (Makefile: JS_*), and make js-check runs node --check on each.
 */
extern const char sg_svg_js_flame[];
extern const char sg_svg_js_hist[];
extern const char sg_svg_js_chart[];
extern const char sg_svg_js_chart_untimed[];
extern const char sg_svg_js_scatter[];

#endif

/* outname.h - what an output's name says: the kind its extension names, checked against -m. */
#ifndef SG_OUTNAME_H
#define SG_OUTNAME_H

#include "options.h"

/*
 * -o's extension against what the command writes, before anything is read. diff: -o d.svg
 * (.png, .pdf, .json, .folded, .txt) chooses the mode when -m was not given (mode_given 0), and
 * one that names another kind than -m's is refused (-m png -o p.txt). The main command: -o
 * NAME.svg, .png or .pdf names the flame graph (o->graph; o->output is then NULL) and chooses the
 * mode likewise; any other -o is the .tree. merge: -o is the .tree. -1 with a message.
 */
int sg_outname_check(struct sg_options *o, int mode_given);

/*
 * The flame graphs' directory and base name as -o names them: -o NAME.svg, or -o NAME.tree,
 * draws NAME.svg, NAME-N.svg (in -o's directory, or --outdir). *dir (NULL: the current
 * directory) and *base malloc'd; 0 with *base NULL when -o names neither; -1 out of memory.
 */
int sg_outname_graph_base(const struct sg_options *o, char **dir, char **base);

#endif

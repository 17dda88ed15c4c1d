/* datformats.h - which event formats reading a trace.dat parses: only those the decoder reads. */
#ifndef SG_DATFORMATS_H
#define SG_DATFORMATS_H

/*
 * Between begin and end (a trace.dat's headers being read), tep_parse_event, which surfgraph
 * defines in libtraceevent's place, parses only the formats sg_raw_decoder_wants: the others
 * (a thousand and more in a recording's file) are left out, as if the file had not held them.
 * Outside, and for a format whose name it cannot read, it is libtraceevent's.
 */
void sg_datformats_begin(void);
void sg_datformats_end(void);

#endif

/* errnames.h - Linux error numbers by name, for return values (funcgraph-retval): "ENOMEM". */
#ifndef SG_ERRNAMES_H
#define SG_ERRNAMES_H

/* The name of a positive kernel errno (12: "ENOMEM"), or NULL when it has none. */
const char *sg_errnames_lookup(int err);

#endif

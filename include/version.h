/* version.h - surfgraph's version, for --version and the files that name their exporter. */
#ifndef SG_VERSION_H
#define SG_VERSION_H

#define SG_VERSION "0.1.0"

#endif

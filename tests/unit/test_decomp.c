/* test_decomp.c - compressed input by content: gzip through zlib here, peeking, members, cut
 * streams, and the binary-data judge. */
#include <stdlib.h>
#include <unistd.h>
#include <zlib.h>
#include "check.h"
#include "decomp.h"
#include "log.h"

/* data gzipped (one member) into out; its length */
static size_t gz(const char *data, size_t n, unsigned char *out, size_t cap)
{
	z_stream z = {0};

	deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
	z.next_in = (Bytef *) data;
	z.avail_in = (uInt) n;
	z.next_out = out;
	z.avail_out = (uInt) cap;
	deflate(&z, Z_FINISH);
	n = cap - z.avail_out;
	deflateEnd(&z);
	return n;
}

/* bytes through a pipe (as stdin would bring them) into a stream, named "t" */
static struct sg_decomp *piped(const void *bytes, size_t n)
{
	int p[2];

	if (pipe(p) < 0 || write(p[1], bytes, n) != (ssize_t) n)
		return NULL;
	close(p[1]);
	return sg_decomp_new(p[0], "t");
}

/* the whole stream read back into out, 7 bytes at a time: its length, or -1 */
static ssize_t drain(struct sg_decomp *d, char *out, size_t cap)
{
	size_t len = 0;
	ssize_t k;

	while ((k = sg_decomp_read(d, out + len, cap - len > 7 ? 7 : cap - len)) > 0)
		len += (size_t) k;
	return k < 0 ? -1 : (ssize_t) len;
}

int main(void)
{
	static const char text[] = "# tracer: function_graph\n 0)   1.000 us  |  f();\n";
	static unsigned char z[4096];
	static char out[4096];
	size_t zn = gz(text, sizeof(text) - 1, z, sizeof(z)), z2n;
	struct sg_decomp *d;
	const char *head;

	/* plain bytes pass as they are; a peek is read again */
	d = piped(text, sizeof(text) - 1);
	CHECK(d && sg_decomp_kind(d) == SG_DECOMP_NONE && !sg_decomp_kind_name(d));
	CHECK(d && sg_decomp_peek(d, 10, &head) == 10 && memcmp(head, text, 10) == 0);
	CHECK(d && drain(d, out, sizeof(out)) == (ssize_t) sizeof(text) - 1 &&
	      memcmp(out, text, sizeof(text) - 1) == 0);
	sg_decomp_free(d);

	/* gzip: decompressed, in small reads, after a peek of more than there is */
	d = piped(z, zn);
	CHECK(d && sg_decomp_kind(d) == SG_DECOMP_GZIP);
	CHECK_STR(d ? sg_decomp_kind_name(d) : NULL, "gzip");
	CHECK(d && sg_decomp_peek(d, 512, &head) == (ssize_t) sizeof(text) - 1);
	CHECK(d && drain(d, out, sizeof(out)) == (ssize_t) sizeof(text) - 1 &&
	      memcmp(out, text, sizeof(text) - 1) == 0);
	CHECK(d && !sg_decomp_error(d));
	sg_decomp_free(d);

	/* two members: read on */
	memcpy(z + zn, z, zn);
	z2n = 2 * zn;
	d = piped(z, z2n);
	CHECK(d && drain(d, out, sizeof(out)) == 2 * ((ssize_t) sizeof(text) - 1) &&
	      memcmp(out + sizeof(text) - 1, text, sizeof(text) - 1) == 0);
	sg_decomp_free(d);

	/* cut anywhere, even in the last member's trailer: an error, kept for the reader's caller
	 */
	for (size_t cut = 3; cut < z2n; cut += 5) {
		d = piped(z, cut);
		ssize_t got = d ? drain(d, out, sizeof(out)) : -1;

		CHECK(d && got < 0 && sg_decomp_error(d) &&
		      strstr(sg_decomp_error(d), "t: the gzip data is cut short"));
		CHECK(d && sg_decomp_read(d, out, 1) < 0); /* and stays so */
		sg_decomp_free(d);
	}
	/* a changed byte in the data: the CRC or the decoder says so */
	z[zn / 2] ^= 0x55;
	d = piped(z, zn);
	CHECK(d && drain(d, out, sizeof(out)) < 0 && strstr(sg_log_message(), "corrupt gzip data"));
	sg_decomp_free(d);

	/* the binary judge (B: a string literal and its length) */
#define B(s) sg_decomp_binary(s, sizeof(s) - 1)
	CHECK(!B(text));
	CHECK(!B(""));
	CHECK(B("ab\0cd"));
	CHECK(B("\x89PNG\r\n\x1a\n\0\0\0\rIHDR"));
	/* UTF-8 and a hostile task name inside a real line stay text */
	CHECK(!B(" 0)  t\xc3\xa4sk-12  |   1.000 us  |  f(); /* \xe2\x9c\x93 */\n"));
	CHECK(!B(" 0)  \x1b[31m\x9b\x07\x01-12 |   1.000 us  |  f();\n"));
	/* a UTF-8 sequence the window cuts is not held against it */
	CHECK(!B("abc\xe2\x9c"));
	CHECK(B("\x80\x81\x82\x83\x84\x85\x86\x87"));
	CHECK(B("\x01\x02\x03\x04xyz"));

	/* bzip2 is named, not read */
	d = piped("BZh91AY&SY\x01\x02\x03\x04\x05\x06", 16);
	CHECK(!d && strstr(sg_log_message(), "t is bzip2-compressed"));

	return check_report("decomp");
}

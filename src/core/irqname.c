/* irqname.c - which kernel functions begin an interrupt's work inside the call they interrupted. */
#include <string.h>
#include "irqname.h"

/*
 * Prefixes of the x86, arm64 and generic entry points (arch/x86/include/asm/idtentry.h,
 * arch/arm64/kernel/entry-common.c, drivers/irqchip/irq-gic*.c, kernel/softirq.c). A suffix like
 * "_interrupt" is not enough: __next_timer_interrupt and get_next_timer_interrupt run in task
 * context. On arm64 the first traced functions of an interrupt are do_interrupt_handler and the
 * GIC's gic_handle_irq (the el1/el0 entry code before them is noinstr).
 */
static const char *const prefixes[] = {
	"irq_enter", "irq_exit", "__irq_exit", "asm_sysvec_", "sysvec_", "__sysvec_",
	"asm_common_interrupt", "common_interrupt", "__common_interrupt", "do_IRQ",
	"smp_apic_timer_interrupt", "smp_call_function_interrupt",
	"smp_call_function_single_interrupt", "smp_reschedule_interrupt",
	"asm_exc_nmi", "exc_nmi", "default_do_nmi",
	"do_interrupt_handler", "gic_handle_irq", NULL,
};

#define NPREFIX (sizeof(prefixes) / sizeof(prefixes[0]) - 1)

/*
 * The prefixes by first byte: first[c] is 1 + the index of the first one beginning with c (0:
 * none), next[i] of the next one after prefix i. Filled on first use (no threads run here).
 * Every frame of a flame graph asks, and most names are ruled out by their first byte alone.
 */
static unsigned char first[256], next[NPREFIX], ready;

int sg_irqname_is_entry(const char *name)
{
	if (!ready) {
		for (size_t i = NPREFIX; i-- > 0;) {
			unsigned char c = (unsigned char) prefixes[i][0];

			next[i] = first[c];
			first[c] = (unsigned char) (i + 1);
		}
		ready = 1;
	}
	for (unsigned i = first[(unsigned char) name[0]]; i; i = next[i - 1]) {
		const char *p = prefixes[i - 1];

		/*
		 * name[1] can be read: name[0] is p[0], not the NUL; name[2] too when name[1] is
		 * p[1] (every prefix is longer than 2). Kernel names share "__": the third byte
		 * rules most of them out before the compare.
		 */
		if (p[1] == name[1] && p[2] == name[2] && strncmp(name, p, strlen(p)) == 0)
			return 1;
	}
	return 0;
}

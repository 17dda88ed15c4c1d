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

int sg_irqname_is_entry(const char *name)
{
	/* every frame of a flame graph asks: the first byte rules out most prefixes unread */
	for (int i = 0; prefixes[i]; i++)
		if (prefixes[i][0] == name[0] &&
		    strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	return 0;
}

/* test_irqname.c - the interrupt entries --no-irqs leaves out, on x86 and arm64 kernels. */
#include "check.h"
#include "irqname.h"

int main(void)
{
	/* x86 */
	CHECK(sg_irqname_is_entry("__sysvec_apic_timer_interrupt"));
	CHECK(sg_irqname_is_entry("irq_enter_rcu"));
	CHECK(sg_irqname_is_entry("irq_exit_rcu"));
	CHECK(sg_irqname_is_entry("common_interrupt"));
	/* arm64 (seen in a 6.1 arm64 guest's trace between ==========> markers) */
	CHECK(sg_irqname_is_entry("do_interrupt_handler"));
	CHECK(sg_irqname_is_entry("gic_handle_irq"));
	CHECK(sg_irqname_is_entry("gic_handle_irq.isra.0"));
	/* task context, names alike */
	CHECK(!sg_irqname_is_entry("get_next_timer_interrupt"));
	CHECK(!sg_irqname_is_entry("__next_timer_interrupt"));
	CHECK(!sg_irqname_is_entry("__arm64_sys_read"));
	CHECK(!sg_irqname_is_entry("gic_set_affinity"));
	CHECK(!sg_irqname_is_entry("do_interrupt"));
	return check_report("irqname");
}

/* irqname.h - which kernel functions begin an interrupt's work inside the call they interrupted. */
#ifndef SG_IRQNAME_H
#define SG_IRQNAME_H

/*
 * 1 when name is the entry of hard interrupt work as function_graph shows it in the interrupted
 * call's tree (irq_enter_rcu, __sysvec_apic_timer_interrupt, irq_exit_rcu, common_interrupt...),
 * which funcgraph-irqs=0 leaves out; 0 otherwise. Compiler clones (.isra.0) count as the name.
 */
int sg_irqname_is_entry(const char *name);

#endif

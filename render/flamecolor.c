/* flamecolor.c - flame graph colours: the hot and subsystem palettes, interrupts' and off-CPU
 * frames' own, and a label's colour on its fill. */
#include <stdint.h>
#include <string.h>
#include "flamecolor.h"

/* FNV-1a: cheap, and the same everywhere, so a function keeps its colour between graphs. */
static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char) *s) * 16777619u;
	return h;
}

/* The legend's families, in its order; the last is "other" (defined below the prefixes). */
#define SG_FLAME_OTHER 5

/* Prefixes (after leading underscores) naming a subsystem, and its base colour. */
static const struct subsys {
	const char *prefix;
	unsigned char rgb[3];
} subsystems[] = {
    /* memory management: greens */
    {"handle_mm", {80, 180, 80}},
    {"do_fault", {80, 180, 80}},
    {"do_anonymous", {80, 180, 80}},
    {"filemap", {80, 180, 80}},
    {"page", {80, 180, 80}},
    {"folio", {80, 180, 80}},
    {"pte", {80, 180, 80}},
    {"pmd", {80, 180, 80}},
    {"pud", {80, 180, 80}},
    {"vma", {80, 180, 80}},
    {"vm_", {80, 180, 80}},
    {"vmf_", {80, 180, 80}},
    {"alloc_pages", {80, 180, 80}},
    {"get_page", {80, 180, 80}},
    {"kmem_", {80, 180, 80}},
    {"kmalloc", {80, 180, 80}},
    {"kfree", {80, 180, 80}},
    {"mem_cgroup", {80, 180, 80}},
    {"memcg", {80, 180, 80}},
    {"lru_", {80, 180, 80}},
    {"tlb_", {80, 180, 80}},
    {"flush_tlb", {80, 180, 80}},
    {"mm_", {80, 180, 80}},
    {"special_mapping", {80, 180, 80}},
    {"track_pfn", {80, 180, 80}},
    {"lookup_memtype", {80, 180, 80}},
    {"pat_", {80, 180, 80}},
    {"shmem", {80, 180, 80}},
    {"vvar", {80, 180, 80}},
    {"vdso", {80, 180, 80}},
    {"walk_system_ram", {80, 180, 80}},
    {"find_next_iomem", {80, 180, 80}},
    {"pagerange", {80, 180, 80}},
    {"exc_page_fault", {80, 180, 80}},
    {"asm_exc_page_fault", {80, 180, 80}},
    {"do_user_addr_fault", {80, 180, 80}},
    {"slab", {80, 180, 80}},
    /* files and block I/O: blues */
    {"vfs_", {90, 140, 210}},
    {"ksys_", {90, 140, 210}},
    {"do_sys_", {90, 140, 210}},
    {"path_", {90, 140, 210}},
    {"link_path", {90, 140, 210}},
    {"dput", {90, 140, 210}},
    {"dget", {90, 140, 210}},
    {"d_", {90, 140, 210}},
    {"inode", {90, 140, 210}},
    {"iput", {90, 140, 210}},
    {"fput", {90, 140, 210}},
    {"fget", {90, 140, 210}},
    {"file", {90, 140, 210}},
    {"generic_file", {90, 140, 210}},
    {"ext4_", {90, 140, 210}},
    {"iomap", {90, 140, 210}},
    {"blk_", {90, 140, 210}},
    {"bio_", {90, 140, 210}},
    {"submit_bio", {90, 140, 210}},
    {"seq_", {90, 140, 210}},
    {"proc_", {90, 140, 210}},
    {"kernfs", {90, 140, 210}},
    {"sysfs", {90, 140, 210}},
    {"pipe_", {90, 140, 210}},
    {"rw_verify", {90, 140, 210}},
    {"security_file", {90, 140, 210}},
    {"lookup_", {90, 140, 210}},
    {"walk_component", {90, 140, 210}},
    {"do_filp", {90, 140, 210}},
    {"do_dentry", {90, 140, 210}},
    {"copy_page_to_iter", {90, 140, 210}},
    /* opening and closing files: do_sys_openat2's callees on 6.1 to 7.x */
    {"may_", {90, 140, 210}},
    {"alloc_empty_file", {90, 140, 210}},
    {"alloc_file", {90, 140, 210}},
    {"getname", {90, 140, 210}},
    {"do_getname", {90, 140, 210}},
    {"putname", {90, 140, 210}},
    {"do_open", {90, 140, 210}},
    {"open_last", {90, 140, 210}},
    {"do_file_open", {90, 140, 210}},
    {"build_open", {90, 140, 210}},
    {"get_unused_fd", {90, 140, 210}},
    {"fd_install", {90, 140, 210}},
    {"alloc_fd", {90, 140, 210}},
    {"terminate_walk", {90, 140, 210}},
    {"complete_walk", {90, 140, 210}},
    {"step_into", {90, 140, 210}},
    {"follow_", {90, 140, 210}},
    {"nd_", {90, 140, 210}},
    {"try_to_unlazy", {90, 140, 210}},
    {"legitimize", {90, 140, 210}},
    {"set_root", {90, 140, 210}},
    {"mntput", {90, 140, 210}},
    {"mntget", {90, 140, 210}},
    {"lockref", {90, 140, 210}},
    {"generic_permission", {90, 140, 210}},
    {"security_inode", {90, 140, 210}},
    {"fsnotify", {90, 140, 210}},
    {"dcache", {90, 140, 210}},
    {"dentry_", {90, 140, 210}},
    {"alloc_inode", {90, 140, 210}},
    {"new_inode", {90, 140, 210}},
    {"mnt_", {90, 140, 210}},
    {"traverse_mounts", {90, 140, 210}},
    {"do_truncate", {90, 140, 210}},
    {"truncate_", {90, 140, 210}},
    {"notify_change", {90, 140, 210}},
    {"simple_setattr", {90, 140, 210}},
    {"pde_", {90, 140, 210}},
    /* scheduler: purples */
    {"schedule", {160, 110, 200}},
    {"sched_", {160, 110, 200}},
    {"pick_next", {160, 110, 200}},
    {"put_prev", {160, 110, 200}},
    {"enqueue_", {160, 110, 200}},
    {"dequeue_", {160, 110, 200}},
    {"update_curr", {160, 110, 200}},
    {"update_rq", {160, 110, 200}},
    {"update_load", {160, 110, 200}},
    {"update_cfs", {160, 110, 200}},
    {"finish_task_switch", {160, 110, 200}},
    {"context_switch", {160, 110, 200}},
    {"psi_", {160, 110, 200}},
    {"try_to_wake_up", {160, 110, 200}},
    {"ttwu_", {160, 110, 200}},
    {"wake_up", {160, 110, 200}},
    {"set_next_entity", {160, 110, 200}},
    {"check_preempt", {160, 110, 200}},
    {"resched", {160, 110, 200}},
    {"newidle_balance", {160, 110, 200}},
    {"cond_resched", {160, 110, 200}},
    /* interrupts and timers: aqua */
    {"irq", {70, 180, 180}},
    {"handle_irq", {70, 180, 180}},
    {"sysvec_", {70, 180, 180}},
    {"sysvec", {70, 180, 180}},
    {"hrtimer", {70, 180, 180}},
    {"tick_", {70, 180, 180}},
    {"softirq", {70, 180, 180}},
    {"do_softirq", {70, 180, 180}},
    {"raise_softirq", {70, 180, 180}},
    {"run_timer", {70, 180, 180}},
    {"timer", {70, 180, 180}},
    {"apic", {70, 180, 180}},
    {"x2apic", {70, 180, 180}},
    {"ktime", {70, 180, 180}},
    {"clockevents", {70, 180, 180}},
    {"read_hpet", {70, 180, 180}},
    {"rcu_", {70, 180, 180}},
    {"update_process_times", {70, 180, 180}},
    /* locking: grey */
    {"raw_spin", {150, 150, 150}},
    {"raw_read", {150, 150, 150}},
    {"raw_write", {150, 150, 150}},
    {"srcu_", {150, 150, 150}},
    {"spin_", {150, 150, 150}},
    {"queued_", {150, 150, 150}},
    {"mutex", {150, 150, 150}},
    {"down_", {150, 150, 150}},
    {"up_", {150, 150, 150}},
    {"rwsem", {150, 150, 150}},
    {"osq_", {150, 150, 150}},
    {"preempt_", {150, 150, 150}},
    {"local_bh", {150, 150, 150}},
};

void sg_flame_color(const char *name, enum sg_flame_palette p, unsigned char rgb[3])
{
	uint32_t h = hash_name(name);
	/* three independent-looking fractions from one hash */
	double v1 = (double) (h & 0x3ff) / 1023.0, v2 = (double) (h >> 10 & 0x3ff) / 1023.0,
	       v3 = (double) (h >> 20 & 0x3ff) / 1023.0;

	if (p == SG_PALETTE_SUBSYS) {
		const char *s = name;

		while (*s == '_')
			s++;
		for (size_t i = 0; i < sizeof(subsystems) / sizeof(subsystems[0]); i++) {
			const struct subsys *ss = &subsystems[i];

			if (strncmp(s, ss->prefix, strlen(ss->prefix)) == 0) {
				/* shades of the family's colour, so neighbours stay apart */
				int d = (int) (v1 * 50) - 25;

				for (int k = 0; k < 3; k++) {
					int c = ss->rgb[k] + d;

					rgb[k] = (unsigned char) (c < 0 ? 0 : c > 255 ? 255 : c);
				}
				return;
			}
		}
	}
	if (p == SG_PALETTE_SUBSYS) {
		/* "other" is a family too: shades of its legend swatch, not the hot palette's
		 * reds to yellows, which the swatch could not stand for */
		int d = (int) (v1 * 50) - 25;

		for (int k = 0; k < 3; k++) {
			int c = sg_flame_families[SG_FLAME_OTHER].rgb[k] + d;

			rgb[k] = (unsigned char) (c < 0 ? 0 : c > 255 ? 255 : c);
		}
		return;
	}
	rgb[0] = (unsigned char) (205 + (int) (50 * v3));
	rgb[1] = (unsigned char) (230 * v1);
	rgb[2] = (unsigned char) (55 * v2);
}

const struct sg_flame_family sg_flame_families[] = {
	{ "mm", { 80, 180, 80 } },	   { "fs", { 90, 140, 210 } },
	{ "sched", { 160, 110, 200 } },	   { "irq, timers", { 70, 180, 180 } },
	{ "locking", { 150, 150, 150 } }, { "other", { 230, 115, 27 } },
};
const int sg_flame_nfamilies = sizeof(sg_flame_families) / sizeof(sg_flame_families[0]);
_Static_assert(sizeof(sg_flame_families) / sizeof(sg_flame_families[0]) == SG_FLAME_OTHER + 1,
	       "\"other\" is the legend's last family");

void sg_flame_frame_color(const struct sg_flame_frame *fr, const struct sg_flame_opts *o,
			  unsigned char rgb[3])
{
	if (o->frame_color) {
		o->frame_color(o->frame_ctx, fr, rgb);
		return;
	}
	if (strcmp(fr->name, SG_OFFCPU_NAME) == 0) {
		/* waiting, not running: one deep blue (flamegraph.pl's io palette), apart from the
		 * interrupts' lighter ones and from every family of the subsystem palette */
		rgb[0] = 60;
		rgb[1] = 90;
		rgb[2] = 200;
		return;
	}
	if (!fr->irq) {
		sg_flame_color(fr->name, o->palette, rgb);
		return;
	}
	uint32_t h = hash_name(fr->name);
	double v1 = (double) (h & 0x3ff) / 1023.0, v2 = (double) (h >> 10 & 0x3ff) / 1023.0;

	if (o->palette == SG_PALETTE_SUBSYS) {
		const unsigned char *base = sg_flame_families[3].rgb;
		int d = (int) (v1 * 50) - 25;

		for (int k = 0; k < 3; k++)
			rgb[k] = (unsigned char) (base[k] + d < 0     ? 0
						  : base[k] + d > 255 ? 255
								      : base[k] + d);
		return;
	}
	/* the hot palette's reds and yellows never reach blue: an interrupt stands out */
	rgb[0] = (unsigned char) (80 + (int) (60 * v2));
	rgb[1] = (unsigned char) (130 + (int) (60 * v1));
	rgb[2] = (unsigned char) (215 + (int) (40 * v2));
}

int sg_flame_light_text(const unsigned char rgb[3])
{
	/* Rec. 601 luma: below about 40% a black label is hard to read */
	return 299 * rgb[0] + 587 * rgb[1] + 114 * rgb[2] < 105000;
}

# shellcheck shell=sh
# tests/live's session checks (test_session: save, change, restore; the lock; SIGKILL and
# recovery) on this guest's tracefs, first thing after boot: on a buffer never expanded.
result t0_size "$(cat "$T/buffer_size_kb")"
test_session /tmp/t0.state >/tmp/t0.out 2>&1
result t0_rc $?
result t0_size_after "$(cat "$T/buffer_size_kb")"
sg_out t0.out /tmp/t0.out

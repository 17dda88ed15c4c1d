/* pager.c - long text on a terminal through $PAGER (default less -FRX), as git and perf do. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "fmt.h"
#include "log.h"
#include "pager.h"

extern char **environ; /* POSIX: declared by no header without _GNU_SOURCE */

#define MAX_WORDS 32

static pid_t pager_pid; /* 0: none */
static int saved_stdout = -1;

/*
 * CMD as words split at blanks, for root, who runs no shell on an environment variable. 0, or
 * -1 when CMD needs a shell to mean what it says (quotes, expansions, redirections, a leading
 * VAR=value): such a pager is not run at all rather than run as something else.
 */
static int split_words(char *cmd, char *argv[MAX_WORDS + 1])
{
	int n = 0;

	if (strpbrk(cmd, "\"'\\$`;&|<>(){}[]*?~#!\n"))
		return -1;
	for (char *w = strtok(cmd, " \t"); w; w = strtok(NULL, " \t")) {
		if (n == MAX_WORDS || (n == 0 && strchr(w, '=')))
			return -1;
		argv[n++] = w;
	}
	argv[n] = NULL;
	return n ? 0 : -1;
}

/*
 * less, by name (found in PATH: sudo's secure_path) or in /bin or /usr/bin. Not more: it has no
 * secure mode, its !cmd would be a root shell for a caller sudo lets run surfgraph only.
 */
static int standard_pager(const char *word)
{
	static const char *const ok[] = {"less", "/bin/less", "/usr/bin/less", NULL};

	for (int i = 0; ok[i]; i++)
		if (strcmp(word, ok[i]) == 0)
			return 1;
	return 0;
}

/*
 * In the pager's child, as root: every LESS* variable dropped ($LESS, $LESSKEY, $LESSOPEN,
 * ...): the environment (sudo -E, env_keep) chooses the program, not its options, key bindings
 * or the files it opens, whatever less's secure mode covers in its version.
 */
static void less_env_clear(void)
{
	char name[256];
	int again = 1;

	while (again) {
		again = 0;
		for (char **e = environ; *e; e++) {
			size_t len = strcspn(*e, "=");

			if (strncmp(*e, "LESS", 4) == 0 && len < sizeof(name)) {
				memcpy(name, *e, len);
				name[len] = '\0';
				unsetenv(name); /* environ changed: scan it again */
				again = 1;
				break;
			}
		}
	}
}

static void warn(const char *what, const char *cmd, const char *why)
{
	fprintf(stderr, "surfgraph: %s", what);
	sg_escape_put_name(stderr, cmd);
	fprintf(stderr, "%s\n", why);
}

int sg_pager_start(const char *explicit_cmd)
{
	const char *pager = explicit_cmd ? explicit_cmd : getenv("PAGER");
	/* sudo: its caller's $PAGER (sudo -E, env_keep) is not the command line's choice */
	int root = geteuid() == 0, sudo = getenv("SUDO_UID") != NULL;
	char *words = NULL, *argv[MAX_WORDS + 1];
	int fd[2];

	if (pager_pid || !isatty(STDOUT_FILENO))
		return 0;
	if (!pager)
		pager = "less";
	if (!*pager || strcmp(pager, "cat") == 0)
		return 0;
	if (root || sudo) {
		words = strdup(pager);
		if (!words) {
			sg_log_error("out of memory");
			return -1;
		}
		if (split_words(words, argv) < 0) {
			warn(explicit_cmd ? "not paging: --pager " : "not paging: $PAGER=", pager,
			     " needs a shell, which surfgraph does not run as root (give the "
			     "command and its arguments alone, or --no-pager)");
			free(words);
			return 0;
		}
		if (sudo && !explicit_cmd && !standard_pager(argv[0])) {
			warn("under sudo $PAGER=", pager,
			     " is not run: paging through less (--pager CMD runs another)");
			argv[0] = "less";
			argv[1] = NULL;
		} else if (!explicit_cmd && argv[1]) {
			/*
			 * The environment picks the program, not what it reads: less opens each
			 * word as a file (LESSSECURE does not stop that), so 'less /etc/shadow'
			 * under sudo -E would show root's files to the caller.
			 */
			warn("as root $PAGER=", pager,
			     " runs without its arguments (--pager CMD gives them)");
			argv[1] = NULL;
		}
	}
	if (fflush(stdout) != 0 || pipe(fd) < 0) {
		free(words);
		sg_log_error("pager: %s", strerror(errno));
		return -1;
	}
	pager_pid = fork();
	if (pager_pid < 0) {
		pager_pid = 0;
		close(fd[0]);
		close(fd[1]);
		free(words);
		sg_log_error("pager: fork: %s", strerror(errno));
		return -1;
	}
	if (pager_pid == 0) {
		dup2(fd[0], STDIN_FILENO);
		close(fd[0]);
		close(fd[1]);
		/* -F quits when it fits on one screen, -R passes colours, -X leaves it on screen */
		setenv("LESS", "FRX", 0);
		/*
		 * As root, less without its shell escapes (!cmd, |, v), log files, LESSOPEN and
		 * :e, as systemd since CVE-2023-26604; the words run without a shell. Its options
		 * are ours alone (less_env_clear).
		 */
		if (words) {
			less_env_clear();
			setenv("LESS", "FRX", 1);
			setenv("LESSSECURE", "1", 1);
			execvp(argv[0], argv);
		} else {
			execl("/bin/sh", "sh", "-c", pager, (char *) NULL);
		}
		_exit(127);
	}
	free(words);
	close(fd[0]);
	saved_stdout = dup(STDOUT_FILENO);
	dup2(fd[1], STDOUT_FILENO);
	close(fd[1]);
	return 0;
}

void sg_pager_finish_signal(void)
{
	int status;

	if (!pager_pid)
		return;
	/* the pager sees the end of its input; the terminal is its own until it quits */
	close(STDOUT_FILENO);
	while (waitpid(pager_pid, &status, 0) < 0 && errno == EINTR)
		;
	pager_pid = 0;
}

void sg_pager_finish(void)
{
	if (!pager_pid)
		return;
	fflush(stdout);
	sg_pager_finish_signal();
	if (saved_stdout >= 0) {
		dup2(saved_stdout, STDOUT_FILENO);
		close(saved_stdout);
		saved_stdout = -1;
	}
}

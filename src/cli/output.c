/* Output files written whole or not at all (output.h). */
#define _XOPEN_SOURCE 700 /* realpath, mkstemp, fsync, fchmod, sigaction */
#include "output.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"

/* ---- temporary files removed when a signal ends the program ---------------------------- */

/* The temporary files now open: a SIGTERM, SIGINT, SIGHUP or SIGPIPE removes them before
 * the program ends as the signal would end it, so a killed run leaves no litter beside
 * its outputs (SIGKILL cannot be caught: its temporary files stay, the targets are
 * untouched all the same). */
#define MAX_TEMPS 8
static char *volatile temps[MAX_TEMPS];
static const int CLEANUP_SIGNALS[] = {SIGTERM, SIGINT, SIGHUP, SIGPIPE};

static void remove_temps_and_die(int sig) {
    for (int i = 0; i < MAX_TEMPS; i++)
        if (temps[i]) unlink(temps[i]); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Installs the handler once, for each signal not ignored (nohup's SIGHUP stays ignored). */
static void catch_signals(void) {
    static int installed;
    if (installed) return;
    installed = 1;
    for (size_t k = 0; k < sizeof CLEANUP_SIGNALS / sizeof CLEANUP_SIGNALS[0]; k++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = remove_temps_and_die;
        sigemptyset(&sa.sa_mask);
        if (sigaction(CLEANUP_SIGNALS[k], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(CLEANUP_SIGNALS[k], &sa, NULL);
    }
}

/* Records temp in the list the handler removes; 0 if the list is full. */
static int register_temp(char *temp) {
    catch_signals();
    for (int i = 0; i < MAX_TEMPS; i++)
        if (!temps[i]) return temps[i] = temp, 1;
    return 0;
}

static void unregister_temp(const char *temp) {
    for (int i = 0; i < MAX_TEMPS; i++)
        if (temps[i] == temp) temps[i] = NULL;
}

/* ---- paths ------------------------------------------------------------------------------ */

/* s + t, malloc'ed; NULL if out of memory. */
static char *joined(const char *s, const char *t) {
    size_t ls = strlen(s), lt = strlen(t);
    char *r = malloc(ls + lt + 1);
    if (r) memcpy(r, s, ls), memcpy(r + ls, t, lt + 1);
    return r;
}

char *cli_resolve_path(const char *path) {
    if (!path || !*path) return errno = ENOENT, NULL;
    char *whole = realpath(path, NULL);
    if (whole) return whole;
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    if (!*base || !strcmp(base, ".") || !strcmp(base, "..")) return errno = EISDIR, NULL;
    char *dir = slash ? malloc((size_t)(slash - path) + 2) : joined(".", "");
    if (!dir) return errno = ENOMEM, NULL;
    if (slash) memcpy(dir, path, (size_t)(slash - path) + (slash == path)), dir[(slash - path) + (slash == path)] = 0;
    char *real_dir = realpath(dir, NULL);
    free(dir);
    if (!real_dir) return NULL;
    char *with_slash = strcmp(real_dir, "/") ? joined(real_dir, "/") : joined("", "/");
    char *r = with_slash ? joined(with_slash, base) : NULL;
    free(real_dir), free(with_slash);
    if (!r) errno = ENOMEM;
    return r;
}

int cli_same_file(const char *a, const char *b) {
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino) return 1;
    char *ra = cli_resolve_path(a), *rb = cli_resolve_path(b);
    int same = ra && rb && !strcmp(ra, rb);
    free(ra), free(rb);
    return same;
}

int cli_mesh_inputs(const char *path, char *pair[2]) {
    const char *dot = strrchr(path, '.');
    int tetgen = dot && !strchr(dot, '/') && (!strcmp(dot, ".node") || !strcmp(dot, ".ele"));
    pair[0] = pair[1] = NULL;
    if (!tetgen) return (pair[0] = joined(path, "")) ? 1 : 0;
    size_t stem = (size_t)(dot - path);
    pair[0] = malloc(stem + 6), pair[1] = malloc(stem + 5);
    if (!pair[0] || !pair[1]) return free(pair[0]), free(pair[1]), pair[0] = pair[1] = NULL, 0;
    memcpy(pair[0], path, stem), memcpy(pair[0] + stem, ".node", 6);
    memcpy(pair[1], path, stem), memcpy(pair[1] + stem, ".ele", 5);
    return 2;
}

/* 1 if path is a character device (/dev/null): several outputs may write to it. */
static int is_device(const char *path) {
    struct stat s;
    return stat(path, &s) == 0 && S_ISCHR(s.st_mode);
}

int cli_outputs_distinct(const cli_output *out, int n, const cli_input *in, int ni) {
    for (int i = 0; i < n; i++) {
        if (!out[i].path) continue;
        for (int k = 0; k < ni; k++)
            if (in[k].path && cli_same_file(out[i].path, in[k].path)) {
                fprintf(stderr, "softlab: %s '%s' is the input %s '%s': the run would overwrite it; give the output "
                        "another path\n", out[i].option, cli_shown(out[i].path), in[k].option, cli_shown(in[k].path));
                return 0;
            }
        for (int j = i + 1; j < n; j++)
            if (out[j].path && cli_same_file(out[i].path, out[j].path) && !is_device(out[i].path)) {
                fprintf(stderr, "softlab: %s '%s' and %s '%s' are one file: give each output its own\n", out[i].option,
                        cli_shown(out[i].path), out[j].option, cli_shown(out[j].path));
                return 0;
            }
    }
    return 1;
}

/* ---- writing ---------------------------------------------------------------------------- */

/* Says "cannot write 'path': why" and returns 0. */
static int cannot_write(const cli_output *o, const char *why) {
    fprintf(stderr, "softlab: %s: cannot write '%s': %s\n", o->option, cli_shown(o->path), why);
    return 0;
}

/* The mode a new file gets: that of the file it replaces, or 0666 less the umask. */
static mode_t new_mode(const char *target) {
    struct stat s;
    if (stat(target, &s) == 0) return s.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* Creates o's temporary file ".<name>.XXXXXX" beside its target; 0 after saying why. */
static int open_temp(cli_output *o) {
    const char *slash = strrchr(o->target, '/');
    size_t dir = (size_t)(slash - o->target) + 1, base = strlen(slash + 1);
    if (base > 200) base = 200; /* the name, ".", ".XXXXXX" within NAME_MAX */
    o->temp = malloc(dir + base + 9);
    if (!o->temp) return cannot_write(o, strerror(ENOMEM));
    memcpy(o->temp, o->target, dir), o->temp[dir] = '.';
    memcpy(o->temp + dir + 1, slash + 1, base), memcpy(o->temp + dir + 1 + base, ".XXXXXX", 8);
    mode_t mode = new_mode(o->target);
    int fd = mkstemp(o->temp);
    if (fd < 0) {
        int err = errno;
        free(o->temp), o->temp = NULL;
        return cannot_write(o, strerror(err));
    }
    if (!register_temp(o->temp) || fchmod(fd, mode) != 0 || !(o->f = fdopen(fd, "w"))) {
        int err = errno ? errno : ENOMEM;
        close(fd);
        unlink(o->temp), unregister_temp(o->temp), free(o->temp), o->temp = NULL;
        return cannot_write(o, strerror(err));
    }
    return 1;
}

int cli_output_open(cli_output *o) {
    errno = 0;
    if (!(o->target = cli_resolve_path(o->path))) return cannot_write(o, strerror(errno));
    struct stat s;
    int exists = stat(o->target, &s) == 0;
    if (exists && S_ISDIR(s.st_mode)) return cannot_write(o, "it is a directory");
    if (exists && !S_ISREG(s.st_mode)) { /* a device or a pipe: written in place */
        if (!(o->f = fopen(o->target, "w"))) return cannot_write(o, strerror(errno));
        return 1;
    }
    if (exists && access(o->target, W_OK) != 0) return cannot_write(o, strerror(errno)); /* a read-only file */
    return open_temp(o);
}

/* Closes o->f after flushing and syncing it; 0 (errno set) if a write or these failed. */
static int close_flushed(cli_output *o) {
    int err = ferror(o->f) ? (errno ? errno : EIO) : 0;
    if (!err && fflush(o->f) != 0) err = errno ? errno : EIO;
    if (!err && o->temp && fsync(fileno(o->f)) != 0 && errno != EINVAL) err = errno;
    if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
    o->f = NULL;
    errno = err;
    return !err;
}

/* Frees what cli_output_open allocated (not the file). */
static void release(cli_output *o) {
    if (o->temp) unregister_temp(o->temp);
    free(o->temp), free(o->target);
    o->temp = o->target = NULL;
}

int cli_output_commit(cli_output *o) {
    if (!o->f) return 0;
    int ok = close_flushed(o);
    if (ok && o->temp && rename(o->temp, o->target) != 0) ok = 0;
    int err = errno;
    if (!ok && o->temp) unlink(o->temp);
    release(o);
    return ok ? 1 : cannot_write(o, strerror(err));
}

void cli_output_discard(cli_output *o) {
    if (o->f) fclose(o->f), o->f = NULL;
    if (o->temp) unlink(o->temp);
    release(o);
}

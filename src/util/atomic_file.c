#include "util/atomic_file.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

int atomic_file_open(atomic_file *af, const char *path, sw_error *err)
{
    memset(af, 0, sizeof *af);
    if (!path || !*path) return sw_fail(err, "empty output path");
    if (strlen(path) >= sizeof af->path) return sw_fail(err, "output path too long: %.64s...", path);
    snprintf(af->path, sizeof af->path, "%s", path);
    snprintf(af->tmp_path, sizeof af->tmp_path, "%s.tmp.%ld", path, (long)getpid());
    af->fp = fopen(af->tmp_path, "wb");
    if (!af->fp)
        return sw_fail(err, "cannot write %s: %s (is the folder there and writable?)", path, strerror(errno));
    return 0;
}

int atomic_file_commit(atomic_file *af, sw_error *err)
{
    if (!af->fp) return sw_fail(err, "%s: file was not open", af->path);
    int bad = ferror(af->fp) != 0;
    bad |= fflush(af->fp) != 0;
    int saved = errno;
    bad |= fclose(af->fp) != 0;
    af->fp = NULL;
    if (bad) {
        remove(af->tmp_path);
        return sw_fail(err, "writing %s failed: %s (disk full?)", af->path, strerror(saved ? saved : errno));
    }
    if (rename(af->tmp_path, af->path) != 0) {
        saved = errno;
        remove(af->tmp_path);
        return sw_fail(err, "cannot move the finished file into %s: %s", af->path, strerror(saved));
    }
    return 0;
}

void atomic_file_abort(atomic_file *af)
{
    if (af->fp) fclose(af->fp);
    af->fp = NULL;
    if (af->tmp_path[0]) remove(af->tmp_path);
}

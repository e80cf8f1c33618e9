/* libFuzzer target: the command line. The input is split at NUL bytes into argv for
 * the viewer's flags and for a subcommand flag table; any input must end in success
 * or a usage message, never a crash. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096) return 0;
    char *buf = malloc(size + 1);
    if (!buf) return 0;
    memcpy(buf, data, size);
    buf[size] = 0;
    char *argv[66];
    int argc = 0;
    argv[argc++] = "scanworks";
    for (size_t i = 0; i <= size && argc < 64;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    app_options o;
    sw_error err = {{0}};
    app_options_defaults(&o);
    if (app_options_parse(&o, argc, argv, &err) != 0 && !err.msg[0]) abort();

    const char *in = NULL, *op = NULL;
    long long n = 0;
    double value = 0;
    bool flag = false;
    cli_flag flags[] = {
        {"--in", CLI_STRING, &in, "FILE", 0, 0, false, false},
        {"--op", CLI_STRING, &op, "OP", 0, 0, false, false},
        {"--n", CLI_LONG, &n, "N", 0, 1e12, false, false},
        {"--value", CLI_DOUBLE, &value, "V", -1e9, 1e9, false, false},
        {"--flag", CLI_FLAG, &flag, "", 0, 0, false, false},
        {NULL, CLI_FLAG, NULL, NULL, 0, 0, false, false},
    };
    /* --help prints to stdout; skip it to keep the fuzzer quiet. */
    bool help = false;
    for (int i = 1; i < argc; i++) help |= !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
    if (!help && cli_parse(argc, argv, 1, flags, "fuzz", &err) < 0 && !err.msg[0]) abort();
    free(buf);
    return 0;
}

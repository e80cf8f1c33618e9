/* libFuzzer target: the whole command line, as main() parses it. The first byte picks a
 * subcommand of the commands table (or none: the viewer's flags); the rest, split at
 * NUL bytes, is its argv. cli_parse_only stops every command after its parse, so no
 * input runs work, prints help or touches files. Any input must end in a parse or in a
 * usage message, never in a crash or an exit code outside 0..2. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/commands.h"
#include "app/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    cli_parse_only = true;
    int ncommands = 0;
    while (commands[ncommands].name) ncommands++;
    const int pick = data[0] % (ncommands + 1);
    char *buf = malloc(size);
    if (!buf) return 0;
    memcpy(buf, data + 1, size - 1);
    buf[size - 1] = 0;
    char *argv[70];
    int argc = 0;
    argv[argc++] = "scanworks";
    if (pick < ncommands) {
        argv[argc++] = (char *)commands[pick].group;
        argv[argc++] = (char *)commands[pick].name;
    }
    for (size_t i = 0; i + 1 < size && argc < 66;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    int code = -1;
    if (commands_dispatch(argc, argv, &code)) {
        if (code < 0 || code > 2) abort();
    } else {
        app_options o;
        sw_error err = {{0}};
        app_options_defaults(&o);
        if (app_options_parse(&o, argc, argv, &err) != 0 && !err.msg[0]) abort();
    }
    free(buf);
    return 0;
}

/* scanworks: parses the command line and runs one mode. Exit codes: 0 success,
 * 1 runtime error, 2 usage error. Nothing below main exits the process. */
#include <stdio.h>
#include <string.h>

#include "app/commands.h"
#include "app/keys.h"
#include "app/modes.h"
#include "app/options.h"

int main(int argc, char **argv)
{
    setvbuf(stderr, NULL, _IOLBF, 0);
    int code;
    if (commands_dispatch(argc, argv, &code)) return code;
    app_options opt;
    app_options_defaults(&opt);
    sw_error err;
    if (app_options_parse(&opt, argc, argv, &err)) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        return 2;
    }
    if (opt.help) {
        app_options_print_help(argv[0]);
        return 0;
    }
    if (opt.list_keys) {
        keys_print_table(stdout);
        return 0;
    }
    if (opt.version) {
        printf("scanworks %s (%s, CUDA backend %s)\n", SCANWORKS_VERSION, SCANWORKS_BUILD_TYPE,
               SCANWORKS_HAVE_CUDA ? "built" : "not built");
        return 0;
    }
    return opt.headless ? run_headless(&opt, argc, argv) : run_window(&opt);
}

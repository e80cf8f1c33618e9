/* The program's modes. Each returns the process exit code: 0 ok, 1 runtime error,
 * 2 usage error. */
#ifndef SCANWORKS_APP_MODES_H
#define SCANWORKS_APP_MODES_H

#include "app/options.h"

int run_window(const app_options *opt);
int run_headless(const app_options *opt, int argc, char **argv);

#endif

/* The ops of this module's subcommands (one file each), listed in commands.c. */
#ifndef SCANWORKS_APP_COMMANDS_OPS_H
#define SCANWORKS_APP_COMMANDS_OPS_H

int compute_sat(int argc, char **argv);
int compute_dof(int argc, char **argv);
int bench_sat(int argc, char **argv);

#endif

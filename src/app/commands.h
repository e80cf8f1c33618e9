/* The subcommands: `scanworks compute OP ...` runs one primitive on the user's
 * files; `scanworks bench OP ...` measures it. Each OP lives in its own file and is
 * listed once in commands.c. */
#ifndef SCANWORKS_APP_COMMANDS_H
#define SCANWORKS_APP_COMMANDS_H

/* ARGV[0] is the op name. Returns the exit code: 0 ok, 1 runtime error, 2 usage. */
typedef int (*command_fn)(int argc, char **argv);

typedef struct command {
    const char *group;     /* "compute" or "bench" */
    const char *name;      /* "scan" */
    const char *summary;
    command_fn run;
} command;

extern const command commands[];

/* True when ARGV[1] names a group; then *exit_code is the command's result. */
int commands_dispatch(int argc, char **argv, int *exit_code);

#endif

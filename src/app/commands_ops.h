/* The subcommand entry points (one file each), listed in commands.c. */
#ifndef SCANWORKS_APP_COMMANDS_OPS_H
#define SCANWORKS_APP_COMMANDS_OPS_H

int compute_sat(int argc, char **argv);
int compute_dof(int argc, char **argv);
int compute_dof_scene(int argc, char **argv);
int bench_sat(int argc, char **argv);
int compute_compact(int argc, char **argv);
int compute_sort(int argc, char **argv);
int compute_search(int argc, char **argv);
int bench_compact(int argc, char **argv);
int bench_sort(int argc, char **argv);
int bench_search(int argc, char **argv);
int compute_bfs_main(int argc, char **argv);
int compute_sssp_main(int argc, char **argv);
int bench_bfs_main(int argc, char **argv);
int bench_sssp_main(int argc, char **argv);

#endif

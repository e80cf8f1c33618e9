/* The gl backend of compaction, by the same checks as the CPU reference. */
#define COMPACT_TEST_GL 1
#include "test_compact.c"

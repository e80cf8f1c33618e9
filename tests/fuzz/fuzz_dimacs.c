/* libFuzzer target: the dimacs graph reader (tests/fuzz/fuzz_graph.h has the checks). */
#include "fuzz_graph.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return fuzz_graph_reader(data, size, graph_read_dimacs, "fuzz.dimacs");
}

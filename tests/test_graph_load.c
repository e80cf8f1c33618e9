/* Graph files: the committed examples of each format (tests/data/graphs) give the
 * same graph, and every kind of malformed file is one error naming file and line. */
#include <math.h>
#include <unistd.h>

#include "graph/graph_bfs.h"
#include "graph/graph_load.h"
#include "graph/graph_sssp.h"
#include "test_util.h"

static char data_dir[1024], tmp_dir[256];

static void check_tiny(const char *file, bool undirected_expected)
{
    char path[1400];
    snprintf(path, sizeof path, "%s/data/graphs/%s", data_dir, file);
    sw_error err;
    graph_csr g;
    if (graph_load_csr(path, GRAPH_FMT_AUTO, false, true, &g, &err)) {
        CHECK_MSG(0, "%s: %s", file, err.msg);
        return;
    }
    CHECK_MSG(g.n == 5, "%s: n = %u", file, g.n);
    CHECK(g.undirected == undirected_expected);
    int32_t lv[5];
    double d[5];
    uint32_t src = undirected_expected ? 3 : 0;
    CHECK(graph_bfs(PRIM_CPU, NULL, &g, src, lv, NULL, &err) == 0);
    CHECK(graph_sssp(PRIM_CPU, NULL, &g, src, d, NULL, &err) == 0);
    if (undirected_expected) {
        static const int32_t want[5] = {2, 2, 1, 0, -1};
        CHECK_MSG(!memcmp(lv, want, sizeof want), "%s: levels %d %d %d %d %d", file, lv[0], lv[1], lv[2], lv[3], lv[4]);
        CHECK(d[0] == 2 && d[3] == 0 && isinf(d[4]));   /* pattern: weight 1 */
    } else {
        static const int32_t want[5] = {0, 1, 1, 2, -1};
        CHECK_MSG(!memcmp(lv, want, sizeof want), "%s: levels %d %d %d %d %d", file, lv[0], lv[1], lv[2], lv[3], lv[4]);
        CHECK_MSG(d[0] == 0 && d[1] == 2 && d[2] == 3 && d[3] == 5 && isinf(d[4]), "%s: distances %g %g %g %g", file,
                  d[0], d[1], d[2], d[3]);
    }
    graph_csr_free(&g);
    /* --undirected adds the reverse arcs */
    CHECK(graph_load_csr(path, GRAPH_FMT_AUTO, true, true, &g, &err) == 0 && g.undirected && g.m == 8);
    graph_csr_free(&g);
}

typedef struct bad_case {
    const char *ext, *text;
    int line;
    const char *needle;
} bad_case;

static const bad_case bad[] = {
    {"mtx", "", 1, "empty"},
    {"mtx", "%%NotMarket matrix\n", 1, "header"},
    {"mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n", 1, "coordinate"},
    {"mtx", "%%MatrixMarket matrix coordinate complex general\n", 1, "complex"},
    {"mtx", "%%MatrixMarket matrix coordinate real hermitian\n", 1, "hermitian"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n% c\n3 4 1\n1 1 1\n", 3, "square"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n3 x 1\n", 2, "size line"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 3\n1 2 1\n", 3, "declares 3 entries but the file has 1"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 1\n1 2 1\n2 3 1\n", 4, "more entries"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 1\n1 6 1\n", 3, "out of range"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 1\n0 2 1\n", 3, "out of range"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 1\n1 2 -1.5\n", 3, "negative"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 1\n1 2 nan\n", 3, "NaN"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 1\n1 2 1e300\n", 3, "finite"},
    {"mtx", "%%MatrixMarket matrix coordinate pattern general\n5 5 1\n1 2 7\n", 3, "bad entry"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n4000000000 4000000000 1\n1 2 1\n", 2, "vertices"},
    {"mtx", "%%MatrixMarket matrix coordinate real general\n5 5 99999999999\n1 2 1\n", 2, "entries but the file"},
    {"gr", "c nothing\n", 1, "no 'p"},
    {"gr", "a 1 2 3\np sp 3 1\n", 1, "before"},
    {"gr", "p sp 3 2\na 1 2 1\n", 2, "declares 2 arcs but the file has 1"},
    {"gr", "p sp 3 1\na 1 2 1\na 2 3 1\n", 3, "more arcs"},
    {"gr", "p sp 3 1\na 1 4 1\n", 2, "out of range"},
    {"gr", "p sp 3 1\na 1 2 -4\n", 2, "negative"},
    {"gr", "p sp 3 1\na 1 2\n", 2, "bad arc"},
    {"gr", "p max 3 1\n", 1, "problem line"},
    {"gr", "p sp 3 1\np sp 3 1\n", 2, "second"},
    {"gr", "p sp 99999999999 1\na 1 2 1\n", 1, "vertices"},
    {"gr", "p sp 3 99999999999\na 1 2 1\n", 1, "arcs but the file"},
    {"gr", "p sp 3 1\nx 1 2\n", 2, "unexpected"},
    {"txt", "# c\n0 1\n2\n", 3, "bad edge"},
    {"txt", "0 1\n1 2 3.0\n", 2, "columns"},
    {"txt", "0 -1\n", 1, "bad edge"},
    {"txt", "0 3000000000\n", 1, "out of range"},
    {"txt", "0 1 nan\n", 1, "NaN"},
    {"txt", "0 1 -2\n", 1, "negative"},
    {"el", "0 1\n1 x\n", 2, "bad edge"},
};

static void check_bad(int i)
{
    char path[512];
    snprintf(path, sizeof path, "%s/bad%02d.%s", tmp_dir, i, bad[i].ext);
    FILE *fp = fopen(path, "wb");
    if (!fp) {
        CHECK_MSG(0, "cannot write %s", path);
        return;
    }
    fputs(bad[i].text, fp);
    fclose(fp);
    sw_error err = {{0}};
    graph_coo e;
    int rc = graph_load(path, GRAPH_FMT_AUTO, false, true, &e, &err);
    char where[600];
    snprintf(where, sizeof where, "%s:%d:", path, bad[i].line);
    CHECK_MSG(rc == -1, "bad case %d (%s) loaded", i, bad[i].needle);
    CHECK_MSG(strstr(err.msg, where) && strstr(err.msg, bad[i].needle), "bad case %d: want '%s' and '%s', got '%s'",
              i, where, bad[i].needle, err.msg);
    CHECK(e.src == NULL && e.m == 0);
    if (rc == 0) graph_coo_free(&e);
    unlink(path);
}

int main(void)
{
    const char *d = getenv("SCANWORKS_TEST_DATA");
    snprintf(data_dir, sizeof data_dir, "%s", d ? d : ".");
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/scanworks-graph-load-%d", (int)getpid());
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", tmp_dir);
    CHECK(system(cmd) == 0);
    check_tiny("tiny.mtx", false);
    check_tiny("tiny_int.mtx", false);
    check_tiny("tiny.gr", false);
    check_tiny("tiny.txt", false);
    check_tiny("tiny_sym.mtx", true);
    for (int i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) check_bad(i);
    /* the format can be forced, and an unknown extension is an error */
    sw_error err;
    graph_coo e;
    char path[1400];
    snprintf(path, sizeof path, "%s/data/graphs/tiny.txt", data_dir);
    CHECK(graph_load(path, GRAPH_FMT_MTX, false, true, &e, &err) == -1 && strstr(err.msg, "header"));
    CHECK(graph_load("graph.xyz", GRAPH_FMT_AUTO, false, true, &e, &err) == -1 && strstr(err.msg, "--format"));
    CHECK(graph_load("/nonexistent/g.mtx", GRAPH_FMT_AUTO, false, true, &e, &err) == -1 && strstr(err.msg, "cannot open"));
    CHECK(graph_load("rmat:8:4", GRAPH_FMT_AUTO, false, true, &e, &err) == 0 && e.n == 256 && e.m == 1024);
    graph_coo_free(&e);
    CHECK(graph_load("rmat:8", GRAPH_FMT_AUTO, false, true, &e, &err) == -1 && strstr(err.msg, "rmat:SCALE"));
    CHECK(graph_load("rmat:40:4", GRAPH_FMT_AUTO, false, true, &e, &err) == -1);
    snprintf(cmd, sizeof cmd, "rmdir %s", tmp_dir);
    CHECK(system(cmd) == 0);
    return test_finish("test_graph_load");
}

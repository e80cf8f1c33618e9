/* The SAT of the rendered frame, built every frame by the chosen backend from the
 * scene's RGBA16F colour texture into one GL buffer that the DoF pass reads.
 *   cuda: the colour texture and the SAT buffer are registered once (again after a
 *         resize) and mapped together in one cudaGraphicsMapResources call per frame;
 *         the kernels read the colour through a texture object and write the buffer.
 *   gl:   the same passes as compute shaders.
 *   cpu:  read back, build in C, upload (a slow reference).
 * Stage times go to the gpu_timer: GL stages by timestamp queries, CUDA kernels by
 * CUDA events read one frame later (so the HUD shows the previous frame's CUDA
 * times and timing never stalls), map and unmap by the host wall time of the call,
 * which is what they cost the frame (they synchronize GL and CUDA). */
#ifndef SCANWORKS_DOF_SAT_FRAME_H
#define SCANWORKS_DOF_SAT_FRAME_H

#include "dof/dof.h"
#include "dof/sat.h"
#include "gl/gl.h"
#include "gfx/gpu_timer.h"

/* Frame quantization: 1/4096 of linear radiance, radiance 0..16. */
#define SAT_FRAME_SCALE 4096.0f

/* Programs: [0] reads the colour texture, [1] reads a uvec4 buffer. */
typedef struct sat_gl {
    GLuint rows[2], tile_sums[2], tile_write[2], transpose, carry_down;
    GLuint scratch;               /* three-pass: w*h uvec4 */
    size_t scratch_bytes;
    GLuint tiles_r, tiles_c;      /* tiled: row totals h x tiles_x, column totals tiles_y x w */
    size_t tiles_r_bytes, tiles_c_bytes;
} sat_gl;

/* How the cuda backend shares the frame with GL (--interop):
 *   map:      cudaGraphicsMapResources / Unmap of the registered GL objects each frame;
 *   external: memory CUDA allocates and exports as a file descriptor, GL imports
 *             (GL_EXT_memory_object_fd) as buffers; GL copies the colour and depth into
 *             them, CUDA copies the DoF out of them (src/dof/sat_external_cuda.c);
 *   auto:     vulkan where it can run, else map (the fastest that runs; external is the
 *             slowest, docs/perf/sat.md);
 *   vulkan:   the frame's textures are Vulkan images GL renders into and CUDA reads and
 *             writes as arrays, ordered by semaphores both wait on, on the GPU
 *             (gfx/vk_share.h, src/dof/sat_vulkan_cuda.c); map where it cannot run. */
typedef enum sat_interop_mode {
    SAT_INTEROP_MAP,
    SAT_INTEROP_EXTERNAL,
    SAT_INTEROP_AUTO,
    SAT_INTEROP_VULKAN,
    SAT_INTEROP_COUNT
} sat_interop_mode;
const char *sat_interop_name(sat_interop_mode m);
int sat_interop_parse(const char *s, sat_interop_mode *out, sw_error *err);

/* The GL-CUDA hand-over: the path asked for and taken, and what its measurement knows
 * (src/dof/handover_clock.h). */
typedef struct sat_handover_info {
    sat_interop_mode requested;   /* set by the caller (default map) */
    /* Set by the caller before a start: the frame index that the started frame's stamps
     * and kernel times are filed under in the timer; -1 (the default): the timer's frame. */
    long work_frame;
    const char *interop;      /* "map", "external" or "vulkan" for the last cuda frame; NULL: none yet */
    char path_why[240];       /* why that path (external unavailable or failed: the reason) */
    const char *sync;         /* external: "host waits" or "egl syncs"; vulkan: "semaphores"; NULL on map */
    bool measured;            /* the gaps are measured (the clock calibrated) */
    char why[200];            /* when not: why */
    /* The clock check: globaltimer - GL_TIMESTAMP at the tightest bracket, half that
     * bracket's width, and whether every stamp fell inside its bracket (one clock). */
    double clock_offset_us, clock_uncertainty_us;
    bool same_clock;
    int clock_samples;
} sat_handover_info;

typedef struct sat_frame {
    int width, height;
    GLuint buffer;           /* width*height uvec4, the table */
    sat_gl gl;
    void *cuda;              /* struct sat_interop (sat_cuda.c), NULL until first use */
    float *readback;         /* cpu backend */
    uint32_t *cpu_in, *cpu_out;
    sat_handover_info handover;
} sat_frame;

/* The cuda gather (kernels/dof/gather.cu), run inside the same mapping as the cuda SAT
 * build: the depth (R32F) and the DoF output (RGBA16F) textures join the one map call. */
typedef struct sat_cuda_gather {
    GLuint depth_tex, out_tex;
    dof_params params;   /* its scale is the build's (sat_frame_build's SCALE) */
    /* The frame's CUDA kernels timed as one stage, "sat + dof (cuda)" (false), or the half
     * DoF's downsample, each table stage and the DoF passes apart (true: events between
     * them, each of which makes the GPU drain one kernel before it starts the next). */
    bool split_stages;
    /* --interop vulkan: where the frame's textures are Vulkan's (NULL: not open, and
     * VULKAN_WHY says why) */
    struct vk_share *vulkan;
    const char *vulkan_why;
} sat_cuda_gather;

int sat_frame_init(sat_frame *f, sw_error *err);
void sat_frame_shutdown(sat_frame *f);
/* Builds the table of COLOR_TEX (w x h RGBA16F/32F, quantized with SCALE) into
 * f->buffer, resizing it as needed; with the cuda backend and GATHER set, also the
 * DoF into GATHER->out_tex. ALPHA >= 0 says that the colour's fourth channel is ALPHA
 * at every pixel (the scene is opaque): the cuda build then scans three channels and
 * computes the fourth, and the cuda gather averages three (the same table and
 * pixels); ALPHA < 0: it varies. */
int sat_frame_build(sat_frame *f, prim_backend b, sat_variant v, GLuint color_tex, int w, int h, float scale,
                    float alpha, const sat_cuda_gather *gather, gpu_timer *timer, sw_error *err);
/* sat_frame_build in two halves, for frames in flight: sat_frame_start issues the map
 * (or the external copy-in) and every CUDA command, sat_frame_finish the unmap (or the
 * wait and the copy back), after which GL may read the table and the DoF output. GL
 * work issued between the two (the next frame's render) overlaps CUDA's. The gl and
 * cpu backends build it all in sat_frame_start; their sat_frame_finish does nothing.
 * Every start is followed by one finish before the next start of the same F. */
int sat_frame_start(sat_frame *f, prim_backend b, sat_variant v, GLuint color_tex, int w, int h, float scale,
                    float alpha, const sat_cuda_gather *gather, gpu_timer *timer, sw_error *err);
int sat_frame_finish(sat_frame *f, gpu_timer *timer, sw_error *err);
/* Waits for the cuda path's work in flight and sets its frames' hand-over metrics in
 * TIMER (call before gpu_timer_flush at the end of a run). */
void sat_frame_drain(sat_frame *f, gpu_timer *timer);
/* Before gpu_timer_begin_frame(FRAME): sets the hand-over metrics that are in, waiting
 * for those of the frame the timer is about to read (its GL queries wait for the same). */
void sat_frame_collect(sat_frame *f, gpu_timer *timer, long frame);
/* Forget registrations (call after the colour texture was re-created). */
void sat_frame_invalidate(sat_frame *f);

/* Backend pieces. */
int sat_gl_init(sat_gl *g, sw_error *err);
void sat_gl_shutdown(sat_gl *g);
/* Variant V over IN_BUFFER (uvec4 values) when COLOR_TEX is 0, else the texture. */
int sat_gl_build(sat_gl *g, sat_variant v, GLuint color_tex, GLuint in_buffer, float scale, GLuint out_buffer, int w, int h,
                 gpu_timer *timer, sw_error *err);
int sat_interop_start(void **state, sat_variant v, GLuint color_tex, GLuint out_buffer, int w, int h,
                      float scale, float alpha, const sat_cuda_gather *gather, sat_handover_info *info,
                      gpu_timer *timer, sw_error *err);
/* INFO may be NULL (a frame given back unused); 0 when nothing was started. */
int sat_interop_finish(void *state, sat_handover_info *info, gpu_timer *timer, sw_error *err);
void sat_interop_drain(void *state, gpu_timer *timer);
void sat_interop_collect(void *state, gpu_timer *timer, long wait_through);
void sat_interop_release(void **state);

#endif

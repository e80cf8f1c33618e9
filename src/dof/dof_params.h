/* The DoF pass's settings, shared by C, the CUDA gather's argument (kernels/dof/gather.h) and,
 * by value, every backend; no GL here, so that CUDA code can include it. */
#ifndef SCANWORKS_DOF_DOF_PARAMS_H
#define SCANWORKS_DOF_DOF_PARAMS_H

/* What the pass writes: the effect, or a debug picture. */
typedef enum dof_view { DOF_VIEW_EFFECT = 0, DOF_VIEW_BLUR = 2, DOF_VIEW_SAT = 3 } dof_view;

/* The gather's shape: N nested boxes (the chapter's single box for N = 1), or the
 * stepped disc with fractional radii and the soft guard (dof_math.h). */
typedef enum dof_kernel { DOF_KERNEL_BOXES = 0, DOF_KERNEL_DISC = 1 } dof_kernel;

/* The near field's modes (--near, J): off; the probes' near layer (dof_near_layer); the
 * layer tables (dof_layers_pixel; the disc's: with boxes it is the probes' near field). */
enum { DOF_NEAR_OFF = 0, DOF_NEAR_ON = 1, DOF_NEAR_LAYERS = 2 };

typedef struct dof_params {
    float focus;      /* F, same units as the depth */
    float aperture;   /* A, pixels */
    float scale;      /* the SAT's quantization scale */
    dof_view view;
    int boxes;        /* nested boxes averaged, 1..DOF_MAX_BOXES */
    int guard;        /* 1: the foreground guard (dof.h, step 1); 0: the chapter's radius as it is */
    int kernel;       /* dof_kernel; with DOF_KERNEL_DISC, BOXES is unused and the guard is the soft one */
    int near;         /* 1: the near field spreads over what lies behind it (dof_math.h, dof_near_*), by probes */
    int layers;       /* 1 (disc only): near and far layer tables (dof_math.h, dof_layers_pixel) in place of the
                         soft guard and the near field's probes */
    int half;         /* 1: the whole DoF at half size, composited onto the full frame (src/dof/dof_half.h;
                         the layer tables too, built of the half picture) */
} dof_params;

/* The layer tables are in use: asked for, with the disc (with boxes --near layers is the
 * probes' near field). */
static inline int dof_uses_layers(const dof_params *p)
{
    return p->layers && p->kernel == DOF_KERNEL_DISC;
}

/* The pass folds the near field's tiles (the probes' near field or the layer tables'
 * near CoC): asked for, and the effect drawn. */
static inline int dof_needs_near_tiles(const dof_params *p)
{
    return (p->near || p->layers) && p->view == DOF_VIEW_EFFECT;
}

/* The pass builds the layer tables: in use, and the effect drawn (a debug view reads none). */
static inline int dof_builds_layers(const dof_params *p)
{
    return dof_uses_layers(p) && p->view == DOF_VIEW_EFFECT;
}

#endif

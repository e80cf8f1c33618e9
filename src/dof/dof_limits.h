/* Limits shared by the DoF code in C, CUDA and (through a define) GLSL. */
#ifndef SCANWORKS_DOF_DOF_LIMITS_H
#define SCANWORKS_DOF_DOF_LIMITS_H

/* With 16-bit values the box sums stay exact up to 65537 pixels: 2*64+1 = 129 wide. */
#define DOF_MAX_RADIUS 64

/* Nested boxes a blurred pixel averages: 1 is the chapter's single box; 3 (the
 * default) the smoothest, at three times the table reads. */
#define DOF_MAX_BOXES 3
#define DOF_DEFAULT_BOXES 3

/* The foreground guard probes only pixels deeper than this times the focus distance:
 * nearer ones cannot be guarded (src/dof/dof_math.h, dof_limit_radius, says why). */
#define DOF_GUARD_FROM 1.16f

/* The soft guard (the disc kernel's) weighs probes nearer than 0.85 d and sharper than
 * 0.6 r; below this times the focus distance none can weigh (dof_math.h says why). */
#define DOF_SOFT_GUARD_FROM 1.10f

/* The soft guard's probe grid (dof_math.h, dof_soft_radius_grid): with an aperture of
 * at least 2 DIV pixels, a probe's weight is not the weight at its own pixel but the
 * bilinear blend of the weights at the four nodes of a grid of spacing
 * floor(aperture / DIV) pixels around it, so that a probe crossing a sharp object's
 * silhouette shrinks the radius over the spacing, not in one pixel. Below that the
 * spacing is 1 and the probes are the plain ones (the app's default aperture 12). */
#define DOF_GUARD_GRID_DIV 8.0f
#define DOF_GRID_MAX 8   /* the largest spacing of either grid */
/* The same for the near layer's probes (dof_near_math.h, dof_near_layer_grid): at full
 * size floor(aperture / DIV) pixels; at half size, whose 12 probes spread by sqrt 2 draw
 * their copies of a near object's outline about twice as far apart for the aperture in
 * half pixels, floor(aperture / DIV_HALF). */
#define DOF_NEAR_GRID_DIV 8.0f
#define DOF_NEAR_GRID_DIV_HALF 4.0f
/* A grid's spacing for the aperture A and the divisor DIV (powers of two: every backend
 * divides exactly), 1 .. DOF_GRID_MAX; the guard's and the near layer's of a pass
 * P (dof_params: aperture, half); and whether either exceeds 1 (the CUDA gathers then
 * pick their kernels with the grids' code; the shaders take both as uniforms). */
#define DOF_GRID_SPACING(a, div)                                                                          \
    ((int)((a) / (div)) < 1 ? 1 : (int)((a) / (div)) > DOF_GRID_MAX ? DOF_GRID_MAX : (int)((a) / (div)))
#define DOF_GUARD_GRID(p) DOF_GRID_SPACING((p)->aperture, DOF_GUARD_GRID_DIV)
#define DOF_NEAR_GRID(p) DOF_GRID_SPACING((p)->aperture, (p)->half ? DOF_NEAR_GRID_DIV_HALF : DOF_NEAR_GRID_DIV)
#define DOF_USES_GRIDS(p) (DOF_GUARD_GRID(p) > 1 || DOF_NEAR_GRID(p) > 1)

/* The stepped disc: three bands of half-widths X1 > X2 > X3 (in units of the radius),
 * the same heights transposed (X3, X2, X1), so the disc is symmetric in x, y and the
 * diagonal; X2 = X1 / sqrt 2 puts the middle corner on the diagonal at the axes' extent
 * (round by the bokeh measure: the same spread along the axes and the diagonal), and X3
 * makes its area pi r^2 (quadrant X1 X3 + X2 (X2 - X3) + X3 (X1 - X2) = pi / 4). */
#define DOF_DISC_X1 0.970f
#define DOF_DISC_X2 0.686f
#define DOF_DISC_X3 0.553f

/* The SAT view (Tab) shows the frame rebuilt from the table by boxes of this half-size:
 * four reads a pixel, a picture a person recognises, wrong wherever the table is. */
#define DOF_SAT_VIEW_RADIUS 2

/* The near field (dof_math.h, dof_near_*): a blurred foreground spreads over what lies
 * behind it. Each TILE_W x TILE_H tile (the GPU's block; a warp is one tile row of 32
 * pixels) finds the largest CoC of the near pixels (nearer than the focus) whose disc
 * reaches it, and their least depth, from the depth sampled every STRIDE pixels within
 * DOF_MAX_RADIUS of the tile (SIDE_X x SIDE_Y samples: the tile pass and its dilation in
 * one). A pixel with such a CoC R probes the
 * disc of radius R at the NEAR_PROBES points of a Vogel spiral (unit disc, uniform in
 * area; DOF_P(x, y) a point, defined by the including language). */
#define DOF_NEAR_TILE_W 32
#define DOF_NEAR_TILE_H 8
#define DOF_NEAR_STRIDE 4
#define DOF_NEAR_SIDE_X ((DOF_NEAR_TILE_W + 2 * DOF_MAX_RADIUS) / DOF_NEAR_STRIDE)
#define DOF_NEAR_SIDE_Y ((DOF_NEAR_TILE_H + 2 * DOF_MAX_RADIUS) / DOF_NEAR_STRIDE)
#define DOF_NEAR_SAMPLES (DOF_NEAR_SIDE_X * DOF_NEAR_SIDE_Y)
/* The samples of the near field's grid along N pixels (those at STRIDE k + STRIDE/2 < N):
 * the GPU tile passes' steps (kernels/dof/gather.cu, shaders/dof_near_tiles.comp). */
#define DOF_NEAR_SAMPLES_ALONG(n) (((n) + DOF_NEAR_STRIDE / 2 - 1) / DOF_NEAR_STRIDE)
#define DOF_GATHER_THREADS (DOF_NEAR_TILE_W * DOF_NEAR_TILE_H)   /* the GPU gathers' block */
#define DOF_NEAR_PROBES 24
/* At half size (dof_params.half) the near layer probes 12 points: the first 12 of the
 * spiral below, their radius times DOF_NEAR_HALF_SPREAD (sqrt 2), are the Vogel spiral of
 * 12 (point k lies at sqrt((k + 1/2) / N) at angle k times the golden angle). A half pixel
 * stands for four, so 12 probes of the half frame read what 48 would of the full one. */
#define DOF_NEAR_PROBES_HALF 12
#define DOF_NEAR_HALF_SPREAD 1.41421356f
/* The probes and the spread of a pass at half size (HALF true) or full size. */
#define DOF_NEAR_PROBES_AT(half) ((half) ? DOF_NEAR_PROBES_HALF : DOF_NEAR_PROBES)
#define DOF_NEAR_SPREAD_AT(half) ((half) ? DOF_NEAR_HALF_SPREAD : 1.0f)
#define DOF_NEAR_SPIRAL \
    DOF_P(0.144338f, 0.000000f), DOF_P(-0.184342f, 0.168873f), DOF_P(0.028217f, -0.321513f), DOF_P(0.232351f, 0.303061f), \
    DOF_P(-0.426393f, -0.075423f), DOF_P(0.403917f, -0.256939f), DOF_P(-0.135102f, 0.502574f), DOF_P(-0.257655f, -0.496099f), \
    DOF_P(0.559008f, 0.204149f), DOF_P(-0.581555f, 0.240057f), DOF_P(0.280348f, -0.599087f), DOF_P(0.207170f, 0.660490f), \
    DOF_P(-0.624412f, -0.361860f), DOF_P(0.732507f, -0.161040f), DOF_P(-0.447038f, 0.635865f), DOF_P(-0.103276f, -0.796974f), \
    DOF_P(0.634013f, 0.534347f), DOF_P(-0.853183f, 0.035282f), DOF_P(0.622332f, -0.619303f), DOF_P(-0.041636f, 0.900426f), \
    DOF_P(-0.592151f, -0.709594f), DOF_P(0.938032f, 0.126211f), DOF_P(-0.794793f, 0.552996f), DOF_P(0.217183f, -0.965401f)

/* The layer tables (dof_math.h, dof_layers_pixel): beside the colour's table, two of
 * premultiplied layers, the near one (pixels before the focus, blurred) and the far one
 * (behind it, blurred). A pixel's weight in a layer ramps from 0 at a signed CoC of 1/2
 * px to 1 at 3/2 px, held as an integer 0..DOF_LAYER_ONE in the fourth channel; its
 * colour channels hold the quantized colour count q times that weight k. Where the counts
 * are 8-bit (the table's scale at most 1, a picture's 0..255: DOF_LAYER_EXACT) the product
 * is kept whole (q k <= 65280); elsewhere (the app's scale 4096, counts up to 65535) it
 * is divided by DOF_LAYER_ONE, rounded. Either way a pixel's value stays below 2^16, as
 * the colour table's, so a disc's sum is exact in 32 bits (DOF_MAX_RADIUS). Rounding
 * q k / 256 of 8-bit counts lost up to half a count of a faint pixel's product, which the
 * division by the coverage then magnified (18 levels as the CoC grew by 0.05 px, a
 * uniform picture no longer uniform). A far pixel whose disc covers less than
 * DOF_LAYER_MIN_COVER of far layer takes the colour's disc instead. */
#define DOF_LAYER_ONE 256
#define DOF_LAYER_EXACT_SCALE 1.0f   /* the shaders get DOF_LAYER_EXACT from it too */
#define DOF_LAYER_EXACT(scale) ((scale) <= DOF_LAYER_EXACT_SCALE)
#define DOF_LAYER_MIN_COVER 0.001f

#endif

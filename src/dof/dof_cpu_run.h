/* The whole DoF in C of an 8-bit picture: its table (quantization scale 1, sat_host's
 * cpu build), the layer tables where P asks for them (dof_cpu_layer_tables), then the
 * gather (dof_cpu_apply_alpha). What compute dof's cpu backend runs on the picture and
 * the half-resolution DoF (dof_half.c) on the half picture. */
#ifndef SCANWORKS_DOF_DOF_CPU_RUN_H
#define SCANWORKS_DOF_DOF_CPU_RUN_H

#include <stdint.h>
#include "dof/dof_params.h"
#include "util/error.h"

/* IMG (w*h pixels of c channels) over DEPTH (w*h) into OUT (w*h*c bytes), and where
 * ALPHA_OUT is not NULL each pixel's near coverage into it (dof_cpu_apply_alpha). -1 and
 * ERR where memory runs out or the table cannot be built. */
int dof_cpu_run(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c, uint8_t *out,
                float *alpha_out, sw_error *err);

#endif

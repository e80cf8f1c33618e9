/* Include this, not glad or GL headers directly: glad's gl.h must come before any
 * other GL header (CUDA's interop header included). */
#ifndef SCANWORKS_GL_GL_H
#define SCANWORKS_GL_GL_H
#include <glad/gl.h>
#endif

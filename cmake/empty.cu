/* Placeholder translation unit for the kernels library while kernels/ has no .cu files. */

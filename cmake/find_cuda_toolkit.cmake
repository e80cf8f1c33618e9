# find_package(CUDAToolkit), with a workaround for CMake 3.25.0/3.25.1 (Debian 12's cmake).
#
# Those versions' FindCUDAToolkit marks CUDA::nvToolsExt deprecated whenever the project
# requires CMake >= 3.25, without checking that the target exists. CUDA 12.9 and 13 no
# longer ship libnvToolsExt, so configuring stops with
#   "set_property could not find TARGET CUDA::nvToolsExt".
# CMake 3.25.2 guards the call. The deprecation is only a warning text, so for the one
# find_package call the required version is shown to the module as 3.24, which skips
# it; everything else the module does is unchanged. scanworks links only
# CUDA::cudart_static.
if(CMAKE_VERSION VERSION_LESS 3.25.2)
  set(_scanworks_min_version "${CMAKE_MINIMUM_REQUIRED_VERSION}")
  set(CMAKE_MINIMUM_REQUIRED_VERSION 3.24)
  find_package(CUDAToolkit REQUIRED)
  set(CMAKE_MINIMUM_REQUIRED_VERSION "${_scanworks_min_version}")
  unset(_scanworks_min_version)
else()
  find_package(CUDAToolkit REQUIRED)
endif()
if(NOT TARGET CUDA::cudart_static)
  message(FATAL_ERROR "scanworks: the CUDA Toolkit at '${CUDAToolkit_LIBRARY_DIR}' has no "
                      "static CUDA runtime (libcudart_static.a). Install the toolkit's cudart "
                      "development files, or configure with -DSCANWORKS_CUDA=OFF.")
endif()

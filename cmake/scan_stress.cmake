# The stress build of the look-back scan (tests/test_scan_stress.c): kernels/scan/scan.cu (and
# its host half, src/prim/scan_plan_cuda.c)
# compiled again with SCANWORKS_STRESS, so that SW_STRESS_POINT (kernels/common/stress.cuh)
# sleeps a random while at every hand-over and look-back point. Its own small library,
# linked without scanworks_core and scanworks_prims (which hold the normal build of the
# same kernels).
# scripts/gpu-build turns it on; scripts/gpu-check.d/cli.sh runs it.
option(SCANWORKS_SCAN_STRESS "Build test_scan_stress (the look-back scan with random delays at its hand-overs)" OFF)
if(SCANWORKS_SCAN_STRESS AND NOT SCANWORKS_HAVE_CUDA)
  message(WARNING "SCANWORKS_SCAN_STRESS needs the CUDA backend; test_scan_stress is not built")
endif()
if(SCANWORKS_SCAN_STRESS AND SCANWORKS_HAVE_CUDA)
  add_library(scanworks_scan_stress STATIC ${CMAKE_SOURCE_DIR}/kernels/scan/scan.cu
    ${CMAKE_SOURCE_DIR}/src/prim/scan_plan_cuda.c ${CMAKE_SOURCE_DIR}/src/prim/cuda_util_cuda.c
    ${CMAKE_SOURCE_DIR}/src/util/error.c)
  target_include_directories(scanworks_scan_stress PUBLIC ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/src
                             ${CMAKE_SOURCE_DIR}/include)
  target_compile_definitions(scanworks_scan_stress PRIVATE SCANWORKS_STRESS=1)
  target_compile_options(scanworks_scan_stress PRIVATE
    $<$<COMPILE_LANGUAGE:CUDA>:-lineinfo --expt-relaxed-constexpr -Xcompiler=-Wall,-Wextra>)
  target_link_libraries(scanworks_scan_stress PUBLIC CUDA::cudart_static)
  add_executable(test_scan_stress ${CMAKE_SOURCE_DIR}/tests/test_scan_stress.c)
  target_compile_definitions(test_scan_stress PRIVATE SCANWORKS_HAVE_CUDA=1)
  target_compile_options(test_scan_stress PRIVATE ${SCANWORKS_C_WARNINGS})
  target_link_libraries(test_scan_stress PRIVATE scanworks_scan_stress m)
  set_target_properties(test_scan_stress PROPERTIES LINKER_LANGUAGE CUDA CUDA_RESOLVE_DEVICE_SYMBOLS ON)
  # Two million tiles or four minutes, whichever comes first (a million at least).
  add_test(NAME test_scan_stress COMMAND test_scan_stress 2000000 240)
  set_tests_properties(test_scan_stress PROPERTIES SKIP_RETURN_CODE 77 LABELS "gpu;stress" TIMEOUT 400)
endif()

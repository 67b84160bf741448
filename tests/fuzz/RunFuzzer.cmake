# Runs one libFuzzer binary for a bounded time over a scratch copy of its seed corpus
# (libFuzzer adds the inputs it finds to the corpus directory; the sources stay untouched).
# cmake -DFUZZER=<binary> -DWORK_DIR=<dir> -DSEED_DIRS=<dir>|<dir> -DMAX_TIME=<s>
#       [-DDICT=<file>] -P RunFuzzer.cmake
# The suite's runs use a fixed random seed, so that a run finds tomorrow what it found today and
# CI does not fail at random; TERRARIUM_FUZZ_SEED=0 lets libFuzzer pick one (to explore, e.g.
# ctest -L fuzz in a loop), any other number picks that seed. Each run prints the seed it used.
foreach(variable FUZZER WORK_DIR SEED_DIRS MAX_TIME)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "RunFuzzer.cmake: ${variable} is not set")
    endif()
endforeach()
if(NOT EXISTS "${FUZZER}")
    message(FATAL_ERROR "RunFuzzer.cmake: ${FUZZER} was not built")
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/corpus")
string(REPLACE "|" ";" seed_dirs "${SEED_DIRS}")
foreach(seed_dir IN LISTS seed_dirs)
    # The fixtures are read-only in the source tree; the copies must be removable.
    file(COPY "${seed_dir}/" DESTINATION "${WORK_DIR}/corpus"
         FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
endforeach()

set(seed 1)
if(DEFINED ENV{TERRARIUM_FUZZ_SEED})
    set(seed "$ENV{TERRARIUM_FUZZ_SEED}")
endif()
set(arguments -max_total_time=${MAX_TIME} -timeout=5 -rss_limit_mb=2048 -print_final_stats=1
              -seed=${seed} -artifact_prefix=${WORK_DIR}/)
if(DICT)
    list(APPEND arguments -dict=${DICT})
endif()
execute_process(COMMAND "${FUZZER}" ${arguments} "${WORK_DIR}/corpus" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "${FUZZER} failed (${result}); the crashing input is in ${WORK_DIR} "
                        "(seed ${seed}; libFuzzer's own line \"Seed:\" above says which when 0)")
endif()

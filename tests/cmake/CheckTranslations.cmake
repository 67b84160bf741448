# Fails when a translation is behind the code: a visible string that no .ts file has yet, or one
# that is there but unfinished. Updates scratch copies of the .ts files with the sources exactly
# as a translator would (lupdate), then counts what lrelease reports as unfinished.
# cmake -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -DLUPDATE=<lupdate> -DLRELEASE=<lrelease>
#       -P CheckTranslations.cmake
foreach(variable SOURCE_DIR WORK_DIR LUPDATE LRELEASE)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "CheckTranslations.cmake: ${variable} is not set")
    endif()
endforeach()

file(GLOB ts_files "${SOURCE_DIR}/translations/*.ts")
if(NOT ts_files)
    message(FATAL_ERROR "No .ts files under ${SOURCE_DIR}/translations")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(failures "")
foreach(ts IN LISTS ts_files)
    get_filename_component(name "${ts}" NAME)
    set(scratch "${WORK_DIR}/${name}")
    file(COPY_FILE "${ts}" "${scratch}")
    # No guessing from similar strings: a translator decides every new one. Qt 6.8's lupdate
    # no longer has the "number" heuristic (nor takes its name); Qt 6.4's has it on by default.
    set(heuristics -disable-heuristic similartext -disable-heuristic sametext
                   -disable-heuristic number)
    execute_process(COMMAND "${LUPDATE}" -help OUTPUT_VARIABLE help ERROR_VARIABLE help)
    if(NOT help MATCHES "similartext\\|number")
        list(REMOVE_AT heuristics 4 5)
    endif()
    execute_process(
        COMMAND "${LUPDATE}" -I . -extensions cpp,h ${heuristics} core vm ui app -ts "${scratch}"
        WORKING_DIRECTORY "${SOURCE_DIR}"
        RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "lupdate failed for ${name}: ${out}${err}")
    endif()
    execute_process(
        COMMAND "${LRELEASE}" "${scratch}" -qm "${WORK_DIR}/${name}.qm"
        RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "lrelease failed for ${name}: ${out}${err}")
    endif()
    if(NOT out MATCHES "\\(([0-9]+) finished and ([0-9]+) unfinished\\)")
        message(FATAL_ERROR "Cannot read lrelease's count for ${name}: ${out}")
    endif()
    set(unfinished ${CMAKE_MATCH_2})
    # Strings with no translation at all are not counted as unfinished but "ignored".
    if(out MATCHES "Ignored ([0-9]+) untranslated")
        math(EXPR unfinished "${unfinished} + ${CMAKE_MATCH_1}")
    endif()
    if(NOT unfinished EQUAL 0)
        # Which ones, so that the failure says what to translate.
        file(READ "${scratch}" text)
        string(REGEX MATCHALL "<source>[^<]*</source>[ \t\r\n]*<translation type=\"unfinished\">"
               missing "${text}")
        list(SUBLIST missing 0 10 shown)
        string(REPLACE ";" "\n  " shown "${shown}")
        list(APPEND failures
             "${name}: ${unfinished} string(s) untranslated or new since the last lupdate, e.g.\n  ${shown}")
    endif()
endforeach()
if(failures)
    string(REPLACE ";" "\n" failures "${failures}")
    message(FATAL_ERROR "${failures}\nUpdate translations/*.ts with the lupdate command in "
                        "this script, then translate them (Qt Linguist, or by hand).")
endif()
message(STATUS "Every translation is complete.")

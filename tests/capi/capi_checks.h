/* Scenarios written in C against sudoforge.h (capi_checks.c, compiled as strict C99); the
 * GoogleTest runner (capi_test.cpp) calls them and asserts on what they report, checking
 * the results against the C++ libraries where it can. */
#ifndef SUDOFORGE_TESTS_CAPI_CHECKS_H
#define SUDOFORGE_TESTS_CAPI_CHECKS_H

#include "sudoforge.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CAPI_MESSAGE 256

/* sf_count (cap 2) and sf_solve of one puzzle. */
typedef struct capi_solved {
  sf_status count_status, solve_status;
  uint64_t count;
  char solution[SF_MAX_GRID_TEXT];
} capi_solved;
void capi_count_and_solve(const char* puzzle, const char* variant, capi_solved* out);

/* sf_generate of `count` puzzles (at most CAPI_MAX_PUZZLES), each then counted (cap 2) and
 * solved through the API. */
#define CAPI_MAX_PUZZLES 8
typedef struct capi_generated {
  sf_status status;
  size_t count;
  char givens[CAPI_MAX_PUZZLES][SF_MAX_GRID_TEXT];
  char solution[CAPI_MAX_PUZZLES][SF_MAX_GRID_TEXT];
  uint64_t index[CAPI_MAX_PUZZLES];
  double er[CAPI_MAX_PUZZLES];
  char level[CAPI_MAX_PUZZLES][16];
  size_t technique_count[CAPI_MAX_PUZZLES];
  uint64_t solutions[CAPI_MAX_PUZZLES]; /* sf_count of the givens, cap 2 */
  int solve_agrees[CAPI_MAX_PUZZLES];   /* sf_solve gives the puzzle's solution */
} capi_generated;
void capi_generate(const char* size, const char* variant, const char* level, uint64_t seed,
                   uint64_t count, int threads, capi_generated* out);

/* sf_grade with explain, and what its handle reports. */
typedef struct capi_graded {
  sf_status status;
  double er, ep, ed;
  char level[16];
  char hardest[64];
  int complete;
  size_t step_count, steps_kept, technique_count;
  int steps_ok;      /* every kept step has a technique, an explanation and a change */
  size_t placements; /* placements over every step */
  char first_explanation[CAPI_MESSAGE];
  char first_technique[64];
} capi_graded;
void capi_grade(const char* puzzle, capi_graded* out);

/* Generates `count` puzzles of seed 11 into a new catalogue at `path`, adds them twice,
 * queries every row and the rows of the first puzzle's level, and reopens read-only. */
typedef struct capi_catalogued {
  sf_status status; /* the first call that failed, else SF_OK */
  char failed_call[64];
  uint64_t added, duplicates, added_again, duplicates_again;
  size_t rows, rows_matching; /* rows whose givens and ER are those generated */
  size_t level_rows, level_rows_of_level;
  size_t limited_rows; /* with limit 2 */
  size_t read_only_rows;
  int ids_positive;
} capi_catalogued;
void capi_catalogue_roundtrip(const char* path, uint64_t count, capi_catalogued* out);

/* The error paths: each case is one call, its expected and actual status and the message
 * sf_last_error() gave. */
typedef struct capi_case {
  const char* name;
  sf_status expected, status;
  char message[CAPI_MESSAGE];
} capi_case;
/* Fills up to `max` cases and returns how many; `dir` is a scratch directory for files. */
size_t capi_error_cases(const char* dir, capi_case* cases, size_t max);

/* Frees NULL with every sf_*_free and closes a NULL catalogue; returns 1 (it would crash
 * otherwise). Also: a message is "" after a successful call. */
int capi_free_null_and_clear_message(void);

/* The version the API reports. */
void capi_version(int* major, int* minor, int* patch, char* text, size_t text_size);

/* A generation with a stop raised before the call, and one bounded by a time limit of
 * `seconds` that could not finish in that time: statuses and puzzles delivered. */
typedef struct capi_stopped {
  sf_status raised_status, grade_status, timed_status;
  int raised_out_set, timed_out_set;
  size_t raised_count, timed_count;
} capi_stopped;
void capi_stop(double seconds, capi_stopped* out);

#ifdef __cplusplus
}
#endif

#endif

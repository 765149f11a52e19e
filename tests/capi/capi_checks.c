/* The C side of the C API tests: plain C99 over sudoforge.h only. */
#include "capi_checks.h"

#include <stdio.h>
#include <string.h>

static void copy_text(char* to, size_t size, const char* from) {
  if (size == 0) return;
  if (!from) from = "(null)";
  strncpy(to, from, size - 1);
  to[size - 1] = '\0';
}

void capi_count_and_solve(const char* puzzle, const char* variant, capi_solved* out) {
  sf_solve_options options = {0};
  options.variant = variant;
  memset(out, 0, sizeof *out);
  out->count_status = sf_count(puzzle, &options, 2, &out->count);
  out->solve_status = sf_solve(puzzle, &options, out->solution, sizeof out->solution);
}

void capi_generate(const char* size, const char* variant, const char* level, uint64_t seed,
                   uint64_t count, int threads, capi_generated* out) {
  sf_generate_options options = {0};
  sf_solve_options solve = {0};
  sf_puzzles* puzzles = NULL;
  size_t i;
  memset(out, 0, sizeof *out);
  if (count > CAPI_MAX_PUZZLES) count = CAPI_MAX_PUZZLES;
  options.count = count;
  options.seed = seed;
  options.size = size;
  options.variant = variant;
  options.level = level;
  options.threads = threads;
  solve.variant = variant;
  out->status = sf_generate(&options, &puzzles);
  if (out->status != SF_OK) {
    sf_puzzles_free(puzzles);
    return;
  }
  out->count = sf_puzzles_count(puzzles);
  for (i = 0; i < out->count && i < CAPI_MAX_PUZZLES; ++i) {
    sf_puzzle p;
    char text[2 * SF_MAX_GRID_TEXT];
    char solved[SF_MAX_GRID_TEXT];
    if (sf_puzzles_get(puzzles, i, &p) != SF_OK) {
      out->status = SF_INTERNAL;
      break;
    }
    copy_text(out->givens[i], sizeof out->givens[i], p.givens);
    copy_text(out->solution[i], sizeof out->solution[i], p.solution);
    copy_text(out->level[i], sizeof out->level[i], p.level);
    out->index[i] = p.index;
    out->er[i] = p.graded ? p.er : -1;
    out->technique_count[i] = p.technique_count;
    /* A jigsaw puzzle is read back with its region map after the givens. */
    if (p.regions[0] != '\0') {
      snprintf(text, sizeof text, "%s %s", p.givens, p.regions);
    } else {
      copy_text(text, sizeof text, p.givens);
    }
    if (sf_count(text, &solve, 2, &out->solutions[i]) != SF_OK) out->solutions[i] = 0;
    out->solve_agrees[i] =
        sf_solve(text, &solve, solved, sizeof solved) == SF_OK && strcmp(solved, p.solution) == 0;
  }
  sf_puzzles_free(puzzles);
}

void capi_grade(const char* puzzle, capi_graded* out) {
  sf_grade_options options = {0};
  sf_rating* rating = NULL;
  sf_rating_info info;
  size_t i;
  memset(out, 0, sizeof *out);
  options.explain = 1;
  out->status = sf_grade(puzzle, &options, &rating);
  if (out->status != SF_OK) return;
  if (sf_rating_get(rating, &info) != SF_OK) {
    out->status = SF_INTERNAL;
    sf_rating_free(rating);
    return;
  }
  out->er = info.er;
  out->ep = info.ep;
  out->ed = info.ed;
  copy_text(out->level, sizeof out->level, info.level);
  copy_text(out->hardest, sizeof out->hardest, info.hardest);
  out->complete = info.complete;
  out->step_count = info.step_count;
  out->steps_kept = info.steps_kept;
  out->technique_count = info.technique_count;
  out->steps_ok = 1;
  for (i = 0; i < info.steps_kept; ++i) {
    sf_step step;
    if (sf_rating_step(rating, i, &step) != SF_OK || step.technique[0] == '\0' ||
        step.explanation[0] == '\0' || step.placement_count + step.elimination_count == 0) {
      out->steps_ok = 0;
      break;
    }
    if (i == 0) {
      copy_text(out->first_explanation, sizeof out->first_explanation, step.explanation);
      copy_text(out->first_technique, sizeof out->first_technique, step.technique);
    }
    out->placements += step.placement_count;
  }
  for (i = 0; i < info.technique_count; ++i) {
    if (sf_rating_technique(rating, i) == NULL) out->steps_ok = 0;
  }
  if (sf_rating_technique(rating, info.technique_count) != NULL) out->steps_ok = 0;
  sf_rating_free(rating);
}

/* Records the first failing call of a scenario. */
static int failed(capi_catalogued* out, sf_status status, const char* call) {
  if (status == SF_OK) return 0;
  if (out->status == SF_OK) {
    out->status = status;
    copy_text(out->failed_call, sizeof out->failed_call, call);
  }
  return 1;
}

void capi_catalogue_roundtrip(const char* path, uint64_t count, capi_catalogued* out) {
  sf_generate_options options = {0};
  sf_puzzles* generated = NULL;
  sf_puzzles* rows = NULL;
  sf_catalogue* catalogue = NULL;
  sf_query query = {0};
  sf_puzzle first;
  size_t i, j;
  memset(out, 0, sizeof *out);
  options.count = count;
  options.seed = 11;
  if (failed(out, sf_generate(&options, &generated), "sf_generate")) goto done;
  if (failed(out, sf_puzzles_get(generated, 0, &first), "sf_puzzles_get")) goto done;
  if (failed(out, sf_catalogue_open(path, 0, &catalogue), "sf_catalogue_open")) goto done;
  if (failed(out, sf_catalogue_add(catalogue, generated, &out->added, &out->duplicates),
             "sf_catalogue_add")) {
    goto done;
  }
  if (failed(out, sf_catalogue_add(catalogue, generated, &out->added_again, &out->duplicates_again),
             "sf_catalogue_add again")) {
    goto done;
  }

  if (failed(out, sf_catalogue_query(catalogue, NULL, &rows), "sf_catalogue_query")) goto done;
  out->rows = sf_puzzles_count(rows);
  out->ids_positive = 1;
  for (i = 0; i < out->rows; ++i) {
    sf_puzzle row;
    if (failed(out, sf_puzzles_get(rows, i, &row), "sf_puzzles_get row")) goto done;
    if (row.id <= 0) out->ids_positive = 0;
    for (j = 0; j < sf_puzzles_count(generated); ++j) {
      sf_puzzle g;
      if (failed(out, sf_puzzles_get(generated, j, &g), "sf_puzzles_get")) goto done;
      if (strcmp(g.givens, row.givens) == 0 && strcmp(g.solution, row.solution) == 0 &&
          g.er == row.er && strcmp(g.level, row.level) == 0 &&
          g.technique_count == row.technique_count && row.generated && g.seed == row.seed &&
          g.index == row.index) {
        ++out->rows_matching;
      }
    }
  }
  sf_puzzles_free(rows);
  rows = NULL;

  query.level = first.level;
  if (failed(out, sf_catalogue_query(catalogue, &query, &rows), "sf_catalogue_query level")) {
    goto done;
  }
  out->level_rows = sf_puzzles_count(rows);
  for (i = 0; i < out->level_rows; ++i) {
    sf_puzzle row;
    if (failed(out, sf_puzzles_get(rows, i, &row), "sf_puzzles_get level row")) goto done;
    if (strcmp(row.level, first.level) == 0) ++out->level_rows_of_level;
  }
  sf_puzzles_free(rows);
  rows = NULL;

  memset(&query, 0, sizeof query);
  query.limit = 2;
  query.order = SF_ORDER_RATING;
  if (failed(out, sf_catalogue_query(catalogue, &query, &rows), "sf_catalogue_query limit")) {
    goto done;
  }
  out->limited_rows = sf_puzzles_count(rows);
  sf_puzzles_free(rows);
  rows = NULL;
  sf_catalogue_close(catalogue);
  catalogue = NULL;

  if (failed(out, sf_catalogue_open(path, SF_OPEN_READ_ONLY, &catalogue),
             "sf_catalogue_open read-only")) {
    goto done;
  }
  if (failed(out, sf_catalogue_query(catalogue, NULL, &rows), "sf_catalogue_query read-only")) {
    goto done;
  }
  out->read_only_rows = sf_puzzles_count(rows);

done:
  sf_puzzles_free(rows);
  sf_puzzles_free(generated);
  sf_catalogue_close(catalogue);
}

/* One error case: the status of the call and the message it left. */
static void record(capi_case* c, const char* name, sf_status expected, sf_status status) {
  c->name = name;
  c->expected = expected;
  c->status = status;
  copy_text(c->message, sizeof c->message, sf_last_error());
}

#define CASE(name, expected, call)                            \
  do {                                                        \
    if (n < max) record(&cases[n++], name, expected, (call)); \
  } while (0)

size_t capi_error_cases(const char* dir, capi_case* cases, size_t max) {
  static const char* const kUnique =
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
  /* r1c1 and r1c2 are both 1. */
  static const char* const kConflict =
      "11.............................................................................."
      ".";
  /* r1c9 can only be 9, which column 9 holds already: no solution, yet no conflict. */
  static const char* const kNoSolution =
      "12345678.........9.............................................................."
      ".";
  static const char* const kEmpty =
      "................................................................................"
      ".";
  static const char* const kUnknownTechnique[] = {"Hidden Single", "Flying Spaghetti"};
  size_t n = 0;
  uint64_t count = 0;
  char solution[SF_MAX_GRID_TEXT];
  char small[10];
  char path[512];
  sf_puzzles* puzzles = NULL;
  sf_rating* rating = NULL;
  sf_catalogue* catalogue = NULL;
  sf_stop* stop = NULL;
  sf_puzzle puzzle;
  sf_rating_info info;
  sf_step step;
  sf_generate_options generate = {0};
  sf_solve_options solve = {0};
  sf_query query = {0};
  FILE* file;

  /* NULL where a value is needed. */
  CASE("count NULL puzzle", SF_INVALID_ARGUMENT, sf_count(NULL, NULL, 2, &count));
  CASE("count NULL result", SF_INVALID_ARGUMENT, sf_count(kUnique, NULL, 2, NULL));
  CASE("solve NULL buffer", SF_INVALID_ARGUMENT, sf_solve(kUnique, NULL, NULL, 100));
  CASE("generate NULL out", SF_INVALID_ARGUMENT, sf_generate(NULL, NULL));
  CASE("grade NULL puzzle", SF_INVALID_ARGUMENT, sf_grade(NULL, NULL, &rating));
  CASE("grade NULL out", SF_INVALID_ARGUMENT, sf_grade(kUnique, NULL, NULL));
  CASE("rating_get NULL", SF_INVALID_ARGUMENT, sf_rating_get(NULL, &info));
  CASE("rating_step NULL", SF_INVALID_ARGUMENT, sf_rating_step(NULL, 0, &step));
  CASE("puzzles_get NULL", SF_INVALID_ARGUMENT, sf_puzzles_get(NULL, 0, &puzzle));
  CASE("catalogue_open NULL path", SF_INVALID_ARGUMENT, sf_catalogue_open(NULL, 0, &catalogue));
  CASE("catalogue_query NULL", SF_INVALID_ARGUMENT, sf_catalogue_query(NULL, NULL, &puzzles));
  CASE("catalogue_add NULL", SF_INVALID_ARGUMENT, sf_catalogue_add(NULL, NULL, NULL, NULL));
  CASE("stop_new NULL", SF_INVALID_ARGUMENT, sf_stop_new(0, NULL));
  CASE("stop_new negative", SF_INVALID_ARGUMENT, sf_stop_new(-1, &stop));

  /* Bad puzzles. */
  CASE("count bad text", SF_PARSE, sf_count("12345", NULL, 2, &count));
  CASE("count 80 cells", SF_PARSE, sf_count(kEmpty + 1, NULL, 2, &count));
  CASE("count conflict", SF_CONFLICT, sf_count(kConflict, NULL, 2, &count));
  CASE("solve conflict", SF_CONFLICT, sf_solve(kConflict, NULL, solution, sizeof solution));
  CASE("grade conflict", SF_CONFLICT, sf_grade(kConflict, NULL, &rating));
  CASE("solve no solution", SF_NO_SOLUTION, sf_solve(kNoSolution, NULL, solution, sizeof solution));
  CASE("grade no solution", SF_NO_SOLUTION, sf_grade(kNoSolution, NULL, &rating));
  CASE("grade not unique", SF_NOT_UNIQUE, sf_grade(kEmpty, NULL, &rating));
  CASE("solve small buffer", SF_INVALID_ARGUMENT, sf_solve(kUnique, NULL, small, sizeof small));
  CASE("count cap 0", SF_INVALID_ARGUMENT, sf_count(kUnique, NULL, 0, &count));
  solve.variant = "spiral";
  CASE("count unknown variant", SF_INVALID_ARGUMENT, sf_count(kUnique, &solve, 2, &count));

  /* Bad generation options. */
  generate.level = "impossible";
  CASE("generate unknown level", SF_INVALID_ARGUMENT, sf_generate(&generate, &puzzles));
  generate.level = NULL;
  generate.size = "7";
  CASE("generate size 7", SF_INVALID_ARGUMENT, sf_generate(&generate, &puzzles));
  generate.size = "2x3";
  generate.symmetry = "rot90";
  CASE("generate rot90 on 2x3", SF_INVALID_ARGUMENT, sf_generate(&generate, &puzzles));
  generate.size = NULL;
  generate.symmetry = "twirl";
  CASE("generate unknown symmetry", SF_INVALID_ARGUMENT, sf_generate(&generate, &puzzles));
  generate.symmetry = NULL;
  generate.variant = "windoku";
  generate.size = "16";
  CASE("generate windoku 16x16", SF_INVALID_ARGUMENT, sf_generate(&generate, &puzzles));
  generate.variant = NULL;
  generate.size = NULL;
  generate.min_rating = 6;
  generate.max_rating = 4;
  CASE("generate inverted band", SF_INVALID_ARGUMENT, sf_generate(&generate, &puzzles));
  generate.min_rating = 0;
  generate.max_rating = 0;
  generate.threads = 1000;
  CASE("generate 1000 threads", SF_INVALID_ARGUMENT, sf_generate(&generate, &puzzles));
  generate.threads = 0;
  generate.min_clues = 100;
  CASE("generate 100 clues", SF_INVALID_ARGUMENT, sf_generate(&generate, &puzzles));

  /* Catalogues that are not. */
  snprintf(path, sizeof path, "%s/not_a_database.db", dir);
  file = fopen(path, "w");
  if (file) {
    fputs("these are not the puzzles you are looking for\n", file);
    fclose(file);
  }
  CASE("open text file", SF_IO, sf_catalogue_open(path, 0, &catalogue));
  snprintf(path, sizeof path, "%s/missing.db", dir);
  CASE("open missing read-only", SF_IO, sf_catalogue_open(path, SF_OPEN_READ_ONLY, &catalogue));
  CASE("open bad flags", SF_INVALID_ARGUMENT, sf_catalogue_open(path, 8, &catalogue));

  /* Out-of-range indices and bad queries on good handles. */
  snprintf(path, sizeof path, "%s/errors.db", dir);
  if (sf_catalogue_open(path, 0, &catalogue) == SF_OK) {
    query.level = "legendary";
    CASE("query unknown level", SF_INVALID_ARGUMENT,
         sf_catalogue_query(catalogue, &query, &puzzles));
    query.level = NULL;
    query.techniques = kUnknownTechnique;
    query.technique_count = 2;
    CASE("query unknown technique", SF_INVALID_ARGUMENT,
         sf_catalogue_query(catalogue, &query, &puzzles));
    query.techniques = NULL;
    CASE("query techniques NULL", SF_INVALID_ARGUMENT,
         sf_catalogue_query(catalogue, &query, &puzzles));
    query.technique_count = 0;
    query.size = 7;
    CASE("query size 7", SF_INVALID_ARGUMENT, sf_catalogue_query(catalogue, &query, &puzzles));
    query.size = 0;
    query.order = 42;
    CASE("query order 42", SF_INVALID_ARGUMENT, sf_catalogue_query(catalogue, &query, &puzzles));
    query.order = SF_ORDER_ID;
    if (sf_catalogue_query(catalogue, &query, &puzzles) == SF_OK) {
      CASE("puzzles_get past the end", SF_INVALID_ARGUMENT,
           sf_puzzles_get(puzzles, sf_puzzles_count(puzzles), &puzzle));
      sf_puzzles_free(puzzles);
      puzzles = NULL;
    }
    sf_catalogue_close(catalogue);
    catalogue = NULL;
  }
  if (sf_grade(kUnique, NULL, &rating) == SF_OK) {
    CASE("rating_step without explain", SF_INVALID_ARGUMENT, sf_rating_step(rating, 0, &step));
    sf_rating_free(rating);
    rating = NULL;
  }
  /* Nothing was handed out by the failing calls. */
  if (puzzles || rating || catalogue || stop) {
    CASE("no handle from a failing call", SF_OK, SF_INTERNAL);
  }
  return n;
}

int capi_free_null_and_clear_message(void) {
  uint64_t count = 0;
  sf_puzzles_free(NULL);
  sf_rating_free(NULL);
  sf_catalogue_close(NULL);
  sf_stop_free(NULL);
  sf_stop_request(NULL);
  if (sf_stop_requested(NULL) != 0) return 0;
  if (sf_puzzles_count(NULL) != 0) return 0;
  if (sf_rating_technique(NULL, 0) != NULL) return 0;
  if (sf_count(NULL, NULL, 2, &count) == SF_OK || sf_last_error()[0] == '\0') return 0;
  if (sf_count("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
               NULL, 2, &count) != SF_OK) {
    return 0;
  }
  return sf_last_error()[0] == '\0' && strcmp(sf_status_name(SF_OK), "ok") == 0 &&
         strcmp(sf_status_name(99), "unknown") == 0;
}

void capi_version(int* major, int* minor, int* patch, char* text, size_t text_size) {
  *major = sf_version_major();
  *minor = sf_version_minor();
  *patch = sf_version_patch();
  copy_text(text, text_size, sf_version_string());
}

/* Generates `count` puzzles under `stop`: the status, whether a handle came back, and how
 * many puzzles it holds. */
static sf_status stopped_generation(uint64_t count, sf_stop* stop, int* out_set, size_t* done) {
  sf_generate_options options = {0};
  sf_puzzles* puzzles = NULL;
  sf_status status;
  options.count = count;
  options.stop = stop;
  status = sf_generate(&options, &puzzles);
  *out_set = puzzles != NULL;
  *done = sf_puzzles_count(puzzles);
  sf_puzzles_free(puzzles);
  return status;
}

void capi_stop(double seconds, capi_stopped* out) {
  sf_grade_options grade = {0};
  sf_rating* rating = NULL;
  sf_stop* stop = NULL;
  memset(out, 0, sizeof *out);

  if (sf_stop_new(0, &stop) != SF_OK) return;
  sf_stop_request(stop);
  out->raised_status = stopped_generation(1000, stop, &out->raised_out_set, &out->raised_count);
  grade.stop = stop;
  out->grade_status =
      sf_grade("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
               &grade, &rating);
  sf_rating_free(rating);
  sf_stop_free(stop);

  /* A million graded puzzles take far longer than the limit. */
  if (sf_stop_new(seconds, &stop) != SF_OK) return;
  out->timed_status = stopped_generation(1000000, stop, &out->timed_out_set, &out->timed_count);
  sf_stop_free(stop);
}

/* sudoforge.h: the C API of sudoforge (C99; usable from C++ and through any FFI).
 *
 * It wraps the C++ libraries (solver, generator, grader, catalogue): count and solve,
 * generate with options, grade with ratings and steps, open and query a catalogue.
 *
 * Conventions, for every function below:
 *  - Errors. Every function that can fail returns an sf_status; SF_OK (0) is success.
 *    On failure the out-parameters are left as they were, except where a function says
 *    otherwise (sf_generate on SF_STOPPED). No C++ exception ever leaves the library.
 *    A NULL pointer where a value is required is SF_INVALID_ARGUMENT, never a crash.
 *  - Messages. sf_last_error() is the message of the calling thread's last call that
 *    returns an sf_status (thread-local): "" after SF_OK, else what went wrong. Calls
 *    that return no status (sf_*_free, sf_puzzles_count, ...) leave it as it was.
 *  - Memory. Handles (sf_puzzles, sf_rating, sf_catalogue, sf_stop) are created by the
 *    library and freed by the caller with the matching sf_*_free (each accepts NULL and
 *    does nothing then). Every `const char*` the library hands out is owned by the
 *    library: strings inside a handle live until that handle is freed; sf_last_error()'s
 *    until the next sf_ call on the same thread; the others are static. The caller owns
 *    every string and buffer it passes in; the library never keeps them past the call.
 *  - Threads. Every function may be called from several threads at once on different
 *    handles. sf_puzzles and sf_rating are immutable once returned: any number of threads
 *    may read one at the same time. An sf_catalogue is used by one thread at a time (open
 *    one per thread; several may open the same file). sf_stop_request may be called from
 *    any thread, and from a signal handler, while a call polls the flag.
 *  - Option structs are read only during the call. Zero-initialise them (`= {0}`) and
 *    set the fields you need: zero means the documented default. A NULL options pointer
 *    means all defaults.
 *  - Puzzle text is what `sudoforge solve` reads: one record in the line, grid or CSV
 *    layout, '.' or '0' for empty cells, N*N symbols for sizes 4, 6, 9, 12, 16 and 25
 *    (1-9 then A-P), a Simon Tatham's Solo game ID. A jigsaw record carries its region map
 *    after the givens ("GIVENS REGIONS"). Grids come out as N*N symbols of that alphabet,
 *    '.' for an empty cell, row by row.
 */
#ifndef SUDOFORGE_H
#define SUDOFORGE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define SF_API __attribute__((visibility("default")))
#else
#define SF_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The room a grid's text needs: 25 x 25 symbols and the terminating NUL. */
#define SF_MAX_GRID_TEXT 626

typedef enum sf_status {
  SF_OK = 0,
  SF_INVALID_ARGUMENT = 1, /* NULL pointer, bad option (size, variant, level, ...), index */
  SF_PARSE = 2,            /* the puzzle text is not one readable puzzle */
  SF_CONFLICT = 3,         /* two givens share a house and a symbol */
  SF_NO_SOLUTION = 4,      /* the puzzle has no solution */
  SF_NOT_UNIQUE = 5,       /* the puzzle has more than one solution (grading needs one) */
  SF_STOPPED = 6,          /* the sf_stop was raised (by the caller or its time limit) */
  SF_BUSY = 7,             /* the catalogue is locked by another writer past the timeout */
  SF_IO = 8,               /* catalogue: cannot open, not a sudoforge database, read-only... */
  SF_INTERNAL = 9          /* anything else (out of memory, a bug) */
} sf_status;

/* "ok", "invalid argument", ... (static); "unknown" for a value outside the enum (an int,
 * so that any value a caller holds may be passed). */
SF_API const char* sf_status_name(int status);

/* The message of this thread's last call that returned an sf_status ("" after SF_OK).
 * Never NULL. Valid until the next such call on this thread. */
SF_API const char* sf_last_error(void);

/* ---- Version (the CMake project version; semantic versioning) ---- */
SF_API int sf_version_major(void);
SF_API int sf_version_minor(void);
SF_API int sf_version_patch(void);
SF_API const char* sf_version_string(void); /* "MAJOR.MINOR.PATCH", static */

/* ---- Stop flag: bounds the long calls (count, solve, generate, grade) ----
 * A call given an sf_stop polls it (within milliseconds) and returns SF_STOPPED once it
 * is raised: by sf_stop_request, or when its time limit passes. It stays raised; make a
 * new one for the next bounded call. One sf_stop may be shared by calls on several threads.
 */
typedef struct sf_stop sf_stop;
/* seconds > 0: raised automatically that long after creation; 0: only by request.
 * *out receives a handle to free with sf_stop_free. */
SF_API sf_status sf_stop_new(double seconds, sf_stop** out);
/* Raises the flag. Thread-safe and async-signal-safe. NULL: nothing. */
SF_API void sf_stop_request(sf_stop* stop);
/* 1 when raised, else 0 (also for NULL). */
SF_API int sf_stop_requested(const sf_stop* stop);
/* Frees it. No call may still be using it. NULL: nothing. */
SF_API void sf_stop_free(sf_stop* stop);

/* ---- Count and solve ---- */
typedef struct sf_solve_options {
  const char* variant; /* NULL or "classic"; "x", "windoku", "jigsaw", "x+jigsaw", ... */
  sf_stop* stop;       /* NULL: unbounded */
} sf_solve_options;

/* The number of solutions of `puzzle`, counting stops at `cap` (>= 1): *count is
 * min(solutions, cap). SF_CONFLICT for conflicting givens. */
SF_API sf_status sf_count(const char* puzzle, const sf_solve_options* options, uint64_t cap,
                          uint64_t* count);

/* One solution of `puzzle` (the first found; use sf_count to know whether it is the only
 * one) written to `solution`, which has room for `solution_size` bytes: N*N + 1 are needed
 * (SF_MAX_GRID_TEXT always suffices), else SF_INVALID_ARGUMENT. SF_NO_SOLUTION when there
 * is none. */
SF_API sf_status sf_solve(const char* puzzle, const sf_solve_options* options, char* solution,
                          size_t solution_size);

/* ---- Puzzles: what sf_generate and sf_catalogue_query return ---- */
typedef struct sf_puzzles sf_puzzles;

/* One puzzle; every pointer is owned by the sf_puzzles it came from. */
typedef struct sf_puzzle {
  int64_t id;             /* catalogue id; 0 for a generated puzzle */
  int size;               /* N */
  int clues;              /* givens */
  const char* givens;     /* N*N symbols, '.' empty */
  const char* solution;   /* N*N symbols; "" when unknown */
  const char* variant;    /* "classic", "x", "jigsaw", ... */
  const char* regions;    /* jigsaw region map (N*N symbols, region i as symbol i+1), else "" */
  const char* symmetry;   /* "none", "rot180", ... */
  int minimal;            /* 1 minimal, 0 not, -1 unknown */
  int graded;             /* 1 when er, ep, ed, level and hardest are set */
  double er, ep, ed;      /* Sudoku Explainer ratings (0 when not graded) */
  const char* level;      /* "easy" ... "extreme"; "" when not graded */
  const char* hardest;    /* technique that set ER; "" when not graded */
  size_t technique_count; /* techniques the solution path uses, in order of first use */
  const char* const* techniques;
  const char* source; /* "generator", an import's file name, ... */
  uint64_t seed;      /* generated: run seed and index (puzzle = f(seed, index)) */
  uint64_t index;
  int generated; /* 1 when seed and index are set */
} sf_puzzle;

/* How many puzzles; 0 for NULL. */
SF_API size_t sf_puzzles_count(const sf_puzzles* puzzles);
/* Puzzle i (0 <= i < count) into *out; its pointers live as long as `puzzles`. */
SF_API sf_status sf_puzzles_get(const sf_puzzles* puzzles, size_t i, sf_puzzle* out);
/* Frees the puzzles and every string they handed out. NULL: nothing. */
SF_API void sf_puzzles_free(sf_puzzles* puzzles);

/* ---- Generate ---- */
typedef struct sf_generate_options {
  uint64_t count;       /* puzzles; 0 = 1 */
  uint64_t seed;        /* run seed: puzzle i of a seed is always the same puzzle */
  uint64_t start;       /* index of the first puzzle */
  const char* size;     /* "9" (NULL), "4", "6", "2x3", "12", "3x4", "16", "25"; jigsaw: N 4-16 */
  const char* variant;  /* NULL = classic; as `sudoforge generate --variant` */
  const char* symmetry; /* NULL = "none"; rot180, rot90, mirror, flip, diagonal, ... random */
  const char* level;    /* NULL = any; "easy" ... "extreme" */
  double min_rating;    /* keep puzzles rated (ER) at least this; 0 = no bound */
  double max_rating;    /* ... and at most this; 0 = no bound */
  int min_clues;        /* 0 = minimal puzzles; > 0: stop removing at this many clues */
  int threads;          /* 0 = 1; at most 256. The puzzles do not depend on it. */
  sf_stop* stop;        /* NULL: unbounded */
} sf_generate_options;

/* Generates puzzles start .. start+count-1 of the seed, each unique and graded (every
 * puzzle has its ratings and level), in index order, into *out (free with
 * sf_puzzles_free). The output is the same as `sudoforge generate` with the same options.
 * SF_STOPPED: the stop was raised; *out still receives the puzzles finished by then (a
 * prefix of the run, maybe none) and must be freed. For very large runs call it again
 * with the next `start`: the puzzles are the same as in one call. */
SF_API sf_status sf_generate(const sf_generate_options* options, sf_puzzles** out);

/* ---- Grade ---- */
typedef struct sf_rating sf_rating;

typedef struct sf_grade_options {
  const char* variant; /* NULL = classic */
  int explain;         /* nonzero: keep the steps (sf_rating_step) */
  sf_stop* stop;       /* NULL: unbounded */
} sf_grade_options;

typedef struct sf_rating_info {
  int size;               /* N */
  double er, ep, ed;      /* Sudoku Explainer ratings */
  const char* level;      /* "easy" ... "extreme" */
  const char* hardest;    /* technique of the step that set ER */
  int complete;           /* 0: the techniques got stuck; ER is that of the steps done */
  size_t step_count;      /* steps on the solution path */
  size_t steps_kept;      /* steps sf_rating_step can return (0 unless explain) */
  size_t technique_count; /* distinct techniques, sf_rating_technique */
} sf_rating_info;

typedef struct sf_cell_value {
  int cell;  /* 0 .. N*N-1, row by row (row = cell / N, column = cell % N) */
  int value; /* 1 .. N */
} sf_cell_value;

typedef struct sf_step {
  const char* technique;   /* "Hidden Single", "X-Wing", ... */
  double rating;           /* this step's rating */
  const char* explanation; /* "r4c5=7: hidden single in box 5", ... */
  size_t placement_count;  /* cells this step fills */
  const sf_cell_value* placements;
  size_t elimination_count; /* candidates this step removes */
  const sf_cell_value* eliminations;
} sf_step;

/* Checks the puzzle (givens, exactly one solution) and rates it, into *out (free with
 * sf_rating_free). SF_CONFLICT, SF_NO_SOLUTION, SF_NOT_UNIQUE for puzzles that cannot be
 * rated; SF_STOPPED when stopped (nothing returned). The ratings are those of
 * `sudoforge grade`. */
SF_API sf_status sf_grade(const char* puzzle, const sf_grade_options* options, sf_rating** out);
/* The summary into *out; its strings are owned by `rating` and live as long as it. */
SF_API sf_status sf_rating_get(const sf_rating* rating, sf_rating_info* out);
/* Technique i (0 <= i < technique_count), owned by `rating`; NULL when out of range. */
SF_API const char* sf_rating_technique(const sf_rating* rating, size_t i);
/* Step i (0 <= i < steps_kept) into *out; its pointers live as long as `rating`. */
SF_API sf_status sf_rating_step(const sf_rating* rating, size_t i, sf_step* out);
/* Frees the rating and every string and step it handed out. NULL: nothing. */
SF_API void sf_rating_free(sf_rating* rating);

/* ---- Catalogue (the SQLite file of `sudoforge db`) ---- */
typedef struct sf_catalogue sf_catalogue;

#define SF_OPEN_READ_ONLY 1 /* never create, migrate or write */

/* Opens (creating it unless SF_OPEN_READ_ONLY) the catalogue at `path`, into *out (close
 * with sf_catalogue_close). SF_IO when the file is not a sudoforge catalogue or cannot be
 * opened. */
SF_API sf_status sf_catalogue_open(const char* path, int flags, sf_catalogue** out);
/* Closes the file and frees the handle (puzzles queried from it stay valid). NULL:
 * nothing. */
SF_API void sf_catalogue_close(sf_catalogue* catalogue);

/* Stores every puzzle of `puzzles` (from sf_generate or a query) in one transaction: all
 * or none. Isomorphic puzzles are one puzzle: *added and *duplicates (either may be NULL)
 * say how many were new. */
SF_API sf_status sf_catalogue_add(sf_catalogue* catalogue, const sf_puzzles* puzzles,
                                  uint64_t* added, uint64_t* duplicates);

typedef enum sf_order {
  SF_ORDER_ID = 0,
  SF_ORDER_RATING,
  SF_ORDER_CLUES,
  SF_ORDER_RANDOM
} sf_order;

/* The filters of `sudoforge db query`; zero fields do not filter. */
typedef struct sf_query {
  const char* level;             /* NULL = any level */
  double min_rating, max_rating; /* ER bounds; 0 = none (a bound excludes ungraded rows) */
  const char* const* techniques; /* technique names (any spelling of `db query`), all required */
  size_t technique_count;
  int size;            /* board size N; 0 = any */
  const char* variant; /* NULL = any board */
  int order;           /* an sf_order (SF_ORDER_ID by default); others: SF_INVALID_ARGUMENT */
  uint64_t seed;       /* SF_ORDER_RANDOM: the same seed, the same sample; 0 = fresh */
  int64_t limit;       /* at most this many rows; 0 = no limit */
} sf_query;

/* The matching puzzles into *out (free with sf_puzzles_free); NULL query = every puzzle. */
SF_API sf_status sf_catalogue_query(sf_catalogue* catalogue, const sf_query* query,
                                    sf_puzzles** out);

#ifdef __cplusplus
}
#endif

#endif /* SUDOFORGE_H */

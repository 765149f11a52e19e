/* A C program on the installed library: three hard puzzles of seed 42 with their
 * ratings, then the count of the first one's solutions.
 *   cc generate.c $(pkg-config --cflags --libs sudoforge) -o generate */
#include <stdint.h>
#include <stdio.h>

#include "sudoforge.h"

int main(void) {
  sf_generate_options options = {0}; /* zero = defaults: one minimal 9x9 puzzle */
  options.count = 3;
  options.seed = 42;
  options.level = "hard";
  sf_puzzles* puzzles = NULL;
  if (sf_generate(&options, &puzzles) != SF_OK) {
    fprintf(stderr, "generate: %s\n", sf_last_error());
    return 1;
  }
  for (size_t i = 0; i < sf_puzzles_count(puzzles); ++i) {
    sf_puzzle p;
    sf_puzzles_get(puzzles, i, &p); /* p's strings belong to `puzzles` */
    printf("%s %.1f %s\n", p.givens, p.er, p.level);
  }
  sf_puzzle first;
  sf_puzzles_get(puzzles, 0, &first);
  uint64_t solutions = 0;
  const sf_status status = sf_count(first.givens, NULL, 2, &solutions);
  sf_puzzles_free(puzzles);
  if (status != SF_OK) {
    fprintf(stderr, "count: %s\n", sf_last_error());
    return 1;
  }
  printf("solutions: %llu\n", (unsigned long long)solutions);
  return 0;
}

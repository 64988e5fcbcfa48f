/* An arena's odds before the player bets, the way a game would ask fray's battle lab for
 * them: a bundled battle played many times through the command table as JSON
 * (fray_call), answered as `fray battle --json` prints it. It first checks that the
 * library it runs with is the one its header describes, as a game does at start.
 *
 * Build and run (docs/c-api.md; scripts/c-example.sh runs it under valgrind):
 *   cargo build --release -p fray-capi
 *   cc -std=c99 -Wall -Wextra -I crates/capi/include examples/c/battle.c \
 *      target/release/libfray_c.a -lpthread -ldl -lm -o target/battle
 *   target/battle duel 2000
 *
 * Usage: battle EXAMPLE [TRIALS [SEED [THREADS]]]: EXAMPLE is a bundled battle
 * (`fray battle --list-examples`); THREADS 0 is every core. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fray.h"

/* Reads argv[i] as a whole number into *n, or says what was wrong. */
static int number(char **argv, int i, const char *what, unsigned long long *n) {
    char *end;
    errno = 0;
    *n = strtoull(argv[i], &end, 10);
    if (errno || *end || end == argv[i] || argv[i][0] == '-') {
        fprintf(stderr, "battle: %s must be a whole number, got `%s`\n", what, argv[i]);
        return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    unsigned long long trials = 2000, seed = 1, threads = 0;
    char request[512];
    char *answer = NULL;
    FrayStatus status;

    if (fray_version_number() != FRAY_VERSION_NUMBER) {
        fprintf(stderr, "battle: built against fray %s, running with fray %s\n", FRAY_VERSION,
                fray_version());
        return 1;
    }
    if (argc < 2 || argc > 5) {
        fprintf(stderr, "usage: battle EXAMPLE [TRIALS [SEED [THREADS]]]\n");
        return 2;
    }
    if ((argc > 2 && !number(argv, 2, "TRIALS", &trials)) ||
        (argc > 3 && !number(argv, 3, "SEED", &seed)) ||
        (argc > 4 && !number(argv, 4, "THREADS", &threads))) {
        return 2;
    }
    /* The name goes into the JSON as it is: letters, digits and dashes only. */
    if (!*argv[1] || strspn(argv[1], "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(argv[1]) ||
        strlen(argv[1]) > 64) {
        fprintf(stderr, "battle: EXAMPLE is a bundled battle's name, got `%s`\n", argv[1]);
        return 2;
    }
    snprintf(request, sizeof request,
             "{\"example\": \"%s\", \"trials\": %llu, \"seed\": %llu, \"threads\": %llu}",
             argv[1], trials, seed, threads);

    status = fray_call("battle", request, &answer);
    if (status == FRAY_STATUS_OK) {
        fputs(answer, stdout); /* it ends with a line break */
    } else {
        /* A refusal's answer is the refusal as JSON; the message window gets one line. */
        const char *why = fray_last_error_line();
        fprintf(stderr, "battle: %s (status %d)\n", why ? why : "no message", (int)status);
    }
    fray_free_string(answer);
    return status == FRAY_STATUS_OK ? 0 : 1;
}

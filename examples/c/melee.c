/* A short melee exchange between a hero and a troll, the way a roguelike's attack code
 * would call fray: profiles and stat blocks read once when the monster is made, then every
 * swing a to-hit and damage roll under the evasion rules and a typed-damage rider (the
 * hero's flame brand, the troll's poisoned claws) resolved against the target's traits,
 * each with its trace.
 *
 * Build and run (docs/c-api.md; scripts/c-example.sh does both under valgrind):
 *   cargo build --release -p fray-capi
 *   cc -std=c99 -Wall -Wextra -I crates/capi/include examples/c/melee.c \
 *      target/release/libfray_c.a -lpthread -ldl -lm -o target/melee
 *   target/melee examples/c 7
 *
 * Usage: melee DIR [SEED [ROUNDS]]: DIR holds the profiles and stat blocks below. */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fray.h"

/* Reads DIR/NAME whole into a new string, or returns NULL and says why. */
static char *read_file(const char *dir, const char *name) {
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
        fprintf(stderr, "melee: %s/%s: path too long\n", dir, name);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "melee: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    size_t n;
    while (text && (n = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *bigger = realloc(text, cap *= 2);
            if (!bigger) {
                free(text);
                text = NULL;
                break;
            }
            text = bigger;
        }
    }
    fclose(f);
    if (!text) {
        fprintf(stderr, "melee: %s: out of memory\n", path);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

/* Prints fray's reason for the last failed call. */
static void failed(const char *what, FrayStatus status) {
    const char *why = fray_last_error();
    fprintf(stderr, "melee: %s: %s (status %d)\n", what, why ? why : "no message", (int)status);
}

/* Prints fray's warnings about an input (probable typos), if it had any, and frees them. */
static void warned(const char *what, char *warnings) {
    if (warnings) {
        fprintf(stderr, "melee: %s: warning: %s\n", what, warnings);
        fray_free_string(warnings);
    }
}

#define TRY(what, call)                                                                    \
    do {                                                                                   \
        FrayStatus status_ = (call);                                                       \
        if (status_ != FRAY_STATUS_OK) {                                                   \
            failed(what, status_);                                                         \
            goto done;                                                                     \
        }                                                                                  \
    } while (0)

/* One side of the fight, as a game keeps it beside its own monster struct. */
struct fighter {
    const char *name;
    uint32_t hp;
    FrayAttacker *attacker;   /* how it attacks (evasion profile) */
    FrayDefender *defender;   /* how it defends (evasion profile) */
    FrayStatBlock *traits;    /* its resistances and vulnerabilities (damage system) */
};

/* What one fighter's attack on the other is made of, prepared once. */
struct attack {
    struct fighter *by, *on;
    const char *profiles;     /* the files, for the commands that give the same answers */
    const char *dice;
    FrayAttack *melee;        /* the weapon: to-hit and damage under the evasion rules */
    const char *rider_types;
    FrayHit *rider;           /* the typed rider on a hit, resolved against the target's traits */
};

/* Prints text with every line indented by two spaces. */
static void indented(const char *text) {
    while (*text) {
        const char *end = strchr(text, '\n');
        size_t len = end ? (size_t)(end - text) : strlen(text);
        printf("  %.*s\n", (int)len, text);
        text += len + (end ? 1 : 0);
    }
}

/* The exact odds of an attack, before the fight. */
static int describe(const struct attack *a) {
    char *explained = NULL;
    FrayAttackOdds odds;
    uint32_t hp;
    int ok = 0;
    printf("== %s attacks %s (fray tohit %s)\n", a->by->name, a->on->name, a->profiles);
    TRY("explain", fray_attack_explain(a->melee, &explained));
    fputs(explained, stdout);
    TRY("hp", fray_defender_hp(a->on->defender, &hp));
    TRY("odds", fray_attack_odds(a->melee, hp, &odds));
    printf("== odds (fray evasion-damage %s --damage %s)\n", a->profiles, a->dice);
    printf("P(hit) = %.4f%%, mean damage per hit %.4f, per attack %.4f\n", odds.p_hit * 100.0,
           odds.mean_per_hit, odds.mean_per_attack);
    ok = 1;
done:
    fray_free_string(explained);
    return ok;
}

/* One swing: the evasion roll, then the rider on a hit. */
static int swing(const struct attack *a, FrayRng *rng) {
    char *trace = NULL, *rider_trace = NULL;
    FrayAttackRoll roll;
    FrayDamage rider;
    int ok = 0;
    uint64_t dealt;
    printf("%s attacks %s (%" PRIu32 " hp)\n", a->by->name, a->on->name, a->on->hp);
    TRY("attack", fray_attack_roll(a->melee, a->on->hp, rng, &roll, &trace));
    indented(trace);
    if (!roll.hit) {
        printf("%s misses %s\n", a->by->name, a->on->name);
        ok = 1;
        goto done;
    }
    TRY("rider", fray_damage_roll(a->on->traits, a->rider, rng, &rider, &rider_trace));
    printf("  %s rider: rolled %" PRId64 " (fray damage %" PRId64 " %s --vs-file %s.traits)\n",
           a->rider_types, rider.rolled, rider.rolled, a->rider_types, a->on->name);
    fputs(rider_trace, stdout);
    dealt = (uint64_t)roll.damage + rider.final_damage;
    printf("%s hits %s: %" PRId64 " + %" PRIu64 " %s = %" PRIu64 " damage, %" PRIu32 " -> ",
           a->by->name, a->on->name, roll.damage, rider.final_damage, a->rider_types, dealt,
           a->on->hp);
    a->on->hp = dealt >= a->on->hp ? 0 : a->on->hp - (uint32_t)dealt;
    printf("%" PRIu32 " hp\n", a->on->hp);
    ok = 1;
done:
    fray_free_string(trace);
    fray_free_string(rider_trace);
    return ok;
}

int main(int argc, char **argv) {
    const char *names[] = {"hero.toml", "hero-defense.toml", "hero.traits",
                           "troll-claw.toml", "troll.toml", "troll.traits"};
    char *text[6] = {0};
    struct fighter hero = {"hero", 0, NULL, NULL, NULL};
    struct fighter troll = {"troll", 0, NULL, NULL, NULL};
    struct attack sword = {&hero, &troll,
                           "--attacker hero.toml --defender troll.toml", "d8+1", NULL, "fire",
                           NULL};
    struct attack claws = {&troll, &hero,
                           "--attacker troll-claw.toml --defender hero-defense.toml", "2d4",
                           NULL, "poison", NULL};
    FrayRng *rng = NULL;
    char *warnings = NULL;
    int status = 1;
    unsigned long long seed = 7, rounds = 6;
    char *end;

    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: melee DIR [SEED [ROUNDS]]\n");
        return 2;
    }
    if (argc > 2) {
        errno = 0;
        seed = strtoull(argv[2], &end, 10);
        if (errno || *end || end == argv[2] || argv[2][0] == '-') {
            fprintf(stderr, "melee: SEED must be a whole number, got `%s`\n", argv[2]);
            return 2;
        }
    }
    if (argc > 3) {
        errno = 0;
        rounds = strtoull(argv[3], &end, 10);
        if (errno || *end || end == argv[3] || argv[3][0] == '-' || rounds > 1000) {
            fprintf(stderr, "melee: ROUNDS must be a whole number up to 1000, got `%s`\n",
                    argv[3]);
            return 2;
        }
    }
    for (int i = 0; i < 6; i++) {
        if (!(text[i] = read_file(argv[1], names[i]))) {
            goto done;
        }
    }

    /* When the level is made: each side's profiles, traits and attacks, read once. */
    TRY("hero.toml", fray_attacker_new(text[0], &hero.attacker));
    TRY("hero-defense.toml", fray_defender_new(text[1], &hero.defender));
    TRY("hero.traits", fray_stat_block_new(text[2], &hero.traits, &warnings));
    warned("hero.traits", warnings);
    TRY("troll-claw.toml", fray_attacker_new(text[3], &troll.attacker));
    TRY("troll.toml", fray_defender_new(text[4], &troll.defender));
    TRY("troll.traits", fray_stat_block_new(text[5], &troll.traits, &warnings));
    warned("troll.traits", warnings);
    TRY("hp", fray_defender_hp(hero.defender, &hero.hp));
    TRY("hp", fray_defender_hp(troll.defender, &troll.hp));
    TRY("the sword", fray_attack_new(hero.attacker, troll.defender, sword.dice,
                                     FRAY_DAMAGE_KIND_PHYSICAL, NULL, &sword.melee));
    TRY("the flame brand", fray_hit_new("1d6", sword.rider_types, 0, &sword.rider, NULL));
    TRY("the claws", fray_attack_new(troll.attacker, hero.defender, claws.dice,
                                     FRAY_DAMAGE_KIND_PHYSICAL, NULL, &claws.melee));
    TRY("the poison", fray_hit_new("1d4", claws.rider_types, 0, &claws.rider, NULL));
    TRY("the random state", fray_rng_new((uint64_t)seed, &rng));

    printf("== melee, seed %llu\n", seed);
    if (!describe(&sword) || !describe(&claws)) {
        goto done;
    }
    /* Every turn: the hero swings, then the troll, until one falls. */
    for (unsigned long long round = 1; round <= rounds && hero.hp && troll.hp; round++) {
        printf("== round %llu\n", round);
        if (!swing(&sword, rng)) {
            goto done;
        }
        if (troll.hp && !swing(&claws, rng)) {
            goto done;
        }
    }
    printf("== after the exchange: hero %" PRIu32 " hp, troll %" PRIu32 " hp\n", hero.hp,
           troll.hp);
    status = 0;
done:
    fray_rng_free(rng);
    fray_hit_free(sword.rider);
    fray_hit_free(claws.rider);
    fray_attack_free(sword.melee);
    fray_attack_free(claws.melee);
    fray_attacker_free(hero.attacker);
    fray_attacker_free(troll.attacker);
    fray_defender_free(hero.defender);
    fray_defender_free(troll.defender);
    fray_stat_block_free(hero.traits);
    fray_stat_block_free(troll.traits);
    for (int i = 0; i < 6; i++) {
        free(text[i]);
    }
    return status;
}

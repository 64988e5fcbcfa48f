//! Tests of the damage system: the rules text's worked examples, the rules case by case,
//! the notation, and property tests of the invariants the text states.

mod declared;
mod exact;
mod examples;
mod names;
mod notation;
mod properties;
mod request;
mod robust;
mod rules;

use fray::damage::{
    AttackFacts, DamageType, Defender, Explained, Hit, Readings, explain, parse_traits,
};

/// A defender from stat-block notation.
pub fn defender(traits: &str) -> Defender {
    Defender::new(parse_traits(traits).unwrap_or_else(|e| panic!("{e}")))
}

/// Final damage of `hit` against `traits`.
pub fn final_damage(hit: &Hit, traits: &str) -> u64 {
    explained(hit, traits).outcome.final_damage
}

/// The full explanation of `hit` against `traits`.
pub fn explained(hit: &Hit, traits: &str) -> Explained {
    explain(hit, &defender(traits), &Readings::default())
}

/// Damage types by name.
pub fn types(names: &[&str]) -> Vec<DamageType> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

/// An attack with combat advantage.
pub fn with_advantage(hit: Hit) -> Hit {
    hit.by(AttackFacts::default().with_advantage())
}

/// A burst or blast.
pub fn in_area(hit: Hit) -> Hit {
    hit.by(AttackFacts::default().with_area())
}

/// Counts this thread's heap allocations, to check that untraced resolution (the path
/// simulations take in their inner loop) allocates nothing.
mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    pub struct Counting;

    thread_local! {
        static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    }

    // SAFETY: every call is forwarded unchanged to the system allocator.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
            unsafe { System.alloc(layout) }
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    /// Allocations made on this thread so far.
    pub fn allocations() -> usize {
        ALLOCATIONS.with(Cell::get)
    }
}

#[global_allocator]
static ALLOCATOR: counting::Counting = counting::Counting;

#[test]
fn untraced_resolution_allocates_nothing() {
    use fray::damage::TypeSelector;
    let d = defender(
        "Resist Fire (Advantage); Resist 10 Fire; Resist 5 All (Fear); Vulnerable 5 Cold; Damage Immune: Poison; Swarm; Damage Trigger Fire: burns",
    );
    let facts = AttackFacts::default()
        .with_advantage()
        .with_reduction(TypeSelector::All, 5);
    let hit = Hit::new(27, types(&["fire", "cold", "poison", "shadow"]))
        .by(facts)
        .keyword("fear");
    let before = counting::allocations();
    let mut total = 0;
    for amount in 0..1_000 {
        let mut h = hit.clone();
        h.amount = amount;
        let start = counting::allocations();
        total += fray::damage::resolve(&h, &d).final_damage;
        assert_eq!(counting::allocations(), start, "resolve allocated");
    }
    assert!(
        counting::allocations() > before,
        "the counter counts (the clones allocate)"
    );
    assert!(total > 0);
}

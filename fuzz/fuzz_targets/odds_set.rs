//! Fuzz target `odds_set`: arbitrary bytes, as UTF-8 text, into `fray_fuzz::lab_entries::odds_set`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        fray_fuzz::lab_entries::odds_set(text);
    }
});

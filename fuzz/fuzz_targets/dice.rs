//! Fuzz target `dice`: arbitrary bytes, as UTF-8 text, into `fray_fuzz::entries::dice`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        fray_fuzz::entries::dice(text);
    }
});

//! Fuzz target `pool_side`: arbitrary bytes, as UTF-8 text, into `fray_fuzz::entries::pool_side`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        fray_fuzz::entries::pool_side(text);
    }
});

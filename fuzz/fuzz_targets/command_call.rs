//! Fuzz target `command_call`: arbitrary bytes into `fray_fuzz::command_entries::command_call`
//! (the first byte picks the command, the rest is its JSON request, UTF-8 or not).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fray_fuzz::command_entries::command_call(data);
});

#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_targets::differential_hina_di(data));

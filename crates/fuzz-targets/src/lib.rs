//! Fuzz target bodies (being written: see the fuzzing issue).

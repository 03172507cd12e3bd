//! `cargo xtask`: project tasks (skeleton until the conformance, fuzz and
//! bench issues land).

fn main() {
    #[allow(clippy::print_stderr)]
    {
        eprintln!("usage: cargo xtask <conformance|fuzz|bench>");
    }
    std::process::exit(2);
}

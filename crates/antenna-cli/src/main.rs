//! The `antenna` command line tool (skeleton until its issue lands).

fn main() {
    #[allow(clippy::print_stdout)]
    {
        println!("antenna: sub-commands arrive with the CLI issue");
    }
}

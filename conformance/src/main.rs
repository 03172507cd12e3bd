//! `antenna-conformance`: runs the embedded conformance suite against a
//! decoder, an encoder and a merger given as commands.

fn main() {}

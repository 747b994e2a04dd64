// The crate's documentation is its README, so docs.rs and crates.io show the same page.
#![doc = include_str!("../README.md")]

#[allow(clippy::all, dead_code)]
pub mod generated;

pub use generated::v1;

/// The format version whose schemas generated these types: the crate's own version, by the rule in the README.
pub const FORMAT_VERSION: &str = env!("CARGO_PKG_VERSION");

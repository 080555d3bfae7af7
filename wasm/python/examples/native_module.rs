//! The native module's name and version. Its real job is in Cargo.toml: being an example, it
//! is built by `cargo test --workspace`, and with it this crate's library and PyO3.

fn main() {
    println!("tcplab._native {}", env!("CARGO_PKG_VERSION"));
}

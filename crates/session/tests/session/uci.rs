//! UCI both ways.

// Engine processes: Linux's /proc tells a zombie from a live process.
#[cfg(target_os = "linux")]
mod children;
mod client;
mod engine;
mod lines;
mod protocol;

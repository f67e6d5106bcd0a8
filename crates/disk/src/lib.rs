//! Files on disk: where Motley keeps them and how it reads and writes them
//! safely. Below every layer that saves or loads, above the core.

pub mod files;
pub mod paths;

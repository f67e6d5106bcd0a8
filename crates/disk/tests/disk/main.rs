//! The file layer's tests, one module per source module: paths the user
//! types, and reading and writing files safely (regular files only,
//! bounded reads, new files that never replace anything).

mod files;
mod paths;

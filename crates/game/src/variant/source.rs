//! What a variant file defines, read the one way every variant file is,
//! wherever it comes from (the user's folder, `--variants`, `variant
//! check`): its bytes as [`crate::variant::file`] reads them, then a
//! variants.ini's sections ([`crate::variant::sections`]) or a JSON
//! file's one variant ([`crate::variant::json`]).

use super::VariantError;
use crate::variant::file::{read_variant_file, VariantFileError};
use crate::variant::json::{read_json, JsonVariant};
use crate::variant::sections::{read_fairy_file, FairyFile};
use std::path::Path;
use thiserror::Error;

/// What one variant file defines.
#[derive(Debug)]
pub enum VariantFile {
    /// A JSON file of a Rust family: one variant, checked.
    Family(Box<super::VariantDef>),
    /// Variants from data: a variants.ini's sections, or the one section
    /// of a JSON file of the `fairy` family.
    Data(FairyFile),
}

/// Whether the file is a JSON variant file (else a variants.ini).
pub fn is_json(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "json")
}

/// Why a variant file defines nothing.
#[derive(Debug, Error)]
pub enum ReadVariantError {
    /// Its bytes could not be read as text.
    #[error(transparent)]
    File(#[from] VariantFileError),
    /// A JSON file that is no variant file.
    #[error(transparent)]
    Variant(#[from] VariantError),
}

/// Reads the variant file at `path`: JSON when its name ends in `.json`,
/// a variants.ini otherwise.
pub fn read_variant_path(path: &Path) -> Result<VariantFile, ReadVariantError> {
    let text = read_variant_file(path)?;
    let name = motley_rules::core::quote::path(path);
    Ok(read_variant_text(&name, &text, is_json(path))?)
}

/// Reads a variant file's text, named `name` in messages: a JSON file
/// (`json`) or a variants.ini. A variants.ini is never refused whole:
/// each section is played or refused on its own.
pub fn read_variant_text(name: &str, text: &str, json: bool) -> Result<VariantFile, VariantError> {
    if !json {
        return Ok(VariantFile::Data(read_fairy_file(text)));
    }
    Ok(match read_json(name, text)? {
        JsonVariant::Family(def) => VariantFile::Family(def),
        JsonVariant::Data(section) => VariantFile::Data(FairyFile {
            sections: vec![section],
            problems: Vec::new(),
        }),
    })
}

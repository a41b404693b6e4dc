//! Puts a WebAssembly module's functions in the order of their names, so that a compressor
//! finds the likeness between them.
//!
//! Why: most of the game's module is generic code made once per type: the same system
//! machinery for each of ~670 systems, the same command for each component. Those copies
//! differ in little but their indices, yet rustc's linker spreads them across the module and
//! wasm-bindgen then sorts every function by size, largest first. gzip sees 32 KiB back, so
//! it finds few of the copies. Sorted by name with the generic arguments left out, the
//! copies of one function sit side by side, and the game's module compresses by about a
//! tenth more (docs/web-size.md). Nothing runs differently: each call, table entry, export
//! and name is rewritten to the function's new index.
//!
//! The module must carry its name section (wasm-bindgen keeps it unless told to remove it);
//! the output has it only when asked to keep it.

use std::fmt;
use wasm_encoder::reencode::{self, Reencode};
use wasmparser::{KnownCustom, Name, Parser, Payload, TypeRef};

/// Why a module could not be reordered.
#[derive(Debug)]
pub enum Error {
    /// The input is not a WebAssembly module wasmparser can read.
    Parse(wasmparser::BinaryReaderError),
    /// The input could not be written again.
    Encode(String),
    /// The input has no function names to sort by.
    NoNames,
    /// The output failed validation (a bug in this tool: nothing is written).
    Invalid(wasmparser::BinaryReaderError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => write!(f, "not a WebAssembly module this tool can read: {e}"),
            Error::Encode(e) => write!(f, "could not write the module again: {e}"),
            Error::NoNames => write!(
                f,
                "the module has no function names (keep wasm-bindgen's name section for this step)"
            ),
            Error::Invalid(e) => write!(f, "the reordered module does not validate: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<wasmparser::BinaryReaderError> for Error {
    fn from(e: wasmparser::BinaryReaderError) -> Self {
        Error::Parse(e)
    }
}

impl<E: fmt::Debug> From<reencode::Error<E>> for Error {
    fn from(e: reencode::Error<E>) -> Self {
        match e {
            reencode::Error::ParseError(e) => Error::Parse(e),
            other => Error::Encode(format!("{other:?}")),
        }
    }
}

/// What [`reorder`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Functions defined in the module (imports are not moved).
    pub functions: usize,
    /// Custom sections left out because they point into the code by offset (debug info,
    /// source maps), which moving the functions would make wrong.
    pub dropped_sections: usize,
}

/// The module `wasm` with its defined functions sorted by name (see the module's comment).
/// `keep_names` keeps the name section (rewritten for the new order); otherwise it goes.
pub fn reorder(wasm: &[u8], keep_names: bool) -> Result<(Vec<u8>, Report), Error> {
    // A valid module has as many bodies as functions and calls only functions it has: the
    // index arithmetic below relies on both.
    wasmparser::Validator::new_with_features(wasmparser::WasmFeatures::all())
        .validate_all(wasm)
        .map_err(Error::Parse)?;
    let layout = Layout::read(wasm)?;
    let order = layout.sorted();
    let mut new_of_old = vec![0u32; order.len()];
    for (new, &old) in order.iter().enumerate() {
        new_of_old[old as usize] = new as u32;
    }
    let mut reorderer = Reorderer {
        imported: layout.imported,
        order,
        new_of_old,
        keep_names,
        dropped_sections: 0,
    };
    let mut module = wasm_encoder::Module::new();
    reorderer.parse_core_module(&mut module, Parser::new(0), wasm)?;
    let out = module.finish();
    wasmparser::Validator::new_with_features(wasmparser::WasmFeatures::all())
        .validate_all(&out)
        .map_err(Error::Invalid)?;
    let report = Report {
        functions: layout.names.len(),
        dropped_sections: reorderer.dropped_sections,
    };
    Ok((out, report))
}

/// The first key functions are sorted by: the demangled name without its generic arguments
/// (and without the `<T as Trait>` of an impl), so that every copy of one generic function
/// and every impl of one trait method gather. Within a group, smallest first (likeness
/// follows size a little: 0.4 % better than by name alone), then by whole name and old
/// position, so the order is the same on every build of the same code.
///
/// The `>` of a `->` (in a function pointer's type) closes nothing.
pub fn sort_key(name: &str) -> String {
    let demangled = format!("{:#}", rustc_demangle::demangle(name));
    let mut key = String::with_capacity(demangled.len());
    let mut depth = 0usize;
    let mut previous = ' ';
    for c in demangled.chars() {
        match c {
            '<' => depth += 1,
            '>' if depth > 0 && previous != '-' => depth -= 1,
            _ if depth == 0 => key.push(c),
            _ => {}
        }
        previous = c;
    }
    key
}

/// What the first reading of the module finds: how many functions are imported (their
/// indices come first and stay), and each defined function's name and size in bytes.
struct Layout {
    imported: u32,
    names: Vec<Option<String>>,
    sizes: Vec<usize>,
}

impl Layout {
    fn read(wasm: &[u8]) -> Result<Layout, Error> {
        let mut imported = 0u32;
        let mut defined = 0u32;
        let mut named = Vec::new();
        let mut sizes = Vec::new();
        for payload in Parser::new(0).parse_all(wasm) {
            match payload? {
                Payload::ImportSection(section) => {
                    for import in section.into_imports() {
                        if matches!(import?.ty, TypeRef::Func(_) | TypeRef::FuncExact(_)) {
                            imported += 1;
                        }
                    }
                }
                Payload::FunctionSection(section) => defined = section.count(),
                Payload::CodeSectionEntry(body) => sizes.push(body.range().len()),
                Payload::CustomSection(section) => {
                    if let KnownCustom::Name(names) = section.as_known() {
                        for subsection in names {
                            if let Name::Function(map) = subsection? {
                                for naming in map {
                                    let naming = naming?;
                                    named.push((naming.index, naming.name.to_string()));
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let mut names = vec![None; defined as usize];
        for (index, name) in named {
            if let Some(slot) = index
                .checked_sub(imported)
                .and_then(|i| names.get_mut(i as usize))
            {
                *slot = Some(name);
            }
        }
        if defined > 0 && names.iter().all(Option::is_none) {
            return Err(Error::NoNames);
        }
        Ok(Layout {
            imported,
            names,
            sizes,
        })
    }

    /// The defined functions' old positions, in their new order. Functions without a name
    /// keep their place at the end.
    fn sorted(&self) -> Vec<u32> {
        let keys: Vec<Option<(String, usize, &str)>> = self
            .names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let size = self.sizes.get(i).copied().unwrap_or(0);
                name.as_deref().map(|n| (sort_key(n), size, n))
            })
            .collect();
        let mut order: Vec<u32> = (0..self.names.len() as u32).collect();
        order.sort_by(|&a, &b| {
            let (ka, kb) = (&keys[a as usize], &keys[b as usize]);
            match (ka, kb) {
                (Some(ka), Some(kb)) => ka.cmp(kb),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            }
            .then(a.cmp(&b))
        });
        order
    }
}

/// Writes the module again with each defined function moved to its new index.
struct Reorderer {
    imported: u32,
    /// New position → old position, among defined functions.
    order: Vec<u32>,
    /// Old position → new position.
    new_of_old: Vec<u32>,
    keep_names: bool,
    dropped_sections: usize,
}

impl Reorderer {
    /// `items`, one per defined function in the old order, in the new order.
    fn in_new_order<T: Clone>(&self, items: &[T]) -> Vec<T> {
        self.order
            .iter()
            .map(|&old| items[old as usize].clone())
            .collect()
    }
}

impl Reencode for Reorderer {
    type Error = std::convert::Infallible;

    fn function_index(&mut self, func: u32) -> Result<u32, reencode::Error<Self::Error>> {
        Ok(match func.checked_sub(self.imported) {
            Some(defined) => self.imported + self.new_of_old[defined as usize],
            None => func,
        })
    }

    fn parse_function_section(
        &mut self,
        functions: &mut wasm_encoder::FunctionSection,
        section: wasmparser::FunctionSectionReader<'_>,
    ) -> Result<(), reencode::Error<Self::Error>> {
        let types = section.into_iter().collect::<Result<Vec<u32>, _>>()?;
        for ty in self.in_new_order(&types) {
            let ty = self.type_index(ty)?;
            functions.function(ty);
        }
        Ok(())
    }

    fn parse_code_section(
        &mut self,
        code: &mut wasm_encoder::CodeSection,
        section: wasmparser::CodeSectionReader<'_>,
    ) -> Result<(), reencode::Error<Self::Error>> {
        let bodies = section.into_iter().collect::<Result<Vec<_>, _>>()?;
        for body in self.in_new_order(&bodies) {
            self.parse_function_body(code, body)?;
        }
        Ok(())
    }

    fn parse_custom_section(
        &mut self,
        module: &mut wasm_encoder::Module,
        section: wasmparser::CustomSectionReader<'_>,
    ) -> Result<(), reencode::Error<Self::Error>> {
        let name = section.name();
        if name.starts_with(".debug_") || name == "sourceMappingURL" {
            self.dropped_sections += 1;
            return Ok(());
        }
        if let KnownCustom::Name(names) = section.as_known() {
            if self.keep_names {
                module.section(&self.custom_name_section(names)?);
            }
            return Ok(());
        }
        reencode::utils::parse_custom_section(self, module, section)
    }

    fn parse_custom_name_subsection(
        &mut self,
        names: &mut wasm_encoder::NameSection,
        section: Name<'_>,
    ) -> Result<(), reencode::Error<Self::Error>> {
        // A name map must list its indices in increasing order: the per-function maps are
        // sorted by the new indices; the others do not move.
        let is_local = matches!(section, Name::Local(_));
        match section {
            Name::Function(map) => {
                let mut sorted = Vec::new();
                for naming in map {
                    let naming = naming?;
                    sorted.push((self.function_index(naming.index)?, naming.name));
                }
                sorted.sort_by_key(|&(index, _)| index);
                let mut out = wasm_encoder::NameMap::new();
                for (index, name) in sorted {
                    out.append(index, name);
                }
                names.functions(&out);
            }
            Name::Local(map) | Name::Label(map) => {
                let mut sorted = Vec::new();
                for naming in map {
                    let naming = naming?;
                    // A function's own locals or labels keep their indices.
                    let inner = reencode::utils::name_map(naming.names, Ok)?;
                    sorted.push((self.function_index(naming.index)?, inner));
                }
                sorted.sort_by_key(|(index, _)| *index);
                let mut out = wasm_encoder::IndirectNameMap::new();
                for (index, inner) in &sorted {
                    out.append(*index, inner);
                }
                if is_local {
                    names.locals(&out);
                } else {
                    names.labels(&out);
                }
            }
            other => reencode::utils::parse_custom_name_subsection(self, names, other)?,
        }
        Ok(())
    }
}

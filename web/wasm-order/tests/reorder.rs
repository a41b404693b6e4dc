//! The reordered module must do what the original did: every call, export, table entry and
//! name follows its function to the new index. A small module built here exercises each.

use wasm_encoder::{
    CodeSection, ConstExpr, ElementSection, Elements, EntityType, ExportKind, ExportSection,
    Function, FunctionSection, ImportSection, Instruction, Module, NameMap, NameSection, RefType,
    TableSection, TableType, TypeSection, ValType,
};
use wasmparser::{KnownCustom, Name, Operator, Parser, Payload};

/// Imports `env.log`, then defines (in this order) `zeta`, which calls `alpha` and `log`;
/// `alpha`; and `mid`, which calls the table's entry 0 (`zeta`). Exports `zeta` as `run`.
fn module(with_names: bool) -> Vec<u8> {
    let mut module = Module::new();
    let mut types = TypeSection::new();
    types.ty().function([], [ValType::I32]); // 0: () -> i32
    types.ty().function([ValType::I32], []); // 1: (i32) -> ()
    module.section(&types);
    let mut imports = ImportSection::new();
    imports.import("env", "log", EntityType::Function(1));
    module.section(&imports);
    let mut functions = FunctionSection::new();
    for _ in 0..3 {
        functions.function(0);
    }
    module.section(&functions);
    let mut tables = TableSection::new();
    tables.table(TableType {
        element_type: RefType::FUNCREF,
        minimum: 1,
        maximum: Some(1),
        table64: false,
        shared: false,
    });
    module.section(&tables);
    let mut exports = ExportSection::new();
    exports.export("run", ExportKind::Func, 1);
    module.section(&exports);
    let mut elements = ElementSection::new();
    elements.active(
        Some(0),
        &ConstExpr::i32_const(0),
        Elements::Functions([1].as_slice().into()),
    );
    module.section(&elements);
    let mut code = CodeSection::new();
    let mut zeta = Function::new([]);
    zeta.instruction(&Instruction::Call(2));
    zeta.instruction(&Instruction::Call(0));
    zeta.instruction(&Instruction::I32Const(7));
    zeta.instruction(&Instruction::End);
    code.function(&zeta);
    let mut alpha = Function::new([]);
    alpha.instruction(&Instruction::I32Const(1));
    alpha.instruction(&Instruction::End);
    code.function(&alpha);
    let mut mid = Function::new([]);
    mid.instruction(&Instruction::I32Const(0));
    mid.instruction(&Instruction::CallIndirect {
        type_index: 0,
        table_index: 0,
    });
    mid.instruction(&Instruction::End);
    code.function(&mid);
    module.section(&code);
    if with_names {
        let mut names = NameMap::new();
        names.append(0, "log");
        names.append(1, "zeta");
        names.append(2, "alpha");
        names.append(3, "mid");
        let mut section = NameSection::new();
        section.functions(&names);
        module.section(&section);
    }
    module.finish()
}

/// What a module says about its functions, by name where it has names.
#[derive(Default, Debug)]
struct Seen {
    names: Vec<(u32, String)>,
    export_run: Option<u32>,
    table: Vec<u32>,
    /// The functions each defined function calls, in order of definition.
    calls: Vec<Vec<u32>>,
}

fn read(wasm: &[u8]) -> Seen {
    let mut seen = Seen::default();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.unwrap() {
            Payload::ExportSection(section) => {
                for export in section {
                    let export = export.unwrap();
                    if export.name == "run" {
                        seen.export_run = Some(export.index);
                    }
                }
            }
            Payload::ElementSection(section) => {
                for element in section {
                    if let wasmparser::ElementItems::Functions(items) = element.unwrap().items {
                        seen.table.extend(items.into_iter().map(Result::unwrap));
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                let mut calls = Vec::new();
                for op in body.get_operators_reader().unwrap() {
                    if let Operator::Call { function_index } = op.unwrap() {
                        calls.push(function_index);
                    }
                }
                seen.calls.push(calls);
            }
            Payload::CustomSection(section) => {
                if let KnownCustom::Name(names) = section.as_known() {
                    for subsection in names {
                        if let Name::Function(map) = subsection.unwrap() {
                            for naming in map {
                                let naming = naming.unwrap();
                                seen.names.push((naming.index, naming.name.to_string()));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    seen
}

#[test]
fn functions_move_into_name_order_and_every_reference_follows() {
    let (out, report) = wasm_order::reorder(&module(true), true).unwrap();
    assert_eq!(report.functions, 3);
    let seen = read(&out);
    let names: Vec<&str> = seen.names.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(
        names,
        ["log", "alpha", "mid", "zeta"],
        "imports first, then by name"
    );
    let indices: Vec<u32> = seen.names.iter().map(|&(i, _)| i).collect();
    assert_eq!(
        indices,
        [0, 1, 2, 3],
        "the name map lists indices in increasing order"
    );
    // zeta is now index 3, alpha 1.
    assert_eq!(seen.export_run, Some(3), "the export follows zeta");
    assert_eq!(seen.table, [3], "the table entry follows zeta");
    // Bodies in the new order: alpha (no calls), mid (an indirect call), zeta (alpha, log).
    assert_eq!(seen.calls, [vec![], vec![], vec![1, 0]]);
}

#[test]
fn names_go_unless_kept() {
    let (out, _) = wasm_order::reorder(&module(true), false).unwrap();
    let seen = read(&out);
    assert!(seen.names.is_empty());
    assert_eq!(seen.export_run, Some(3));
    assert_eq!(seen.calls, [vec![], vec![], vec![1, 0]]);
}

#[test]
fn a_module_without_names_is_refused_with_the_reason() {
    let err = wasm_order::reorder(&module(false), false).unwrap_err();
    assert!(matches!(err, wasm_order::Error::NoNames), "{err}");
    assert!(err.to_string().contains("name section"));
}

#[test]
fn bytes_that_are_not_a_module_are_refused() {
    let err = wasm_order::reorder(b"not wasm at all", false).unwrap_err();
    assert!(matches!(err, wasm_order::Error::Parse(_)), "{err}");
    let mut cut = module(true);
    cut.truncate(cut.len() / 2);
    assert!(wasm_order::reorder(&cut, false).is_err());
    // A module that parses but is not valid (a call to a function it does not have) is
    // refused before any index is mapped.
    let mut bad = module(true);
    let call = bad
        .windows(2)
        .position(|w| w == [0x10, 0x02])
        .expect("zeta's call to alpha");
    bad[call + 1] = 0x7f;
    let err = wasm_order::reorder(&bad, false).unwrap_err();
    assert!(matches!(err, wasm_order::Error::Parse(_)), "{err}");
}

#[test]
fn the_sort_key_gathers_copies_of_one_generic_function() {
    // <bevy_input::InputPlugin as bevy_app::plugin::Plugin>::build, mangled (v0).
    let build = "_RNvXCs1a4xMmMrB0z_10bevy_inputNtB2_11InputPluginNtNtCsb3CZHpD0RFr_8bevy_app\
                 6plugin6Plugin5build";
    assert_eq!(wasm_order::sort_key(build), "::build");
    assert_eq!(
        wasm_order::sort_key("core::ptr::drop_in_place<alloc::vec::Vec<u8>>"),
        "core::ptr::drop_in_place"
    );
    assert_eq!(
        wasm_order::sort_key("core::ptr::drop_in_place<game::Board>"),
        wasm_order::sort_key("core::ptr::drop_in_place<alloc::string::String>")
    );
    // A function pointer's arrow inside the generics closes nothing.
    assert_eq!(
        wasm_order::sort_key("core::ptr::drop_in_place<fn() -> u8>::{closure#0}"),
        "core::ptr::drop_in_place::{closure#0}"
    );
}

//! `wasm-order IN OUT [--keep-names]`: writes IN's functions to OUT in the order of their
//! names (the library's comment says why), and says what it did.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut keep_names = false;
    let mut paths = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--keep-names" => keep_names = true,
            _ if arg.starts_with('-') => return usage(&format!("unknown option {arg}")),
            _ => paths.push(arg),
        }
    }
    let [input, output] = paths.as_slice() else {
        return usage("expected an input and an output file");
    };
    let wasm = match std::fs::read(input) {
        Ok(wasm) => wasm,
        Err(e) => return fail(&format!("cannot read {input}: {e}")),
    };
    let (out, report) = match wasm_order::reorder(&wasm, keep_names) {
        Ok(done) => done,
        Err(e) => return fail(&format!("{input}: {e}")),
    };
    if let Err(e) = std::fs::write(output, &out) {
        return fail(&format!("cannot write {output}: {e}"));
    }
    println!(
        "{output}: {} functions in name order, {} → {} bytes{}",
        report.functions,
        wasm.len(),
        out.len(),
        match report.dropped_sections {
            0 => String::new(),
            n => format!(" ({n} debug-info sections left out: they point at the old order)"),
        }
    );
    ExitCode::SUCCESS
}

fn usage(problem: &str) -> ExitCode {
    eprintln!("wasm-order: {problem}\nusage: wasm-order IN.wasm OUT.wasm [--keep-names]");
    ExitCode::from(2)
}

fn fail(problem: &str) -> ExitCode {
    eprintln!("wasm-order: {problem}");
    ExitCode::FAILURE
}

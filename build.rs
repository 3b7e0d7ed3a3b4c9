//! Embeds the shipped data files in the library: every `*.yaml` of `spec/editions/` and of
//! `spec/controls/`, so that adding an edition or a time control is adding a file.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

fn main() {
    let root = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for (name, dir, file_name) in [
        ("EDITION_FILES", "spec/editions", "edition_files.rs"),
        ("CONTROL_FILES", "spec/controls", "control_files.rs"),
    ] {
        let mut out = String::from("// Written by build.rs: the shipped data files.\n");
        println!("cargo:rerun-if-changed={dir}");
        let mut files: Vec<String> = fs::read_dir(Path::new(&root).join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.expect("a readable directory entry").file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".yaml"))
            .collect();
        files.sort();
        let _ = writeln!(
            out,
            "/// The `*.yaml` files of `{dir}/`: (path in the repository, text)."
        );
        let _ = writeln!(out, "pub const {name}: &[(&str, &str)] = &[");
        for file in files {
            let path = Path::new(&root).join(dir).join(&file);
            let _ = writeln!(
                out,
                "    ({:?}, include_str!({:?})),",
                format!("{dir}/{file}"),
                path.display().to_string()
            );
        }
        out.push_str("];\n");
        let dest = Path::new(&out_dir).join(file_name);
        fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    }
}

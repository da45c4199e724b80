//! Registers the hand-written SQL (src/sql/, in the order of src/sql/ORDER) with pgrx: the files
//! marked `native` as the install script's bootstrap, the files marked `both` and
//! `native-finalize` as its finalize piece, each concatenated from its source into OUT_DIR.
use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sql");
    let order = dir.join("ORDER");
    println!("cargo::rerun-if-changed={}", dir.display());
    let list = fs::read_to_string(&order).unwrap_or_else(|e| panic!("{}: {e}", order.display()));
    let (mut bootstrap, mut finalize) = (String::new(), String::new());
    for line in list.lines() {
        let words: Vec<&str> = line.split('#').next().unwrap_or("").split_whitespace().collect();
        let (file, place) = match words[..] {
            [] => continue,
            [file, place] => (file, place),
            _ => panic!("src/sql/ORDER: `{line}`: a file, then native, edition, both or native-finalize"),
        };
        let target = match place {
            "native" => &mut bootstrap,
            "both" | "native-finalize" => &mut finalize,
            "edition" => continue,
            _ => panic!("src/sql/ORDER: `{line}`: a file, then native, edition, both or native-finalize"),
        };
        let path = dir.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        let sql = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        write!(target, "-- src/sql/{file}\n{}\n", sql.trim_end()).unwrap();
    }
    let out = Path::new(&env::var("OUT_DIR").unwrap()).to_path_buf();
    let mut rust = String::new();
    for (name, sql, position) in [("bootstrap", &bootstrap, "bootstrap"), ("sql", &finalize, "finalize")] {
        let file = out.join(format!("uuid_shard_{name}.sql"));
        fs::write(&file, sql).unwrap();
        let file = file.to_str().expect("OUT_DIR is not UTF-8");
        writeln!(
            rust,
            "::pgrx::extension_sql_file!({file:?}, name = \"uuid_shard_{name}\", {position});"
        )
        .unwrap();
    }
    fs::write(out.join("sql_files.rs"), rust).unwrap();
}

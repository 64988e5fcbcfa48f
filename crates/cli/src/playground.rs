//! `fray playground --out DIR`: the web playground as static files (a folder for any
//! static host, and one `fray.html` that opens from disk), and where `fray serve` and
//! it find fray's WebAssembly (built apart: `scripts/playground.sh`, docs/playground.md).

use std::io::Read as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;

use crate::output;

/// The largest WebAssembly file read (the build is about 4 MB).
const MAX_WASM: u64 = 64 << 20;

/// Where cargo puts the WebAssembly build, from the directory of the `fray` binary
/// (`target/debug` or `target/release`), and where an install puts it (beside `fray`).
const BESIDE_BINARY: [&str; 2] = ["../wasm32-wasip1/wasm/fray_wasm.wasm", "fray.wasm"];

#[derive(Debug, Args)]
pub struct PlaygroundArgs {
    /// The folder to write: the page, its scripts, fray.wasm, and the single file
    /// fray.html (made if missing; files of the same names are replaced).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// fray's WebAssembly build (default: the one cargo built beside this binary, see
    /// docs/playground.md).
    #[arg(long, value_name = "FILE")]
    wasm: Option<PathBuf>,
}

pub fn run(args: &PlaygroundArgs) -> Result<String> {
    let Some((path, wasm)) = find(args.wasm.as_deref())? else {
        bail!(
            "no WebAssembly build of fray found beside this binary; build it with \
             `scripts/playground.sh` (or `cargo build -p fray-wasm --target wasm32-wasip1 \
             --profile wasm`), or name it with --wasm FILE"
        );
    };
    let written = fray_web::playground::write(&args.out, &wasm)
        .with_context(|| format!("cannot write the playground into {}", args.out.display()))?;
    let mut text = format!("playground written from {}:\n", path.display());
    for p in written {
        let size = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
        text += &format!("  {} ({size} bytes)\n", p.display());
    }
    text += &format!(
        "open {} from disk, or serve the folder with any static host\n",
        args.out.join(fray_web::playground::SINGLE).display()
    );
    Ok(text)
}

/// fray's WebAssembly: the file named, which must be one, or the build beside this
/// binary if there is one. Returns its path and bytes.
pub fn find(named: Option<&Path>) -> Result<Option<(PathBuf, Vec<u8>)>> {
    if let Some(path) = named {
        return read(path).map(|bytes| Some((path.to_path_buf(), bytes)));
    }
    let exe = std::env::current_exe().context("cannot tell where this binary is")?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    for candidate in BESIDE_BINARY {
        let path = dir.join(candidate);
        if path.is_file() {
            return read(&path).map(|bytes| Some((path, bytes)));
        }
    }
    Ok(None)
}

/// A WebAssembly file's bytes, refused if it is not one or is absurdly large.
fn read(path: &Path) -> Result<Vec<u8>> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_WASM + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_WASM {
        bail!(
            "{}: over {} MiB, not fray's WebAssembly",
            path.display(),
            MAX_WASM >> 20
        );
    }
    if !bytes.starts_with(b"\0asm") {
        bail!(
            "{}: not a WebAssembly module (it does not start with \\0asm)",
            path.display()
        );
    }
    Ok(bytes)
}

/// Says where the page served will compute: in the browser with `found`, or here.
pub fn tell(found: &Option<(PathBuf, Vec<u8>)>) {
    match found {
        Some((path, _)) => output::note(&format!(
            "the page computes in the browser (WebAssembly from {}); large runs come here",
            path.display()
        )),
        None => output::note(
            "no WebAssembly build found (scripts/playground.sh builds it): the page runs everything on this server",
        ),
    }
}

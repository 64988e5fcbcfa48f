//! The playground as static files: the page `fray serve` serves, with fray's
//! WebAssembly beside it, as a folder any static host can serve, and as one
//! self-contained `fray.html` (scripts, style and the WebAssembly inlined) that opens
//! from `file://` with the network off. One page in both: the files are the server's
//! own assets.
//!
//! ```
//! # let wasm = b"\0asm\x01\0\0\0";
//! let single = fray_web::playground::single_file(wasm).unwrap();
//! assert!(single.contains(r#"<script id="fray-wasm""#));
//! assert!(!single.contains(r#"src="app.js""#));
//! ```

use std::io::Write as _;
use std::path::{Path, PathBuf};

use base64::Engine as _;

/// One of the page's files: its name beside the page, its media type and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    /// The file's name (and the server's path, after `/`).
    pub name: &'static str,
    /// Its `Content-Type`.
    pub media_type: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// The page and everything it loads but the WebAssembly, embedded in the binary.
pub const ASSETS: &[Asset] = &[
    Asset {
        name: "index.html",
        media_type: "text/html; charset=utf-8",
        text: include_str!("../assets/index.html"),
    },
    Asset {
        name: "fray.js",
        media_type: "text/javascript; charset=utf-8",
        text: include_str!("../assets/fray.js"),
    },
    Asset {
        name: "app.js",
        media_type: "text/javascript; charset=utf-8",
        text: include_str!("../assets/app.js"),
    },
    Asset {
        name: "style.css",
        media_type: "text/css; charset=utf-8",
        text: include_str!("../assets/style.css"),
    },
    Asset {
        name: "favicon.svg",
        media_type: "image/svg+xml",
        text: include_str!("../assets/favicon.svg"),
    },
];

/// The name of fray's WebAssembly beside the page.
pub const WASM: &str = "fray.wasm";

/// The name of the single-file build.
pub const SINGLE: &str = "fray.html";

/// The asset called `name`.
pub fn asset(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

fn text_of(name: &str) -> &'static str {
    asset(name).map_or("", |a| a.text)
}

/// Where a tag the single file replaces was not found, or text that cannot be inlined.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the single-file playground cannot be built: {0}")]
pub struct BuildError(String);

/// The page with its style, icon, scripts and `wasm` (gzip, then base64: the page
/// inflates it with the browser's `DecompressionStream`) inlined: one file that needs
/// nothing else.
pub fn single_file(wasm: &[u8]) -> Result<String, BuildError> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(wasm)
        .and_then(|()| gz.try_finish())
        .map_err(|e| BuildError(format!("compressing the WebAssembly: {e}")))?;
    let packed = base64::engine::general_purpose::STANDARD.encode(gz.get_ref());
    let icon = base64::engine::general_purpose::STANDARD.encode(text_of("favicon.svg"));
    let inline = |name: &str, closing: &str| {
        let text = text_of(name);
        if text.to_ascii_lowercase().contains(closing) {
            return Err(BuildError(format!("{name} holds `{closing}`")));
        }
        Ok(text)
    };
    let mut page = text_of("index.html").to_string();
    let replacements = [
        (
            r#"<link rel="stylesheet" href="style.css">"#,
            format!("<style>\n{}</style>", inline("style.css", "</style")?),
        ),
        (
            r#"<link rel="icon" href="favicon.svg" type="image/svg+xml">"#,
            format!(r#"<link rel="icon" href="data:image/svg+xml;base64,{icon}">"#),
        ),
        (
            r#"<script src="fray.js"></script>"#,
            format!(
                "<script id=\"fray-wasm\" type=\"application/octet-stream\">{packed}</script>\n<script>\n{}</script>",
                inline("fray.js", "</script")?
            ),
        ),
        (
            r#"<script src="app.js"></script>"#,
            format!("<script>\n{}</script>", inline("app.js", "</script")?),
        ),
    ];
    for (tag, with) in replacements {
        if !page.contains(tag) {
            return Err(BuildError(format!("index.html has no `{tag}`")));
        }
        page = page.replacen(tag, &with, 1);
    }
    Ok(page)
}

/// Writes the playground into `dir` (made if missing): the page's files and `wasm` as
/// [`WASM`] for a static host, and the single file [`SINGLE`]. Returns the paths
/// written.
pub fn write(dir: &Path, wasm: &[u8]) -> std::io::Result<Vec<PathBuf>> {
    let single = single_file(wasm).map_err(std::io::Error::other)?;
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    let mut put = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes)?;
        written.push(path);
        Ok::<_, std::io::Error>(())
    };
    for a in ASSETS {
        put(a.name, a.text.as_bytes())?;
    }
    put(WASM, wasm)?;
    put(SINGLE, single.as_bytes())?;
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_single_file_loads_nothing_from_elsewhere() {
        let page = single_file(b"\0asm\x01\0\0\0").unwrap();
        for a in ASSETS {
            assert!(
                !page.contains(&format!("\"{}\"", a.name)),
                "{} is still loaded by name",
                a.name
            );
        }
        assert!(
            !page.contains(" src="),
            "a script or frame is loaded by address"
        );
    }
}

//! Printing: the only place that writes to standard output, and (with `main`'s error
//! printer) to standard error. Everything printed passes through
//! [`fray::text::escape_controls`], since names and quoted lines come from files a user
//! may not have written: an escape sequence in a creature's name must not reach the
//! terminal.

use std::io::{ErrorKind, Write};

use fray_commands::limits::TextFile;

/// Writes `text` to standard output; a closed pipe (`fray ... | head`) is not an error.
pub fn print(text: &str) -> anyhow::Result<()> {
    let text = fray::text::escape_controls(text);
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// Prints warnings to standard error, so they never mix with `--json` output.
pub fn warn(message: &str) {
    eprintln!("warning: {}", fray::text::escape_controls(message));
}

/// Prints a remark on standard error (where a file was written, a flag that has no
/// effect): not a warning, since nothing is wrong.
pub fn note(message: &str) {
    eprintln!("note: {}", fray::text::escape_controls(message));
}

/// Prints an error to standard error, escaped like all output.
pub fn error(message: &str) {
    eprintln!("error: {}", fray::text::escape_controls(message));
}

/// Prints warnings already worded (and capped) by a request's validation.
pub fn warn_each(warnings: &[String]) {
    for w in warnings {
        warn(w);
    }
}

/// Pretty JSON followed by a new line, as every front end gives it
/// ([`fray_lab::answer::json_text`]).
pub fn json(value: &impl serde::Serialize) -> anyhow::Result<String> {
    Ok(fray_lab::answer::json_text(value)?)
}

/// A horizontal bar for a probability, `width` characters at p = `scale`.
pub fn bar(p: f64, scale: f64, width: usize) -> String {
    let n = if scale > 0.0 {
        (p / scale * width as f64).round() as usize
    } else {
        0
    };
    "#".repeat(n.min(width))
}

/// Reads a text file of at most `limit.max_bytes` (the command table's limit for that
/// kind of text), refusing a larger one (surely not what the command expects) with a
/// message naming the file and what it should be.
///
/// The size is counted while reading, never trusted from the file's metadata: a device
/// (`/dev/zero`) or a pipe reports 0 bytes and would otherwise be read without end. Text
/// that is not UTF-8 is refused with the line and column of its first bad byte.
pub fn read_text(path: &std::path::Path, limit: TextFile) -> anyhow::Result<String> {
    let (max_bytes, what) = (limit.max_bytes, limit.what);
    use anyhow::Context;
    use std::io::Read;
    let cannot = || format!("cannot read {}", path.display());
    let file = std::fs::File::open(path).with_context(cannot)?;
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .with_context(cannot)?;
    if bytes.len() as u64 > max_bytes {
        anyhow::bail!(
            "{} is larger than {max_bytes} bytes: {what} may hold at most {max_bytes}",
            path.display()
        );
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // The prefix before the first bad byte is valid UTF-8 by definition.
        let valid = std::str::from_utf8(valid).unwrap_or_default();
        let line = valid.matches('\n').count() + 1;
        let line_start = valid.rfind('\n').map_or(0, |i| i + 1);
        let column = valid[line_start..].chars().count() + 1;
        let byte = e.as_bytes()[valid.len()];
        anyhow::anyhow!(
            "{}, line {line}, column {column}: the byte 0x{byte:02X} is not UTF-8 text: {what} must be UTF-8",
            path.display()
        )
    })
}

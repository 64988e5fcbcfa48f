//! Printing: the only place that writes to standard output.

use std::io::{ErrorKind, Write};

/// Writes `text` to standard output; a closed pipe (`fray ... | head`) is not an error.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// Prints warnings to standard error, so they never mix with `--json` output.
pub fn warn(message: &str) {
    eprintln!("warning: {message}");
}

/// Pretty JSON followed by a new line.
pub fn json(value: &impl serde::Serialize) -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(value)? + "\n")
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

/// Reads a text file of at most `max_bytes`, refusing a larger one (surely not what the
/// command expects) with a message naming the file and `what` it should be.
pub fn read_text(path: &std::path::Path, max_bytes: u64, what: &str) -> anyhow::Result<String> {
    use anyhow::Context;
    let size = std::fs::metadata(path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .len();
    if size > max_bytes {
        anyhow::bail!(
            "{} is {size} bytes: {what} may hold at most {max_bytes}",
            path.display()
        );
    }
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

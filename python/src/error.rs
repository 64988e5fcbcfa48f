//! `fray.FrayError`: fray's [`Refusal`] as a Python exception (a `ValueError`), its
//! fields as attributes: the message, naming the request's field as Python writes it
//! (`trials`, `model["sigma"]`), `field`, the field's path (`model.sigma`), and where
//! fray located the problem, `path` (the file or argument), `line`, `column` and
//! `width`; `hint` and `warnings`; `key`, the key path in a dict the caller gave. The
//! place is the refusal's own data, never read out of the message.

use fray::request::Refusal;
use pyo3::prelude::*;

pyo3::create_exception!(
    fray,
    FrayError,
    pyo3::exceptions::PyValueError,
    "fray refused the input: the message says what and where; `field` is the path of the \
     request field it is about (`trials`, `model.sigma`) when it is about one (else None); \
     `path`, `line`, `column` (1-based) and `width` locate it when fray knows where (else \
     None); `hint` says what to do instead when fray knows; `warnings` lists the doubts \
     found before the refusal; `key` is the key path (`pool.a.combatants[0].hp`) when the \
     problem is in a dict the caller gave (else None)."
);

/// The exception of `refusal`, its attributes set.
pub fn to_py(py: Python<'_>, refusal: Refusal) -> PyErr {
    to_py_at_key(py, refusal, None)
}

/// [`to_py`] of a refusal in a dict the caller gave: `key` is the dict's source and the
/// key path in it (`FrayError.path` and `FrayError.key`).
pub fn to_py_at_key(py: Python<'_>, refusal: Refusal, key: Option<(String, String)>) -> PyErr {
    let message = refusal.worded(in_python);
    let err = FrayError::new_err(message.clone());
    let value = err.value(py);
    let at = refusal.at.as_ref();
    let set = || -> PyResult<()> {
        value.setattr("message", &message)?;
        value.setattr("field", refusal.field.clone())?;
        let source = at.and_then(|a| a.source.clone());
        value.setattr("path", source.or_else(|| key.as_ref().map(|k| k.0.clone())))?;
        value.setattr("line", at.map(|a| a.line))?;
        value.setattr("column", at.map(|a| a.column))?;
        value.setattr("width", at.map(|a| a.width))?;
        value.setattr("hint", refusal.hint.clone())?;
        value.setattr("key", key.as_ref().map(|k| k.1.clone()))?;
        value.setattr("warnings", refusal.warnings.clone())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// The field at `path` as Python code reaches it: a keyword argument and its keys and
/// indices (`model.sigma` is `model["sigma"]`, `vary[1].path` is `vary[1]["path"]`).
fn in_python(path: &str) -> String {
    let mut parts = path.split('.');
    let mut out = parts.next().unwrap_or_default().to_string();
    for part in parts {
        let (key, index) = part.split_at(part.find('[').unwrap_or(part.len()));
        out.push_str(&format!("[\"{key}\"]{index}"));
    }
    out
}

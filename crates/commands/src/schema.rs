//! The JSON Schema of a command's request and answer, generated from their Rust types
//! (`schemars`), so a schema cannot drift from what serde reads and writes. A request's
//! schema describes what it accepts (deserializing: fields left out take their
//! defaults), an answer's what `--json` prints (serializing: every field written is
//! there, those skipped when empty are optional).

use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use serde_json::Value;

/// The dialect every schema is written in (its `$schema`).
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

fn generate<T: JsonSchema>(settings: SchemaSettings) -> Value {
    let schema = settings.into_generator().into_root_schema_for::<T>();
    schema.to_value()
}

/// The schema of what a request of type `T` accepts, as JSON.
pub fn request<T: JsonSchema>() -> Value {
    generate::<T>(SchemaSettings::draft2020_12().for_deserialize())
}

/// The schema of an answer of type `T` as `--json` prints it.
pub fn answer<T: JsonSchema>() -> Value {
    generate::<T>(SchemaSettings::draft2020_12().for_serialize())
}

//! `strict`: every warning a refusal. A designer who would rather stop than see 17 where
//! 8 was meant (`fire` misspelt `fyre`) asks for it with `"strict": true` in any
//! command's request, `--strict` on the command line or `strict=True` in Python.
//!
//! The field belongs to every command alike, so it is read here, once, beside the
//! command's own fields, rather than declared in each request type: [`strip`] takes it
//! out of the request's top-level object as serde reads it, and hands the rest to the
//! request type, whose unknown-field check never sees it.

use std::cell::Cell;

use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};

/// The field's name in a request's JSON.
pub const FIELD: &str = "strict";

/// `de` read without its top-level `strict` field, whose value is written to `strict`.
pub fn strip<D>(de: D, strict: &Cell<bool>) -> Strip<'_, D> {
    Strip { inner: de, strict }
}

/// A deserializer that reads its top-level object without the `strict` field, noting
/// its value.
pub struct Strip<'s, D> {
    inner: D,
    strict: &'s Cell<bool>,
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Strip<'_, D> {
    type Error = D::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.inner.deserialize_any(StripVisitor {
            inner: visitor,
            strict: self.strict,
        })
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let visitor = StripVisitor {
            inner: visitor,
            strict: self.strict,
        };
        self.inner.deserialize_struct(name, fields, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.inner.deserialize_map(StripVisitor {
            inner: visitor,
            strict: self.strict,
        })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct enum
        identifier ignored_any
    }
}

/// The request type's visitor, handed the object without `strict`.
struct StripVisitor<'s, V> {
    inner: V,
    strict: &'s Cell<bool>,
}

impl<'de, V: Visitor<'de>> Visitor<'de> for StripVisitor<'_, V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.expecting(f)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.inner.visit_map(StripMap {
            inner: map,
            strict: self.strict,
        })
    }
}

/// The object's entries, `strict` read and left out.
struct StripMap<'s, A> {
    inner: A,
    strict: &'s Cell<bool>,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for StripMap<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        loop {
            let Some(key) = self.inner.next_key::<String>()? else {
                return Ok(None);
            };
            if key != FIELD {
                return seed.deserialize(key.into_deserializer()).map(Some);
            }
            match self.inner.next_value::<serde_json::Value>()? {
                serde_json::Value::Bool(b) => self.strict.set(b),
                other => {
                    return Err(de::Error::custom(format!(
                        "`{FIELD}` must be true or false, got {other}"
                    )));
                }
            }
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.inner.next_value_seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        self.inner.size_hint()
    }
}

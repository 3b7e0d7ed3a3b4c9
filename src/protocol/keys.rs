//! Reading one map into a struct and a few keys beside it: a case's `clock:` is a time
//! control's id and a clock set-up ([`ClockStartText`](super::ClockStartText)) in one map.
//! `#[serde(flatten)]` does not go with `deny_unknown_fields`, and it buffers the map, so
//! errors would lose the line and the key they are at; this reader streams the map instead:
//! the struct's own keys go to its derived reader, the extra keys are read where they stand,
//! and an unknown key is refused with every key expected, as a derived reader says it.

use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, Visitor};
use serde::forward_to_deserialize_any;
use serde::Deserialize;
use std::fmt;
use std::marker::PhantomData;

/// Reads a map holding the keys of `T` (a struct deriving `Deserialize`) and the `extra`
/// keys, each read as a `K`; an extra key left out is missing, as in a derived reader
/// (`None` for an `Option`, an error otherwise), once `T` is read. The keys expected, in an
/// error about an unknown key, are the extra keys and `T`'s, the extra ones where `place`
/// says; `name` is the struct the map stands for, in an error about a value that is not a
/// map.
pub fn with_keys<'de, K, T, D, const N: usize>(
    d: D,
    name: &'static str,
    extra: [&'static str; N],
    place: Place,
) -> Result<([K; N], T), D::Error>
where
    K: Deserialize<'de>,
    T: Deserialize<'de>,
    D: Deserializer<'de>,
{
    d.deserialize_map(Reader {
        name,
        extra,
        expected: match place {
            Place::Before => [extra.as_slice(), derived::<T>().1].concat(),
            Place::After => [derived::<T>().1, extra.as_slice()].concat(),
        },
        read: PhantomData,
    })
}

/// The name of a struct deriving `Deserialize`, as its derived reader names it in an error
/// about a value that is not a map (its `#[serde(rename)]`, if any): the `name` of
/// [`with_keys`] for a map that stands for `T` with extra keys added.
pub fn struct_name<'de, T: Deserialize<'de>>() -> &'static str {
    derived::<T>().0
}

/// Where the extra keys stand among the keys of the struct they are read beside, as a
/// derived reader of all the keys would list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// Before the struct's keys.
    Before,
    /// After them.
    After,
}

/// The name and the field names of a struct deriving `Deserialize`, as its derived reader
/// knows them.
fn derived<'de, T: Deserialize<'de>>() -> (&'static str, &'static [&'static str]) {
    struct Probe<'a>(&'a mut (&'static str, &'static [&'static str]));
    impl<'de> Deserializer<'de> for Probe<'_> {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = (name, fields);
            Err(de::Error::custom("probed"))
        }
        forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }
    let mut found: (&'static str, &'static [&'static str]) = ("", &[]);
    let _ = T::deserialize(Probe(&mut found));
    found
}

struct Reader<K, T, const N: usize> {
    name: &'static str,
    extra: [&'static str; N],
    expected: Vec<&'static str>,
    read: PhantomData<(K, T)>,
}

impl<'de, K, T, const N: usize> Visitor<'de> for Reader<K, T, N>
where
    K: Deserialize<'de>,
    T: Deserialize<'de>,
{
    type Value = ([K; N], T);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "struct {}", self.name)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        let mut split = Split {
            map,
            extra: self.extra,
            expected: &self.expected,
            found: std::array::from_fn(|_| None),
        };
        let rest = T::deserialize(MapAccessDeserializer::new(&mut split))?;
        let mut found = split.found;
        for (value, key) in found.iter_mut().zip(self.extra) {
            if value.is_none() {
                *value = Some(K::deserialize(Missing(key, PhantomData))?);
            }
        }
        Ok((found.map(|v| v.expect("every extra key is read")), rest))
    }
}

/// A key left out, as a derived reader takes it: `None` for an `Option`, else an error.
struct Missing<E>(&'static str, PhantomData<E>);

impl<'de, E: de::Error> Deserializer<'de> for Missing<E> {
    type Error = E;
    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, E> {
        Err(E::missing_field(self.0))
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_none()
    }
    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// The map as `T`'s reader sees it: the extra keys taken out (and their values read into
/// `found`), every unknown key refused.
struct Split<'a, A, K, const N: usize> {
    map: A,
    extra: [&'static str; N],
    expected: &'a [&'static str],
    found: [Option<K>; N],
}

impl<'de, A, K, const N: usize> MapAccess<'de> for &mut Split<'_, A, K, N>
where
    A: MapAccess<'de>,
    K: Deserialize<'de>,
{
    type Error = A::Error;

    fn next_key_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        loop {
            let key = Key {
                extra: &self.extra,
                expected: self.expected,
            };
            match self.map.next_key_seed(key)? {
                None => return Ok(None),
                Some(Found::Extra(i)) => {
                    if self.found[i].is_some() {
                        return Err(de::Error::duplicate_field(self.extra[i]));
                    }
                    self.found[i] = Some(self.map.next_value()?);
                }
                Some(Found::Own(key)) => {
                    return seed.deserialize(key.into_deserializer()).map(Some);
                }
            }
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

/// A key of the map: one of the extra keys (by index) or one of the struct's.
enum Found {
    Extra(usize),
    Own(String),
}

/// Reads a key, refusing an unknown one where it stands (so that the error has its place).
struct Key<'a, const N: usize> {
    extra: &'a [&'static str; N],
    expected: &'a [&'static str],
}

impl<'de, const N: usize> DeserializeSeed<'de> for Key<'_, N> {
    type Value = Found;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Found, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<const N: usize> Visitor<'_> for Key<'_, N> {
    type Value = Found;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Found, E> {
        if let Some(i) = self.extra.iter().position(|k| *k == key) {
            Ok(Found::Extra(i))
        } else if self.expected.contains(&key) {
            Ok(Found::Own(key.to_owned()))
        } else {
            Err(E::custom(format_args!(
                "unknown field `{key}`, expected {}",
                one_of(self.expected)
            )))
        }
    }
}

/// The keys expected, as serde's derived readers list them.
fn one_of(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.as_slice() {
        [one] => one.clone(),
        [a, b] => format!("{a} or {b}"),
        all => format!("one of {}", all.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        #[serde(default)]
        a: Option<u32>,
        #[serde(default)]
        b: Option<String>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Derived {
        id: String,
        #[serde(default)]
        a: Option<u32>,
        #[serde(default)]
        b: Option<String>,
    }

    /// `Derived` read as its `id` and an `Inner`.
    #[derive(Debug, PartialEq)]
    struct Split(String, Inner);

    impl<'de> Deserialize<'de> for Split {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Split, D::Error> {
            let ([id], inner) = with_keys(d, "Derived", ["id"], Place::Before)?;
            Ok(Split(id, inner))
        }
    }

    fn read(text: &str) -> Result<Vec<Split>, String> {
        serde_yaml::from_str(text).map_err(|e| e.to_string())
    }

    fn derived(text: &str) -> String {
        serde_yaml::from_str::<Vec<Derived>>(text)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn the_extra_key_and_the_struct_are_read_from_one_map() {
        let inner = |a, b: &str| Inner {
            a: Some(a),
            b: Some(b.to_owned()),
        };
        assert_eq!(
            read("[{b: x, id: one, a: 3}, {id: two, a: 4, b: y}]").unwrap(),
            [
                Split("one".to_owned(), inner(3, "x")),
                Split("two".to_owned(), inner(4, "y"))
            ]
        );
        let after = |text| {
            let de = serde_yaml::Deserializer::from_str(text);
            with_keys::<Option<u32>, Inner, _, 1>(de, "O", ["id"], Place::After)
                .map(|([id], _)| id)
                .map_err(|e| e.to_string())
        };
        assert_eq!((after("{id: 3}"), after("{a: 3}")), (Ok(Some(3)), Ok(None)));
        assert_eq!(
            after("{c: 3}"),
            Err("unknown field `c`, expected one of `a`, `b`, `id` at line 1 column 2".to_owned())
        );
    }

    #[test]
    fn errors_read_as_a_derived_readers_at_the_same_place() {
        for text in [
            "- id: one\n  c: 3\n",
            "- id: one\n  a: x\n",
            "- id: [one]\n",
            "- 5\n",
            "- {id: one, b: [x]}",
            "- {id: one, id: two}",
            "- {a: 3}",
            "- {a: x}",
        ] {
            assert_eq!(read(text).unwrap_err(), derived(text), "{text}");
        }
    }

    #[test]
    fn the_keys_expected_are_listed_as_serde_lists_them() {
        assert_eq!(one_of(&["a"]), "`a`");
        assert_eq!(one_of(&["a", "b"]), "`a` or `b`");
        assert_eq!(one_of(&["a", "b", "c"]), "one of `a`, `b`, `c`");
    }
}

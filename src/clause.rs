//! The clause vocabulary: one constant per clause id of the catalogs of `spec/`, generated
//! by `build.rs` from `spec/*.yaml`, so that code names a clause by a constant and a
//! mistyped or removed id fails to compile.
//!
//! The constant's name is the id in upper case with `.` and `-` written `_`; its
//! documentation is the clause's catalog file and statement. Adding a clause to a catalog
//! adds its constant.
//!
//! ```
//! use arbiter::clause;
//!
//! assert_eq!(clause::XQ_RESULT_CHECKMATE_LOSES, "xq.result.checkmate-loses");
//! assert_eq!(clause::D64_DRAW_RUSSIAN_TWO_VS_ONE_5, "d64.draw.russian-two-vs-one-5");
//! ```

include!(concat!(env!("OUT_DIR"), "/clause_ids.rs"));

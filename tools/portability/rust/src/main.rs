//! Compiles patterns with Rust's `regex` crate and matches strings against them.
//!
//! Reads `{"patterns": [...], "strings": [...]}` on stdin and writes one `{"pattern", "error", "matches"}` per
//! pattern: the compile error, or whether each string matches anywhere (JSON Schema's `pattern` is not anchored).
use std::io::Read;

use serde_json::{json, Value};

fn main() {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .expect("reading the request");
    let request: Value = serde_json::from_str(&text).expect("the request is JSON");
    let strings: Vec<&str> = request["strings"]
        .as_array()
        .expect("strings is an array")
        .iter()
        .map(|value| value.as_str().expect("every string is a string"))
        .collect();
    let results: Vec<Value> = request["patterns"]
        .as_array()
        .expect("patterns is an array")
        .iter()
        .map(|value| {
            let pattern = value.as_str().expect("every pattern is a string");
            match regex::Regex::new(pattern) {
                Ok(compiled) => {
                    let matches: Vec<bool> = strings.iter().map(|text| compiled.is_match(text)).collect();
                    json!({ "pattern": pattern, "error": null, "matches": matches })
                }
                Err(error) => json!({ "pattern": pattern, "error": error.to_string(), "matches": [] }),
            }
        })
        .collect();
    println!("{}", Value::Array(results));
}

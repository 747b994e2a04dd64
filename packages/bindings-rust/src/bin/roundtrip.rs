//! Parses JSON values with the generated Rust types and serialises them again.
//!
//! Reads a JSON array of {"version", "definition", "value"} on stdin and writes a JSON array of
//! {"output": value} or {"error": message} in the same order on stdout. A definition the bindings
//! do not generate is reported as an error, so nothing is skipped silently.

use std::io::{self, Read, Write};

use serde_json::{json, Value};

fn round_trip(version: &str, definition: &str, value: &Value) -> Value {
    let text = value.to_string();
    let converted = match version {
        "v1" => agent_transcript::v1::round_trip(definition, &text),
        _ => return json!({ "error": format!("no Rust bindings for format {version}") }),
    };
    match converted {
        None => json!({ "error": format!("the Rust bindings have no type {definition}") }),
        Some(Err(error)) => json!({ "error": error.to_string() }),
        Some(Ok(output)) => match serde_json::from_str::<Value>(&output) {
            Ok(parsed) => json!({ "output": parsed }),
            Err(error) => json!({ "error": error.to_string() }),
        },
    }
}

fn main() {
    let mut input = String::new();
    if let Err(error) = io::stdin().read_to_string(&mut input) {
        eprintln!("roundtrip: cannot read the request: {error}");
        std::process::exit(1);
    }
    let items: Vec<Value> = match serde_json::from_str(&input) {
        Ok(items) => items,
        Err(error) => {
            eprintln!("roundtrip: the request is not a JSON array: {error}");
            std::process::exit(1);
        }
    };
    let results: Vec<Value> = items
        .iter()
        .map(|item| {
            round_trip(
                item["version"].as_str().unwrap_or_default(),
                item["definition"].as_str().unwrap_or_default(),
                &item["value"],
            )
        })
        .collect();
    let mut stdout = io::stdout().lock();
    if writeln!(stdout, "{}", Value::Array(results)).is_err() {
        std::process::exit(1);
    }
}

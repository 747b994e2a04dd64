// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/transcript.schema.json
// Regenerate: pnpm generate
// Variant: strict (specialised yes/no checks; ajv's validator is the reference)
import { formats } from "./formats.js";
/** A format of ajv-formats as a test: a regular expression, a function, or an object with `validate`. */
function formatTest(format) {
  const check = typeof format === "object" && format !== null && !(format instanceof RegExp) ? format.validate : format;
  return check instanceof RegExp ? (text) => check.test(text) : check;
}
const format_date_time = formatTest(formats["date-time"]);
/** A property whose schema accepts anything. */
function accept() {
  return true;
}
/** Length in code points, as ajv counts minLength and maxLength (a surrogate pair is one). */
function codePointLength(text) {
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    length += 1;
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if ((next & 0xfc00) === 0xdc00) index += 1;
    }
  }
  return length;
}
const pattern0 = new RegExp("^1\\.(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)$", "u");
const branches1 = new Map([["computed", check48], ["reported", check49], ["unknown", check50]]);
const members2 = new Set(["agent-transcript", "event-log", "openai-chat", "openai-responses", "anthropic", "gemini", "ollama", "portable", "bedrock-converse", "mistral", "claude-code", "codex", "gemini-cli", "warp-export", "devflow", "atif", "awf-transcript", "otlp-json"]);
const branches3 = new Map([["snapshot", check99], ["file", check100]]);
const members4 = new Set(["system", "developer", "user", "assistant", "tool"]);
const members5 = new Set(["stop", "length", "tool_calls", "content_filter", "refusal", "pause", "error", "other"]);
const pattern6 = new RegExp("^[A-Z]{3}$", "u");
const branches7 = new Map([["text", check141], ["reasoning", check142], ["tool_call", check143], ["tool_result", check144], ["image", check145], ["audio", check146], ["file", check147], ["plan_step", check148], ["code_diff", check149], ["command", check150], ["refusal", check151], ["compaction", check152], ["stream_chunk", check153], ["native", check154]]);
const pattern8 = new RegExp("^[a-z0-9][a-z0-9.-]*$", "u");
const pattern9 = new RegExp("^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$", "u");
const pattern10 = new RegExp("^[0-9a-f]{64}$", "u");
const pattern11 = new RegExp("^(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)(?:/(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)?)*$", "u");
const members12 = new Set(["pending", "in_progress", "complete", "blocked", "cancelled"]);
const pattern13 = new RegExp("^/", "u");
const members14 = new Set(["added", "modified", "deleted", "renamed", "copied"]);
const pattern15 = new RegExp("^[0-7]{6}$", "u");
function check0(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["schema_version"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["messages"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "schema_version": if (value !== undefined && !check1(value)) return false; break;
      case "id": if (value !== undefined && !check2(value)) return false; break;
      case "title": if (value !== undefined && !check3(value)) return false; break;
      case "created_at": if (value !== undefined && !check4(value)) return false; break;
      case "updated_at": if (value !== undefined && !check5(value)) return false; break;
      case "source": if (value !== undefined && !check6(value)) return false; break;
      case "producer": if (value !== undefined && !check7(value)) return false; break;
      case "run": if (value !== undefined && !check8(value)) return false; break;
      case "messages": if (value !== undefined && !check9(value)) return false; break;
      case "tools": if (value !== undefined && !check10(value)) return false; break;
      case "tool_choice": if (value !== undefined && !check11(value)) return false; break;
      case "usage": if (value !== undefined && !check12(value)) return false; break;
      case "cost": if (value !== undefined && !check13(value)) return false; break;
      case "artifacts": if (value !== undefined && !check14(value)) return false; break;
      case "export": if (value !== undefined && !check15(value)) return false; break;
      case "metadata": if (value !== undefined && !check16(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check1(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern0.test(data)) return false;
  return true;
}
function check2(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check3(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check4(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check5(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check6(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["format"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "format": if (value !== undefined && !check18(value)) return false; break;
      case "format_version": if (value !== undefined && !check19(value)) return false; break;
      case "path": if (value !== undefined && !check20(value)) return false; break;
      case "session_id": if (value !== undefined && !check21(value)) return false; break;
      case "imported_at": if (value !== undefined && !check22(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check7(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check23(value)) return false; break;
      case "version": if (value !== undefined && !check24(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check8(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check25(value)) return false; break;
      case "started_at": if (value !== undefined && !check26(value)) return false; break;
      case "ended_at": if (value !== undefined && !check27(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check28(value)) return false; break;
      case "error": if (value !== undefined && !check29(value)) return false; break;
      case "parent": if (value !== undefined && !check30(value)) return false; break;
      case "children": if (value !== undefined && !check31(value)) return false; break;
      case "steps": if (value !== undefined && !check32(value)) return false; break;
      case "usage_including_children": if (value !== undefined && !check12(value)) return false; break;
      case "metadata": if (value !== undefined && !check33(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check9(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check34(data[index])) return false;
  return true;
}
function check10(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check35(data[index])) return false;
  return true;
}
function check11(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["mode"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "mode": if (value !== undefined && !check36(value)) return false; break;
      case "name": if (value !== undefined && !check37(value)) return false; break;
      case "parallel": if (value !== undefined && !check38(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  if (!(check40(data) ? check39(data) : true)) return false;
  return true;
}
function check12(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["input_tokens"] === undefined) return false;
  if (data["output_tokens"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "input_tokens": if (value !== undefined && !check41(value)) return false; break;
      case "output_tokens": if (value !== undefined && !check42(value)) return false; break;
      case "cache_read_tokens": if (value !== undefined && !check43(value)) return false; break;
      case "cache_write_tokens": if (value !== undefined && !check44(value)) return false; break;
      case "reasoning_tokens": if (value !== undefined && !check45(value)) return false; break;
      case "total_tokens": if (value !== undefined && !check46(value)) return false; break;
      case "raw": if (value !== undefined && !check47(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check13(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  const branch = typeof data["status"] === "string" ? branches1.get(data["status"]) : undefined;
  if (branch === undefined || !branch(data)) return false;
  return true;
}
function check14(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check51(data[index])) return false;
  return true;
}
function check15(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "exported_at": if (value !== undefined && !check52(value)) return false; break;
      case "reasoning": if (value !== undefined && !check53(value)) return false; break;
      case "redaction": if (value !== undefined && !check54(value)) return false; break;
      case "truncation": if (value !== undefined && !check55(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check16(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  return true;
}
function check17(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      default: if (!check56(value)) return false; break;
    }
  }
  return true;
}
function check18(data) {
  if (!(typeof data === "string")) return false;
  if (!members2.has(data)) return false;
  return true;
}
function check19(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check20(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check21(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check22(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check23(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check24(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check25(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "running" || data === "completed" || data === "failed" || data === "canceled")) return false;
  return true;
}
function check26(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check27(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check28(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check29(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check30(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["run_id"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "run_id": if (value !== undefined && !check57(value)) return false; break;
      case "call_id": if (value !== undefined && !check58(value)) return false; break;
      case "path": if (value !== undefined && !check59(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check31(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check60(data[index])) return false;
  return true;
}
function check32(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check61(data[index])) return false;
  return true;
}
function check33(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  return true;
}
function check34(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["role"] === undefined) return false;
  if (data["parts"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "id": if (value !== undefined && !check62(value)) return false; break;
      case "role": if (value !== undefined && !check63(value)) return false; break;
      case "parts": if (value !== undefined && !check64(value)) return false; break;
      case "name": if (value !== undefined && !check65(value)) return false; break;
      case "created_at": if (value !== undefined && !check66(value)) return false; break;
      case "completed_at": if (value !== undefined && !check67(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check68(value)) return false; break;
      case "time_to_first_token_ms": if (value !== undefined && !check69(value)) return false; break;
      case "model": if (value !== undefined && !check70(value)) return false; break;
      case "issuer": if (value !== undefined && !check71(value)) return false; break;
      case "response_id": if (value !== undefined && !check72(value)) return false; break;
      case "finish_reason": if (value !== undefined && !check73(value)) return false; break;
      case "native_finish_reason": if (value !== undefined && !check74(value)) return false; break;
      case "error": if (value !== undefined && !check75(value)) return false; break;
      case "usage": if (value !== undefined && !check12(value)) return false; break;
      case "cost": if (value !== undefined && !check13(value)) return false; break;
      case "path": if (value !== undefined && !check76(value)) return false; break;
      case "iteration": if (value !== undefined && !check77(value)) return false; break;
      case "metadata": if (value !== undefined && !check78(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check35(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check79(value)) return false; break;
      case "description": if (value !== undefined && !check80(value)) return false; break;
      case "input_schema": if (value !== undefined && !check81(value)) return false; break;
      case "strict": if (value !== undefined && !check82(value)) return false; break;
      case "native_type": if (value !== undefined && !check83(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check36(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "auto" || data === "none" || data === "required" || data === "tool")) return false;
  return true;
}
function check37(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check38(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check39(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["name"] === undefined) return false;
  }
  return true;
}
function check40(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["mode"] === undefined) return false;
    if (data["mode"] !== undefined && !check84(data["mode"])) return false;
  }
  return true;
}
function check41(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check42(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check43(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check44(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check45(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check46(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check47(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["provider"] === undefined) return false;
  if (data["usage"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "provider": if (value !== undefined && !check85(value)) return false; break;
      case "usage": if (value !== undefined && !check86(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check48(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  if (data["amount"] === undefined) return false;
  if (data["currency"] === undefined) return false;
  if (data["pricing"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check87(value)) return false; break;
      case "amount": if (value !== undefined && !check88(value)) return false; break;
      case "currency": if (value !== undefined && !check89(value)) return false; break;
      case "breakdown": if (value !== undefined && !check90(value)) return false; break;
      case "pricing": if (value !== undefined && !check91(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check49(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  if (data["amount"] === undefined) return false;
  if (data["currency"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check92(value)) return false; break;
      case "amount": if (value !== undefined && !check93(value)) return false; break;
      case "currency": if (value !== undefined && !check94(value)) return false; break;
      case "reported_by": if (value !== undefined && !check95(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check50(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  if (data["currency"] === undefined) return false;
  if (data["reason"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check96(value)) return false; break;
      case "currency": if (value !== undefined && !check97(value)) return false; break;
      case "reason": if (value !== undefined && !check98(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check51(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const branch = typeof data["type"] === "string" ? branches3.get(data["type"]) : undefined;
  if (branch === undefined || !branch(data)) return false;
  return true;
}
function check52(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check53(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "include" || data === "omit")) return false;
  return true;
}
function check54(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["counts"] === undefined) return false;
  if (data["total"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "counts": if (value !== undefined && !check101(value)) return false; break;
      case "total": if (value !== undefined && !check102(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check55(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["limit_bytes"] === undefined) return false;
  if (data["truncated_count"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "limit_bytes": if (value !== undefined && !check103(value)) return false; break;
      case "truncated_count": if (value !== undefined && !check104(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check56(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  return true;
}
function check57(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check58(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check59(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check60(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["run_id"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "run_id": if (value !== undefined && !check105(value)) return false; break;
      case "title": if (value !== undefined && !check106(value)) return false; break;
      case "status": if (value !== undefined && !check25(value)) return false; break;
      case "call_id": if (value !== undefined && !check107(value)) return false; break;
      case "path": if (value !== undefined && !check108(value)) return false; break;
      case "location": if (value !== undefined && !check109(value)) return false; break;
      case "transcript": if (value !== undefined && !check0(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check61(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["path"] === undefined) return false;
  if (data["name"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "path": if (value !== undefined && !check110(value)) return false; break;
      case "name": if (value !== undefined && !check111(value)) return false; break;
      case "kind": if (value !== undefined && !check112(value)) return false; break;
      case "iteration": if (value !== undefined && !check113(value)) return false; break;
      case "status": if (value !== undefined && !check25(value)) return false; break;
      case "started_at": if (value !== undefined && !check114(value)) return false; break;
      case "ended_at": if (value !== undefined && !check115(value)) return false; break;
      case "error": if (value !== undefined && !check116(value)) return false; break;
      case "result": if (value !== undefined && !check117(value)) return false; break;
      case "child_run_id": if (value !== undefined && !check118(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check62(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check63(data) {
  if (!(typeof data === "string")) return false;
  if (!members4.has(data)) return false;
  return true;
}
function check64(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check119(data[index])) return false;
  return true;
}
function check65(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check66(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check67(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check68(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check69(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check70(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check71(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["provider"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "provider": if (value !== undefined && !check120(value)) return false; break;
      case "api": if (value !== undefined && !check121(value)) return false; break;
      case "model": if (value !== undefined && !check122(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check72(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check73(data) {
  if (!(typeof data === "string")) return false;
  if (!members5.has(data)) return false;
  return true;
}
function check74(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check75(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check76(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check77(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check78(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  return true;
}
function check79(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check80(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check81(data) {
  return true;
}
function check82(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check83(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check84(data) {
  if (data !== "tool") return false;
  return true;
}
function check85(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check86(data) {
  return true;
}
function check87(data) {
  if (data !== "computed") return false;
  return true;
}
function check88(data) {
  if (!((typeof data === "number" && isFinite(data)))) return false;
  if (data < 0) return false;
  return true;
}
function check89(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern6.test(data)) return false;
  return true;
}
function check90(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["input"] === undefined) return false;
  if (data["output"] === undefined) return false;
  if (data["cache_read"] === undefined) return false;
  if (data["cache_write"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "input": if (value !== undefined && !check123(value)) return false; break;
      case "output": if (value !== undefined && !check124(value)) return false; break;
      case "cache_read": if (value !== undefined && !check125(value)) return false; break;
      case "cache_write": if (value !== undefined && !check126(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check91(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["table_version"] === undefined) return false;
  if (data["model"] === undefined) return false;
  if (data["source"] === undefined) return false;
  if (data["date"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "table_version": if (value !== undefined && !check127(value)) return false; break;
      case "model": if (value !== undefined && !check128(value)) return false; break;
      case "source": if (value !== undefined && !check129(value)) return false; break;
      case "date": if (value !== undefined && !check130(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check92(data) {
  if (data !== "reported") return false;
  return true;
}
function check93(data) {
  if (!((typeof data === "number" && isFinite(data)))) return false;
  if (data < 0) return false;
  return true;
}
function check94(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern6.test(data)) return false;
  return true;
}
function check95(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check96(data) {
  if (data !== "unknown") return false;
  return true;
}
function check97(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern6.test(data)) return false;
  return true;
}
function check98(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check99(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["declarations"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check131(value)) return false; break;
      case "declarations": if (value !== undefined && !check132(value)) return false; break;
      case "created_at": if (value !== undefined && !check133(value)) return false; break;
      case "location": if (value !== undefined && !check134(value)) return false; break;
      case "sha256": if (value !== undefined && !check135(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check100(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["path"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check136(value)) return false; break;
      case "path": if (value !== undefined && !check137(value)) return false; break;
      case "media_type": if (value !== undefined && !check138(value)) return false; break;
      case "description": if (value !== undefined && !check139(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check101(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      default: if (!check140(value)) return false; break;
    }
  }
  return true;
}
function check102(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check103(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 2) return false;
  return true;
}
function check104(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check105(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check106(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check107(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check108(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check109(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check110(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check111(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check112(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check113(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check114(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check115(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check116(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check117(data) {
  return true;
}
function check118(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check119(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const branch = typeof data["type"] === "string" ? branches7.get(data["type"]) : undefined;
  if (branch === undefined || !branch(data)) return false;
  return true;
}
function check120(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern8.test(data)) return false;
  return true;
}
function check121(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check122(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check123(data) {
  if (!((typeof data === "number" && isFinite(data)))) return false;
  if (data < 0) return false;
  return true;
}
function check124(data) {
  if (!((typeof data === "number" && isFinite(data)))) return false;
  if (data < 0) return false;
  return true;
}
function check125(data) {
  if (!((typeof data === "number" && isFinite(data)))) return false;
  if (data < 0) return false;
  return true;
}
function check126(data) {
  if (!((typeof data === "number" && isFinite(data)))) return false;
  if (data < 0) return false;
  return true;
}
function check127(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check128(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check129(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check130(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern9.test(data)) return false;
  return true;
}
function check131(data) {
  if (data !== "snapshot") return false;
  return true;
}
function check132(data) {
  if (!(Array.isArray(data))) return false;
  if (data.length < 1) return false;
  for (let index = 0; index < data.length; index += 1) if (!check155(data[index])) return false;
  return true;
}
function check133(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check134(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check135(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern10.test(data)) return false;
  return true;
}
function check136(data) {
  if (data !== "file") return false;
  return true;
}
function check137(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check138(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check139(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check140(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check141(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check156(value)) return false; break;
      case "text": if (value !== undefined && !check157(value)) return false; break;
      case "citations": if (value !== undefined && !check158(value)) return false; break;
      case "signature": if (value !== undefined && !check159(value)) return false; break;
      case "issuer": if (value !== undefined && !check71(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check142(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  if (data["encrypted_content"] !== undefined && (data["issuer"] === undefined)) return false;
  if (data["redacted_data"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check161(value)) return false; break;
      case "text": if (value !== undefined && !check162(value)) return false; break;
      case "summary": if (value !== undefined && !check163(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check164(value)) return false; break;
      case "signature": if (value !== undefined && !check165(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check166(value)) return false; break;
      case "redacted_data": if (value !== undefined && !check167(value)) return false; break;
      case "id": if (value !== undefined && !check168(value)) return false; break;
      case "issuer": if (value !== undefined && !check71(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check143(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["name"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check169(value)) return false; break;
      case "id": if (value !== undefined && !check170(value)) return false; break;
      case "name": if (value !== undefined && !check171(value)) return false; break;
      case "input": if (value !== undefined && !check172(value)) return false; break;
      case "raw_input": if (value !== undefined && !check173(value)) return false; break;
      case "input_error": if (value !== undefined && !check174(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check175(value)) return false; break;
      case "native_type": if (value !== undefined && !check176(value)) return false; break;
      case "item_id": if (value !== undefined && !check177(value)) return false; break;
      case "signature": if (value !== undefined && !check178(value)) return false; break;
      case "issuer": if (value !== undefined && !check71(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  if (!(check180(data) ? check179(data) : true)) return false;
  return true;
}
function check144(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["call_id"] === undefined) return false;
  if (data["status"] === undefined) return false;
  if (data["truncated"] !== undefined && (data["original_size_bytes"] === undefined || data["truncation_strategy"] === undefined)) return false;
  if (data["original_size_bytes"] !== undefined && (data["truncated"] === undefined)) return false;
  if (data["truncation_strategy"] !== undefined && (data["truncated"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check181(value)) return false; break;
      case "call_id": if (value !== undefined && !check182(value)) return false; break;
      case "name": if (value !== undefined && !check183(value)) return false; break;
      case "status": if (value !== undefined && !check184(value)) return false; break;
      case "output": if (value !== undefined && !check185(value)) return false; break;
      case "content": if (value !== undefined && !check186(value)) return false; break;
      case "error": if (value !== undefined && !check187(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check188(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check189(value)) return false; break;
      case "native_type": if (value !== undefined && !check190(value)) return false; break;
      case "truncated": if (value !== undefined && !check191(value)) return false; break;
      case "original_size_bytes": if (value !== undefined && !check192(value)) return false; break;
      case "truncation_strategy": if (value !== undefined && !check193(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check145(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check194(value)) return false; break;
      case "media_type": if (value !== undefined && !check195(value)) return false; break;
      case "data": if (value !== undefined && !check196(value)) return false; break;
      case "url": if (value !== undefined && !check197(value)) return false; break;
      case "path": if (value !== undefined && !check198(value)) return false; break;
      case "file_id": if (value !== undefined && !check199(value)) return false; break;
      case "detail": if (value !== undefined && !check200(value)) return false; break;
      case "alt": if (value !== undefined && !check201(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  if (!(check203(data) ? check202(data) : true)) return false;
  return true;
}
function check146(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check204(value)) return false; break;
      case "media_type": if (value !== undefined && !check205(value)) return false; break;
      case "data": if (value !== undefined && !check206(value)) return false; break;
      case "url": if (value !== undefined && !check207(value)) return false; break;
      case "path": if (value !== undefined && !check208(value)) return false; break;
      case "file_id": if (value !== undefined && !check209(value)) return false; break;
      case "transcript": if (value !== undefined && !check210(value)) return false; break;
      case "id": if (value !== undefined && !check211(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  if (!(check212(data) ? check202(data) : true)) return false;
  return true;
}
function check147(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check213(value)) return false; break;
      case "media_type": if (value !== undefined && !check214(value)) return false; break;
      case "data": if (value !== undefined && !check215(value)) return false; break;
      case "url": if (value !== undefined && !check216(value)) return false; break;
      case "path": if (value !== undefined && !check217(value)) return false; break;
      case "file_id": if (value !== undefined && !check218(value)) return false; break;
      case "filename": if (value !== undefined && !check219(value)) return false; break;
      case "title": if (value !== undefined && !check220(value)) return false; break;
      case "text": if (value !== undefined && !check221(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  if (!(check222(data) ? check202(data) : true)) return false;
  return true;
}
function check148(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["title"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check223(value)) return false; break;
      case "id": if (value !== undefined && !check224(value)) return false; break;
      case "title": if (value !== undefined && !check225(value)) return false; break;
      case "status": if (value !== undefined && !check226(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check227(value)) return false; break;
      case "description": if (value !== undefined && !check228(value)) return false; break;
      case "subitems": if (value !== undefined && !check229(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  if (!(check232(data) ? check230(data) : check231(data))) return false;
  return true;
}
function check149(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["files"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check233(value)) return false; break;
      case "files": if (value !== undefined && !check234(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check150(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["command"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check235(value)) return false; break;
      case "command": if (value !== undefined && !check236(value)) return false; break;
      case "cwd": if (value !== undefined && !check237(value)) return false; break;
      case "exit_code": if (value !== undefined && !check238(value)) return false; break;
      case "output": if (value !== undefined && !check239(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check240(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check151(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check241(value)) return false; break;
      case "text": if (value !== undefined && !check242(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check152(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["encrypted_content"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check243(value)) return false; break;
      case "strategy": if (value !== undefined && !check244(value)) return false; break;
      case "summary": if (value !== undefined && !check245(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check246(value)) return false; break;
      case "id": if (value !== undefined && !check247(value)) return false; break;
      case "tokens_before": if (value !== undefined && !check248(value)) return false; break;
      case "tokens_after": if (value !== undefined && !check249(value)) return false; break;
      case "replaced_messages": if (value !== undefined && !check250(value)) return false; break;
      case "issuer": if (value !== undefined && !check71(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check153(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check251(value)) return false; break;
      case "text": if (value !== undefined && !check252(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check154(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["native_type"] === undefined) return false;
  if (data["data"] === undefined) return false;
  if (data["issuer"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check253(value)) return false; break;
      case "native_type": if (value !== undefined && !check254(value)) return false; break;
      case "data": if (value !== undefined && !check255(value)) return false; break;
      case "issuer": if (value !== undefined && !check71(value)) return false; break;
      case "fidelity": if (value !== undefined && !check160(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check155(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["version"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  if (data["path"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "version": if (value !== undefined && !check256(value)) return false; break;
      case "kind": if (value !== undefined && !check257(value)) return false; break;
      case "path": if (value !== undefined && !check258(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check156(data) {
  if (data !== "text") return false;
  return true;
}
function check157(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check158(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check259(data[index])) return false;
  return true;
}
function check159(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check160(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "router" || data === "agent_emitted")) return false;
  return true;
}
function check161(data) {
  if (data !== "reasoning") return false;
  return true;
}
function check162(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check163(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check260(data[index])) return false;
  return true;
}
function check164(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check165(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check166(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check167(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check168(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check169(data) {
  if (data !== "tool_call") return false;
  return true;
}
function check170(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check171(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check172(data) {
  return true;
}
function check173(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check174(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check175(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check176(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check177(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check178(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check179(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["raw_input"] === undefined) return false;
    if (data["input_error"] === undefined) return false;
  }
  return true;
}
function check180(data) {
  if (check261(data)) return false;
  return true;
}
function check181(data) {
  if (data !== "tool_result") return false;
  return true;
}
function check182(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check183(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check184(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "ok" || data === "error" || data === "denied" || data === "interrupted")) return false;
  return true;
}
function check185(data) {
  return true;
}
function check186(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check119(data[index])) return false;
  return true;
}
function check187(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check188(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check189(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check190(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check191(data) {
  if (data !== true) return false;
  return true;
}
function check192(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check193(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "string_prefix" || data === "array_prefix" || data === "object_prefix")) return false;
  return true;
}
function check194(data) {
  if (data !== "image") return false;
  return true;
}
function check195(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check196(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check197(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check198(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern11.test(data)) return false;
  return true;
}
function check199(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check200(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check201(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check202(data) {
  return false;
}
function check203(data) {
  if (check262(data)) return false;
  return true;
}
function check204(data) {
  if (data !== "audio") return false;
  return true;
}
function check205(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check206(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check207(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check208(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern11.test(data)) return false;
  return true;
}
function check209(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check210(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check211(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check212(data) {
  if (check263(data)) return false;
  return true;
}
function check213(data) {
  if (data !== "file") return false;
  return true;
}
function check214(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check215(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check216(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check217(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern11.test(data)) return false;
  return true;
}
function check218(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check219(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check220(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check221(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check222(data) {
  if (check264(data)) return false;
  return true;
}
function check223(data) {
  if (data !== "plan_step") return false;
  return true;
}
function check224(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check225(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check226(data) {
  if (!(typeof data === "string")) return false;
  if (!members12.has(data)) return false;
  return true;
}
function check227(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check228(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check229(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check265(data[index])) return false;
  return true;
}
function check230(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check266(data["blocked_reason"])) return false;
  }
  return true;
}
function check231(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check267(data["blocked_reason"])) return false;
  }
  return true;
}
function check232(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check268(data["status"])) return false;
  }
  return true;
}
function check233(data) {
  if (data !== "code_diff") return false;
  return true;
}
function check234(data) {
  if (!(Array.isArray(data))) return false;
  if (data.length < 1) return false;
  for (let index = 0; index < data.length; index += 1) if (!check269(data[index])) return false;
  return true;
}
function check235(data) {
  if (data !== "command") return false;
  return true;
}
function check236(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check237(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check238(data) {
  if (!(Number.isInteger(data))) return false;
  return true;
}
function check239(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check240(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check241(data) {
  if (data !== "refusal") return false;
  return true;
}
function check242(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check243(data) {
  if (data !== "compaction") return false;
  return true;
}
function check244(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "summary" || data === "edit" || data === "trim")) return false;
  return true;
}
function check245(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check246(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check247(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check248(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check249(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check250(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check251(data) {
  if (data !== "stream_chunk") return false;
  return true;
}
function check252(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check253(data) {
  if (data !== "native") return false;
  return true;
}
function check254(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check255(data) {
  return true;
}
function check256(data) {
  if (!(Number.isInteger(data))) return false;
  if (data !== 1) return false;
  return true;
}
function check257(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "repo" || data === "file")) return false;
  return true;
}
function check258(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern13.test(data)) return false;
  return true;
}
function check259(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "kind": if (value !== undefined && !check270(value)) return false; break;
      case "url": if (value !== undefined && !check271(value)) return false; break;
      case "title": if (value !== undefined && !check272(value)) return false; break;
      case "cited_text": if (value !== undefined && !check273(value)) return false; break;
      case "start_index": if (value !== undefined && !check274(value)) return false; break;
      case "end_index": if (value !== undefined && !check275(value)) return false; break;
      case "document_index": if (value !== undefined && !check276(value)) return false; break;
      case "document_title": if (value !== undefined && !check277(value)) return false; break;
      case "file_id": if (value !== undefined && !check278(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check17(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check260(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check261(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["input"] === undefined) return false;
  }
  return true;
}
function check262(data) {
  if (!(check279(data) || check280(data) || check281(data) || check282(data))) return false;
  return true;
}
function check263(data) {
  if (!(check283(data) || check284(data) || check285(data) || check286(data))) return false;
  return true;
}
function check264(data) {
  if (!(check287(data) || check288(data) || check289(data) || check290(data) || check291(data))) return false;
  return true;
}
function check265(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["id"] === undefined) return false;
  if (data["title"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "id": if (value !== undefined && !check292(value)) return false; break;
      case "title": if (value !== undefined && !check293(value)) return false; break;
      case "status": if (value !== undefined && !check226(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check294(value)) return false; break;
      case "description": if (value !== undefined && !check295(value)) return false; break;
      case "subitems": if (value !== undefined && !check296(value)) return false; break;
      default: return false;
    }
  }
  if (!(check299(data) ? check297(data) : check298(data))) return false;
  return true;
}
function check266(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check267(data) {
  if (!(data === null)) return false;
  return true;
}
function check268(data) {
  if (data !== "blocked") return false;
  return true;
}
function check269(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["path"] === undefined) return false;
  if (data["change"] === undefined) return false;
  if (data["binary"] === undefined) return false;
  if (data["hunks"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "path": if (value !== undefined && !check300(value)) return false; break;
      case "old_path": if (value !== undefined && !check301(value)) return false; break;
      case "change": if (value !== undefined && !check302(value)) return false; break;
      case "binary": if (value !== undefined && !check303(value)) return false; break;
      case "old_mode": if (value !== undefined && !check304(value)) return false; break;
      case "new_mode": if (value !== undefined && !check305(value)) return false; break;
      case "hunks": if (value !== undefined && !check306(value)) return false; break;
      default: return false;
    }
  }
  if (!(check308(data) ? check307(data) : true)) return false;
  return true;
}
function check270(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "url" || data === "document" || data === "search_result" || data === "file")) return false;
  return true;
}
function check271(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check272(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check273(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check274(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check275(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check276(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check277(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check278(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check279(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check280(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check281(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check282(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check283(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check284(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check285(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check286(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check287(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check288(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check289(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check290(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
function check291(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["text"] === undefined) return false;
  }
  return true;
}
function check292(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check293(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check294(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check295(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
function check296(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check265(data[index])) return false;
  return true;
}
function check297(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check309(data["blocked_reason"])) return false;
  }
  return true;
}
function check298(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check310(data["blocked_reason"])) return false;
  }
  return true;
}
function check299(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check311(data["status"])) return false;
  }
  return true;
}
function check300(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check301(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check302(data) {
  if (!(typeof data === "string")) return false;
  if (!members14.has(data)) return false;
  return true;
}
function check303(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
function check304(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern15.test(data)) return false;
  return true;
}
function check305(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern15.test(data)) return false;
  return true;
}
function check306(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check312(data[index])) return false;
  return true;
}
function check307(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["old_path"] === undefined) return false;
  }
  return true;
}
function check308(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["change"] === undefined) return false;
    if (data["change"] !== undefined && !check313(data["change"])) return false;
  }
  return true;
}
function check309(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
function check310(data) {
  if (!(data === null)) return false;
  return true;
}
function check311(data) {
  if (data !== "blocked") return false;
  return true;
}
function check312(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["old_start"] === undefined) return false;
  if (data["old_lines"] === undefined) return false;
  if (data["new_start"] === undefined) return false;
  if (data["new_lines"] === undefined) return false;
  if (data["lines"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "old_start": if (value !== undefined && !check314(value)) return false; break;
      case "old_lines": if (value !== undefined && !check315(value)) return false; break;
      case "new_start": if (value !== undefined && !check316(value)) return false; break;
      case "new_lines": if (value !== undefined && !check317(value)) return false; break;
      case "header": if (value !== undefined && !check318(value)) return false; break;
      case "lines": if (value !== undefined && !check319(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check313(data) {
  if (!(data === "renamed" || data === "copied")) return false;
  return true;
}
function check314(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check315(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check316(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check317(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check318(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
function check319(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check320(data[index])) return false;
  return true;
}
function check320(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["kind"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "kind": if (value !== undefined && !check321(value)) return false; break;
      case "text": if (value !== undefined && !check322(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check321(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "context" || data === "added" || data === "removed" || data === "no_newline")) return false;
  return true;
}
function check322(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
export const Transcript = check0;

// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/transcript.schema.json
// Regenerate: pnpm generate
// Variant: strict (specialised yes/no checks; ajv's validator is the reference)
import { formats } from "./formats.js";
/** A format of ajv-formats as a test: a regular expression, a function, or an object with `validate`. */
function formatTest(format) {
  const check = typeof format === "object" && format !== null && !(format instanceof RegExp) ? format.validate : format;
  return check instanceof RegExp ? (text) => check.test(text) : check;
}
const format_uuid = formatTest(formats["uuid"]);
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
const branches0 = new Map([["text", check63], ["reasoning", check64], ["tool_call", check65], ["tool_result", check66], ["image", check67], ["audio", check68], ["file", check69], ["plan_step", check70], ["code_diff", check71], ["command", check72], ["refusal", check73], ["compaction", check74], ["stream_chunk", check75], ["native", check76]]);
const members1 = new Set(["run.started", "run.completed", "step.started", "step.completed", "step.call_workflow.started", "step.call_workflow.completed", "message.system", "message.user", "message.assistant", "tool.call", "tool.result", "artifact.created"]);
const pattern2 = new RegExp("^(?:[^.]+(?:\\.[^.]+)*)?$", "u");
const members3 = new Set(["system", "developer", "user", "assistant", "tool"]);
const members4 = new Set(["stop", "length", "tool_calls", "content_filter", "refusal", "pause", "error", "other"]);
const branches5 = new Map([["computed", check121], ["reported", check122], ["unknown", check123]]);
const pattern6 = new RegExp("^1\\.(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)$", "u");
const pattern7 = new RegExp("^[a-z0-9][a-z0-9.-]*$", "u");
const pattern8 = new RegExp("^(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)(?:/(?:[^/\\n\\r  ]{3,}|[^./\\n\\r  ][^/\\n\\r  ]?|\\.[^./\\n\\r  ]?)?)*$", "u");
const members9 = new Set(["pending", "in_progress", "complete", "blocked", "cancelled"]);
const members10 = new Set(["agent-transcript", "event-log", "openai-chat", "openai-responses", "anthropic", "gemini", "ollama", "portable", "bedrock-converse", "mistral", "claude-code", "codex", "gemini-cli", "warp-export", "devflow", "atif", "awf-transcript", "otlp-json"]);
const branches11 = new Map([["snapshot", check304], ["file", check305]]);
const pattern12 = new RegExp("^[A-Z]{3}$", "u");
const pattern13 = new RegExp("^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$", "u");
const members14 = new Set(["added", "modified", "deleted", "renamed", "copied"]);
const pattern15 = new RegExp("^[0-7]{6}$", "u");
const pattern16 = new RegExp("^[0-9a-f]{64}$", "u");
const pattern17 = new RegExp("^/", "u");
function check0(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["seq"] === undefined) return false;
  if (data["run_id"] === undefined) return false;
  if (data["type"] === undefined) return false;
  if (data["path"] === undefined) return false;
  if (data["iteration"] === undefined) return false;
  if (data["timestamp"] === undefined) return false;
  if (data["payload"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "seq": if (value !== undefined && !check6(value)) return false; break;
      case "run_id": if (value !== undefined && !check7(value)) return false; break;
      case "parent_run_id": if (value !== undefined && !check8(value)) return false; break;
      case "child_run_id": if (value !== undefined && !check9(value)) return false; break;
      case "type": if (value !== undefined && !check10(value)) return false; break;
      case "path": if (value !== undefined && !check11(value)) return false; break;
      case "iteration": if (value !== undefined && !check12(value)) return false; break;
      case "timestamp": if (value !== undefined && !check13(value)) return false; break;
      case "payload": if (value !== undefined && !check14(value)) return false; break;
      default: return false;
    }
  }
  if (!check15(data)) return false;
  if (!check16(data)) return false;
  if (!check17(data)) return false;
  if (!check18(data)) return false;
  if (!check19(data)) return false;
  if (!check20(data)) return false;
  if (!check21(data)) return false;
  if (!check22(data)) return false;
  if (!check23(data)) return false;
  if (!check24(data)) return false;
  return true;
}
function check1(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["role"] === undefined) return false;
  if (data["blocks"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "role": if (value !== undefined && !check25(value)) return false; break;
      case "blocks": if (value !== undefined && !check26(value)) return false; break;
      case "message_id": if (value !== undefined && !check27(value)) return false; break;
      case "model": if (value !== undefined && !check28(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "response_id": if (value !== undefined && !check30(value)) return false; break;
      case "finish_reason": if (value !== undefined && !check31(value)) return false; break;
      case "native_finish_reason": if (value !== undefined && !check32(value)) return false; break;
      case "usage": if (value !== undefined && !check33(value)) return false; break;
      case "cost": if (value !== undefined && !check34(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check35(value)) return false; break;
      case "time_to_first_token_ms": if (value !== undefined && !check36(value)) return false; break;
      case "error": if (value !== undefined && !check37(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check2(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  if (data["call_id"] === undefined) return false;
  if (data["fidelity"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check38(value)) return false; break;
      case "call_id": if (value !== undefined && !check39(value)) return false; break;
      case "input": if (value !== undefined && !check40(value)) return false; break;
      case "output": if (value !== undefined && !check41(value)) return false; break;
      case "error": if (value !== undefined && !check42(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "status": if (value !== undefined && !check44(value)) return false; break;
      case "content": if (value !== undefined && !check45(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check46(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check47(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check3(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["role"] === undefined) return false;
  if (data["parts"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "id": if (value !== undefined && !check48(value)) return false; break;
      case "role": if (value !== undefined && !check25(value)) return false; break;
      case "parts": if (value !== undefined && !check49(value)) return false; break;
      case "name": if (value !== undefined && !check50(value)) return false; break;
      case "created_at": if (value !== undefined && !check51(value)) return false; break;
      case "completed_at": if (value !== undefined && !check52(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check53(value)) return false; break;
      case "time_to_first_token_ms": if (value !== undefined && !check54(value)) return false; break;
      case "model": if (value !== undefined && !check55(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "response_id": if (value !== undefined && !check56(value)) return false; break;
      case "finish_reason": if (value !== undefined && !check31(value)) return false; break;
      case "native_finish_reason": if (value !== undefined && !check57(value)) return false; break;
      case "error": if (value !== undefined && !check58(value)) return false; break;
      case "usage": if (value !== undefined && !check33(value)) return false; break;
      case "cost": if (value !== undefined && !check34(value)) return false; break;
      case "path": if (value !== undefined && !check59(value)) return false; break;
      case "iteration": if (value !== undefined && !check60(value)) return false; break;
      case "metadata": if (value !== undefined && !check61(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check4(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const branch = typeof data["type"] === "string" ? branches0.get(data["type"]) : undefined;
  if (branch === undefined || !branch(data)) return false;
  return true;
}
function check5(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["schema_version"] === undefined) return false;
  if (data["id"] === undefined) return false;
  if (data["messages"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "schema_version": if (value !== undefined && !check77(value)) return false; break;
      case "id": if (value !== undefined && !check78(value)) return false; break;
      case "title": if (value !== undefined && !check79(value)) return false; break;
      case "created_at": if (value !== undefined && !check80(value)) return false; break;
      case "updated_at": if (value !== undefined && !check81(value)) return false; break;
      case "source": if (value !== undefined && !check82(value)) return false; break;
      case "producer": if (value !== undefined && !check83(value)) return false; break;
      case "run": if (value !== undefined && !check84(value)) return false; break;
      case "messages": if (value !== undefined && !check85(value)) return false; break;
      case "tools": if (value !== undefined && !check86(value)) return false; break;
      case "tool_choice": if (value !== undefined && !check87(value)) return false; break;
      case "usage": if (value !== undefined && !check33(value)) return false; break;
      case "cost": if (value !== undefined && !check34(value)) return false; break;
      case "artifacts": if (value !== undefined && !check88(value)) return false; break;
      case "export": if (value !== undefined && !check89(value)) return false; break;
      case "metadata": if (value !== undefined && !check90(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check6(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 1) return false;
  return true;
}
function check7(data) {
  if (!(typeof data === "string")) return false;
  if (!format_uuid(data)) return false;
  return true;
}
const check8 = check7;
const check9 = check7;
function check10(data) {
  if (!(typeof data === "string")) return false;
  if (!members1.has(data)) return false;
  return true;
}
function check11(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern2.test(data)) return false;
  return true;
}
function check12(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 0) return false;
  return true;
}
function check13(data) {
  if (!(typeof data === "string")) return false;
  if (!format_date_time(data)) return false;
  return true;
}
function check14(data) {
  return true;
}
function check15(data) {
  if (!(check92(data) ? check91(data) : true)) return false;
  return true;
}
function check16(data) {
  if (!(check94(data) ? check93(data) : true)) return false;
  return true;
}
function check17(data) {
  if (!(check96(data) ? check95(data) : true)) return false;
  return true;
}
function check18(data) {
  if (!(check98(data) ? check97(data) : true)) return false;
  return true;
}
function check19(data) {
  if (!(check100(data) ? check99(data) : true)) return false;
  return true;
}
function check20(data) {
  if (!(check102(data) ? check101(data) : true)) return false;
  return true;
}
function check21(data) {
  if (!(check104(data) ? check103(data) : true)) return false;
  return true;
}
function check22(data) {
  if (!(check106(data) ? check105(data) : true)) return false;
  return true;
}
function check23(data) {
  if (!(check108(data) ? check107(data) : true)) return false;
  return true;
}
function check24(data) {
  if (!(check110(data) ? check109(data) : true)) return false;
  return true;
}
function check25(data) {
  if (!(typeof data === "string")) return false;
  if (!members3.has(data)) return false;
  return true;
}
function check26(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check4(data[index])) return false;
  return true;
}
function check27(data) {
  if (!(typeof data === "string")) return false;
  return true;
}
const check28 = check27;
function check29(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["provider"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "provider": if (value !== undefined && !check111(value)) return false; break;
      case "api": if (value !== undefined && !check112(value)) return false; break;
      case "model": if (value !== undefined && !check113(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
const check30 = check27;
function check31(data) {
  if (!(typeof data === "string")) return false;
  if (!members4.has(data)) return false;
  return true;
}
const check32 = check27;
function check33(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["input_tokens"] === undefined) return false;
  if (data["output_tokens"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "input_tokens": if (value !== undefined && !check114(value)) return false; break;
      case "output_tokens": if (value !== undefined && !check115(value)) return false; break;
      case "cache_read_tokens": if (value !== undefined && !check116(value)) return false; break;
      case "cache_write_tokens": if (value !== undefined && !check117(value)) return false; break;
      case "reasoning_tokens": if (value !== undefined && !check118(value)) return false; break;
      case "total_tokens": if (value !== undefined && !check119(value)) return false; break;
      case "raw": if (value !== undefined && !check120(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check34(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  const branch = typeof data["status"] === "string" ? branches5.get(data["status"]) : undefined;
  if (branch === undefined || !branch(data)) return false;
  return true;
}
const check35 = check12;
const check36 = check12;
const check37 = check27;
function check38(data) {
  if (!(typeof data === "string")) return false;
  if ((data.length < 2 && codePointLength(data) < 1)) return false;
  return true;
}
const check39 = check38;
const check40 = check14;
const check41 = check14;
const check42 = check27;
function check43(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "router" || data === "agent_emitted")) return false;
  return true;
}
function check44(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "ok" || data === "error" || data === "denied" || data === "interrupted")) return false;
  return true;
}
const check45 = check26;
const check46 = check12;
function check47(data) {
  if (!(typeof data === "boolean")) return false;
  return true;
}
const check48 = check27;
const check49 = check26;
const check50 = check27;
const check51 = check13;
const check52 = check13;
const check53 = check12;
const check54 = check12;
const check55 = check27;
const check56 = check27;
const check57 = check27;
const check58 = check27;
const check59 = check27;
const check60 = check12;
function check61(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  return true;
}
function check62(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      default: if (!check124(value)) return false; break;
    }
  }
  return true;
}
function check63(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  if (data["signature"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check125(value)) return false; break;
      case "text": if (value !== undefined && !check126(value)) return false; break;
      case "citations": if (value !== undefined && !check127(value)) return false; break;
      case "signature": if (value !== undefined && !check128(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check64(data) {
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
      case "type": if (value !== undefined && !check129(value)) return false; break;
      case "text": if (value !== undefined && !check130(value)) return false; break;
      case "summary": if (value !== undefined && !check131(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check132(value)) return false; break;
      case "signature": if (value !== undefined && !check133(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check134(value)) return false; break;
      case "redacted_data": if (value !== undefined && !check135(value)) return false; break;
      case "id": if (value !== undefined && !check136(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check65(data) {
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
      case "type": if (value !== undefined && !check137(value)) return false; break;
      case "id": if (value !== undefined && !check138(value)) return false; break;
      case "name": if (value !== undefined && !check139(value)) return false; break;
      case "input": if (value !== undefined && !check140(value)) return false; break;
      case "raw_input": if (value !== undefined && !check141(value)) return false; break;
      case "input_error": if (value !== undefined && !check142(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check143(value)) return false; break;
      case "native_type": if (value !== undefined && !check144(value)) return false; break;
      case "item_id": if (value !== undefined && !check145(value)) return false; break;
      case "signature": if (value !== undefined && !check146(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  if (!(check148(data) ? check147(data) : true)) return false;
  return true;
}
function check66(data) {
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
      case "type": if (value !== undefined && !check149(value)) return false; break;
      case "call_id": if (value !== undefined && !check150(value)) return false; break;
      case "name": if (value !== undefined && !check151(value)) return false; break;
      case "status": if (value !== undefined && !check44(value)) return false; break;
      case "output": if (value !== undefined && !check152(value)) return false; break;
      case "content": if (value !== undefined && !check153(value)) return false; break;
      case "error": if (value !== undefined && !check154(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check155(value)) return false; break;
      case "provider_executed": if (value !== undefined && !check156(value)) return false; break;
      case "native_type": if (value !== undefined && !check157(value)) return false; break;
      case "truncated": if (value !== undefined && !check158(value)) return false; break;
      case "original_size_bytes": if (value !== undefined && !check159(value)) return false; break;
      case "truncation_strategy": if (value !== undefined && !check160(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check67(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check161(value)) return false; break;
      case "media_type": if (value !== undefined && !check162(value)) return false; break;
      case "data": if (value !== undefined && !check163(value)) return false; break;
      case "url": if (value !== undefined && !check164(value)) return false; break;
      case "path": if (value !== undefined && !check165(value)) return false; break;
      case "file_id": if (value !== undefined && !check166(value)) return false; break;
      case "detail": if (value !== undefined && !check167(value)) return false; break;
      case "alt": if (value !== undefined && !check168(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  if (!(check170(data) ? check169(data) : true)) return false;
  return true;
}
function check68(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check171(value)) return false; break;
      case "media_type": if (value !== undefined && !check172(value)) return false; break;
      case "data": if (value !== undefined && !check173(value)) return false; break;
      case "url": if (value !== undefined && !check174(value)) return false; break;
      case "path": if (value !== undefined && !check175(value)) return false; break;
      case "file_id": if (value !== undefined && !check176(value)) return false; break;
      case "transcript": if (value !== undefined && !check177(value)) return false; break;
      case "id": if (value !== undefined && !check178(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  if (!(check179(data) ? check169(data) : true)) return false;
  return true;
}
function check69(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check180(value)) return false; break;
      case "media_type": if (value !== undefined && !check181(value)) return false; break;
      case "data": if (value !== undefined && !check182(value)) return false; break;
      case "url": if (value !== undefined && !check183(value)) return false; break;
      case "path": if (value !== undefined && !check184(value)) return false; break;
      case "file_id": if (value !== undefined && !check185(value)) return false; break;
      case "filename": if (value !== undefined && !check186(value)) return false; break;
      case "title": if (value !== undefined && !check187(value)) return false; break;
      case "text": if (value !== undefined && !check188(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  if (!(check189(data) ? check169(data) : true)) return false;
  return true;
}
function check70(data) {
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
      case "type": if (value !== undefined && !check190(value)) return false; break;
      case "id": if (value !== undefined && !check191(value)) return false; break;
      case "title": if (value !== undefined && !check192(value)) return false; break;
      case "status": if (value !== undefined && !check193(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check194(value)) return false; break;
      case "description": if (value !== undefined && !check195(value)) return false; break;
      case "subitems": if (value !== undefined && !check196(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  if (!(check199(data) ? check197(data) : check198(data))) return false;
  return true;
}
function check71(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["files"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check200(value)) return false; break;
      case "files": if (value !== undefined && !check201(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check72(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["command"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check202(value)) return false; break;
      case "command": if (value !== undefined && !check203(value)) return false; break;
      case "cwd": if (value !== undefined && !check204(value)) return false; break;
      case "exit_code": if (value !== undefined && !check205(value)) return false; break;
      case "output": if (value !== undefined && !check206(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check207(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check73(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check208(value)) return false; break;
      case "text": if (value !== undefined && !check209(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check74(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["encrypted_content"] !== undefined && (data["issuer"] === undefined)) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check210(value)) return false; break;
      case "strategy": if (value !== undefined && !check211(value)) return false; break;
      case "summary": if (value !== undefined && !check212(value)) return false; break;
      case "encrypted_content": if (value !== undefined && !check213(value)) return false; break;
      case "id": if (value !== undefined && !check214(value)) return false; break;
      case "tokens_before": if (value !== undefined && !check215(value)) return false; break;
      case "tokens_after": if (value !== undefined && !check216(value)) return false; break;
      case "replaced_messages": if (value !== undefined && !check217(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check75(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check218(value)) return false; break;
      case "text": if (value !== undefined && !check219(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check76(data) {
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
      case "type": if (value !== undefined && !check220(value)) return false; break;
      case "native_type": if (value !== undefined && !check221(value)) return false; break;
      case "data": if (value !== undefined && !check222(value)) return false; break;
      case "issuer": if (value !== undefined && !check29(value)) return false; break;
      case "fidelity": if (value !== undefined && !check43(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check77(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern6.test(data)) return false;
  return true;
}
const check78 = check38;
const check79 = check27;
const check80 = check13;
const check81 = check13;
function check82(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["format"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "format": if (value !== undefined && !check223(value)) return false; break;
      case "format_version": if (value !== undefined && !check224(value)) return false; break;
      case "path": if (value !== undefined && !check225(value)) return false; break;
      case "session_id": if (value !== undefined && !check226(value)) return false; break;
      case "imported_at": if (value !== undefined && !check227(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check83(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check228(value)) return false; break;
      case "version": if (value !== undefined && !check229(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check84(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check230(value)) return false; break;
      case "started_at": if (value !== undefined && !check231(value)) return false; break;
      case "ended_at": if (value !== undefined && !check232(value)) return false; break;
      case "duration_ms": if (value !== undefined && !check233(value)) return false; break;
      case "error": if (value !== undefined && !check234(value)) return false; break;
      case "parent": if (value !== undefined && !check235(value)) return false; break;
      case "children": if (value !== undefined && !check236(value)) return false; break;
      case "steps": if (value !== undefined && !check237(value)) return false; break;
      case "usage_including_children": if (value !== undefined && !check33(value)) return false; break;
      case "metadata": if (value !== undefined && !check238(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check85(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check3(data[index])) return false;
  return true;
}
function check86(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check239(data[index])) return false;
  return true;
}
function check87(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["mode"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "mode": if (value !== undefined && !check240(value)) return false; break;
      case "name": if (value !== undefined && !check241(value)) return false; break;
      case "parallel": if (value !== undefined && !check242(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  if (!(check244(data) ? check243(data) : true)) return false;
  return true;
}
function check88(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check245(data[index])) return false;
  return true;
}
function check89(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "exported_at": if (value !== undefined && !check246(value)) return false; break;
      case "reasoning": if (value !== undefined && !check247(value)) return false; break;
      case "redaction": if (value !== undefined && !check248(value)) return false; break;
      case "truncation": if (value !== undefined && !check249(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
const check90 = check61;
function check91(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["child_run_id"] === undefined) return false;
  }
  return true;
}
function check92(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check250(data["type"])) return false;
  }
  return true;
}
function check93(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check251(data["payload"])) return false;
  }
  return true;
}
function check94(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check252(data["type"])) return false;
  }
  return true;
}
function check95(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check253(data["payload"])) return false;
  }
  return true;
}
function check96(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check254(data["type"])) return false;
  }
  return true;
}
function check97(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check255(data["payload"])) return false;
  }
  return true;
}
function check98(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check256(data["type"])) return false;
  }
  return true;
}
function check99(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check257(data["payload"])) return false;
  }
  return true;
}
function check100(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check258(data["type"])) return false;
  }
  return true;
}
function check101(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check259(data["payload"])) return false;
  }
  return true;
}
function check102(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check260(data["type"])) return false;
  }
  return true;
}
function check103(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check261(data["payload"])) return false;
  }
  return true;
}
function check104(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check262(data["type"])) return false;
  }
  return true;
}
function check105(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check263(data["payload"])) return false;
  }
  return true;
}
function check106(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check264(data["type"])) return false;
  }
  return true;
}
function check107(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check265(data["payload"])) return false;
  }
  return true;
}
function check108(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check266(data["type"])) return false;
  }
  return true;
}
function check109(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["payload"] !== undefined && !check245(data["payload"])) return false;
  }
  return true;
}
function check110(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["type"] === undefined) return false;
    if (data["type"] !== undefined && !check267(data["type"])) return false;
  }
  return true;
}
function check111(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern7.test(data)) return false;
  return true;
}
const check112 = check27;
const check113 = check27;
const check114 = check12;
const check115 = check12;
const check116 = check12;
const check117 = check12;
const check118 = check12;
const check119 = check12;
function check120(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["provider"] === undefined) return false;
  if (data["usage"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "provider": if (value !== undefined && !check268(value)) return false; break;
      case "usage": if (value !== undefined && !check269(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check121(data) {
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
      case "status": if (value !== undefined && !check270(value)) return false; break;
      case "amount": if (value !== undefined && !check271(value)) return false; break;
      case "currency": if (value !== undefined && !check272(value)) return false; break;
      case "breakdown": if (value !== undefined && !check273(value)) return false; break;
      case "pricing": if (value !== undefined && !check274(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check122(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  if (data["amount"] === undefined) return false;
  if (data["currency"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check275(value)) return false; break;
      case "amount": if (value !== undefined && !check276(value)) return false; break;
      case "currency": if (value !== undefined && !check277(value)) return false; break;
      case "reported_by": if (value !== undefined && !check278(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check123(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["status"] === undefined) return false;
  if (data["currency"] === undefined) return false;
  if (data["reason"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "status": if (value !== undefined && !check279(value)) return false; break;
      case "currency": if (value !== undefined && !check280(value)) return false; break;
      case "reason": if (value !== undefined && !check281(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
const check124 = check61;
function check125(data) {
  if (data !== "text") return false;
  return true;
}
const check126 = check27;
function check127(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check282(data[index])) return false;
  return true;
}
const check128 = check27;
function check129(data) {
  if (data !== "reasoning") return false;
  return true;
}
const check130 = check27;
function check131(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check283(data[index])) return false;
  return true;
}
const check132 = check12;
const check133 = check27;
const check134 = check27;
const check135 = check27;
const check136 = check27;
function check137(data) {
  if (data !== "tool_call") return false;
  return true;
}
const check138 = check38;
const check139 = check38;
const check140 = check14;
const check141 = check27;
const check142 = check27;
const check143 = check47;
const check144 = check27;
const check145 = check27;
const check146 = check27;
function check147(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["raw_input"] === undefined) return false;
    if (data["input_error"] === undefined) return false;
  }
  return true;
}
function check148(data) {
  if (check284(data)) return false;
  return true;
}
function check149(data) {
  if (data !== "tool_result") return false;
  return true;
}
const check150 = check38;
const check151 = check27;
const check152 = check14;
const check153 = check26;
const check154 = check27;
const check155 = check12;
const check156 = check47;
const check157 = check27;
function check158(data) {
  if (data !== true) return false;
  return true;
}
const check159 = check12;
function check160(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "string_prefix" || data === "array_prefix" || data === "object_prefix")) return false;
  return true;
}
function check161(data) {
  if (data !== "image") return false;
  return true;
}
const check162 = check27;
const check163 = check27;
const check164 = check27;
function check165(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern8.test(data)) return false;
  return true;
}
const check166 = check27;
const check167 = check27;
const check168 = check27;
function check169(data) {
  return false;
}
function check170(data) {
  if (check285(data)) return false;
  return true;
}
function check171(data) {
  if (data !== "audio") return false;
  return true;
}
const check172 = check27;
const check173 = check27;
const check174 = check27;
const check175 = check165;
const check176 = check27;
const check177 = check27;
const check178 = check27;
function check179(data) {
  if (check286(data)) return false;
  return true;
}
function check180(data) {
  if (data !== "file") return false;
  return true;
}
const check181 = check27;
const check182 = check27;
const check183 = check27;
const check184 = check165;
const check185 = check27;
const check186 = check27;
const check187 = check27;
const check188 = check27;
function check189(data) {
  if (check287(data)) return false;
  return true;
}
function check190(data) {
  if (data !== "plan_step") return false;
  return true;
}
const check191 = check38;
const check192 = check27;
function check193(data) {
  if (!(typeof data === "string")) return false;
  if (!members9.has(data)) return false;
  return true;
}
function check194(data) {
  if (!(typeof data === "string" || data === null)) return false;
  return true;
}
const check195 = check194;
function check196(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check288(data[index])) return false;
  return true;
}
function check197(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check289(data["blocked_reason"])) return false;
  }
  return true;
}
function check198(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check290(data["blocked_reason"])) return false;
  }
  return true;
}
function check199(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check291(data["status"])) return false;
  }
  return true;
}
function check200(data) {
  if (data !== "code_diff") return false;
  return true;
}
function check201(data) {
  if (!(Array.isArray(data))) return false;
  if (data.length < 1) return false;
  for (let index = 0; index < data.length; index += 1) if (!check292(data[index])) return false;
  return true;
}
function check202(data) {
  if (data !== "command") return false;
  return true;
}
const check203 = check27;
const check204 = check27;
function check205(data) {
  if (!(Number.isInteger(data))) return false;
  return true;
}
const check206 = check27;
const check207 = check12;
function check208(data) {
  if (data !== "refusal") return false;
  return true;
}
const check209 = check27;
function check210(data) {
  if (data !== "compaction") return false;
  return true;
}
function check211(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "summary" || data === "edit" || data === "trim")) return false;
  return true;
}
const check212 = check27;
const check213 = check27;
const check214 = check27;
const check215 = check12;
const check216 = check12;
const check217 = check12;
function check218(data) {
  if (data !== "stream_chunk") return false;
  return true;
}
const check219 = check27;
function check220(data) {
  if (data !== "native") return false;
  return true;
}
const check221 = check38;
const check222 = check14;
function check223(data) {
  if (!(typeof data === "string")) return false;
  if (!members10.has(data)) return false;
  return true;
}
const check224 = check27;
const check225 = check27;
const check226 = check27;
const check227 = check13;
const check228 = check27;
const check229 = check27;
function check230(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "running" || data === "completed" || data === "failed" || data === "canceled")) return false;
  return true;
}
const check231 = check13;
const check232 = check13;
const check233 = check12;
const check234 = check27;
function check235(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["run_id"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "run_id": if (value !== undefined && !check293(value)) return false; break;
      case "call_id": if (value !== undefined && !check294(value)) return false; break;
      case "path": if (value !== undefined && !check295(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check236(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check296(data[index])) return false;
  return true;
}
function check237(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check297(data[index])) return false;
  return true;
}
const check238 = check61;
function check239(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check298(value)) return false; break;
      case "description": if (value !== undefined && !check299(value)) return false; break;
      case "input_schema": if (value !== undefined && !check300(value)) return false; break;
      case "strict": if (value !== undefined && !check301(value)) return false; break;
      case "native_type": if (value !== undefined && !check302(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check240(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "auto" || data === "none" || data === "required" || data === "tool")) return false;
  return true;
}
const check241 = check38;
const check242 = check47;
function check243(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["name"] === undefined) return false;
  }
  return true;
}
function check244(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["mode"] === undefined) return false;
    if (data["mode"] !== undefined && !check303(data["mode"])) return false;
  }
  return true;
}
function check245(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  const branch = typeof data["type"] === "string" ? branches11.get(data["type"]) : undefined;
  if (branch === undefined || !branch(data)) return false;
  return true;
}
const check246 = check13;
function check247(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "include" || data === "omit")) return false;
  return true;
}
function check248(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["counts"] === undefined) return false;
  if (data["total"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "counts": if (value !== undefined && !check306(value)) return false; break;
      case "total": if (value !== undefined && !check307(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check249(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["limit_bytes"] === undefined) return false;
  if (data["truncated_count"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "limit_bytes": if (value !== undefined && !check308(value)) return false; break;
      case "truncated_count": if (value !== undefined && !check309(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check250(data) {
  if (!(data === "step.call_workflow.started" || data === "step.call_workflow.completed")) return false;
  return true;
}
function check251(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["schema_version"] === undefined) return false;
  if (data["name"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "schema_version": if (value !== undefined && !check310(value)) return false; break;
      case "name": if (value !== undefined && !check311(value)) return false; break;
      case "kind": if (value !== undefined && !check312(value)) return false; break;
      case "title": if (value !== undefined && !check313(value)) return false; break;
      case "producer": if (value !== undefined && !check83(value)) return false; break;
      case "metadata": if (value !== undefined && !check314(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check252(data) {
  if (!(data === "run.started")) return false;
  return true;
}
function check253(data) {
  if (!(check315(data) || check255(data))) return false;
  return true;
}
function check254(data) {
  if (!(data === "run.completed")) return false;
  return true;
}
function check255(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["name"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "name": if (value !== undefined && !check316(value)) return false; break;
      case "kind": if (value !== undefined && !check317(value)) return false; break;
      case "error": if (value !== undefined && !check318(value)) return false; break;
      case "result": if (value !== undefined && !check319(value)) return false; break;
      case "status": if (value !== undefined && !check230(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check256(data) {
  if (!(data === "step.started" || data === "step.completed" || data === "step.call_workflow.started" || data === "step.call_workflow.completed")) return false;
  return true;
}
function check257(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check1(data)) return false;
  if (data["role"] !== undefined && !check320(data["role"])) return false;
  return true;
}
function check258(data) {
  if (!(data === "message.system")) return false;
  return true;
}
function check259(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check1(data)) return false;
  if (data["role"] !== undefined && !check321(data["role"])) return false;
  return true;
}
function check260(data) {
  if (!(data === "message.user")) return false;
  return true;
}
function check261(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check1(data)) return false;
  if (data["role"] !== undefined && !check322(data["role"])) return false;
  return true;
}
function check262(data) {
  if (!(data === "message.assistant")) return false;
  return true;
}
function check263(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check2(data)) return false;
  if (data["input"] === undefined) return false;
  return true;
}
function check264(data) {
  if (!(data === "tool.call")) return false;
  return true;
}
function check265(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (!check2(data)) return false;
  if (data["output"] === undefined) return false;
  return true;
}
function check266(data) {
  if (!(data === "tool.result")) return false;
  return true;
}
function check267(data) {
  if (!(data === "artifact.created")) return false;
  return true;
}
const check268 = check27;
const check269 = check14;
function check270(data) {
  if (data !== "computed") return false;
  return true;
}
function check271(data) {
  if (!((typeof data === "number" && isFinite(data)))) return false;
  if (data < 0) return false;
  return true;
}
function check272(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern12.test(data)) return false;
  return true;
}
function check273(data) {
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
      case "input": if (value !== undefined && !check323(value)) return false; break;
      case "output": if (value !== undefined && !check324(value)) return false; break;
      case "cache_read": if (value !== undefined && !check325(value)) return false; break;
      case "cache_write": if (value !== undefined && !check326(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check274(data) {
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
      case "table_version": if (value !== undefined && !check327(value)) return false; break;
      case "model": if (value !== undefined && !check328(value)) return false; break;
      case "source": if (value !== undefined && !check329(value)) return false; break;
      case "date": if (value !== undefined && !check330(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check275(data) {
  if (data !== "reported") return false;
  return true;
}
const check276 = check271;
const check277 = check272;
const check278 = check27;
function check279(data) {
  if (data !== "unknown") return false;
  return true;
}
const check280 = check272;
const check281 = check27;
function check282(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "kind": if (value !== undefined && !check331(value)) return false; break;
      case "url": if (value !== undefined && !check332(value)) return false; break;
      case "title": if (value !== undefined && !check333(value)) return false; break;
      case "cited_text": if (value !== undefined && !check334(value)) return false; break;
      case "start_index": if (value !== undefined && !check335(value)) return false; break;
      case "end_index": if (value !== undefined && !check336(value)) return false; break;
      case "document_index": if (value !== undefined && !check337(value)) return false; break;
      case "document_title": if (value !== undefined && !check338(value)) return false; break;
      case "file_id": if (value !== undefined && !check339(value)) return false; break;
      case "provider_fields": if (value !== undefined && !check62(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
const check283 = check27;
function check284(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["input"] === undefined) return false;
  }
  return true;
}
function check285(data) {
  if (!(check340(data) || check341(data) || check342(data) || check343(data))) return false;
  return true;
}
function check286(data) {
  if (!(check344(data) || check345(data) || check346(data) || check347(data))) return false;
  return true;
}
function check287(data) {
  if (!(check348(data) || check349(data) || check350(data) || check351(data) || check352(data))) return false;
  return true;
}
function check288(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["id"] === undefined) return false;
  if (data["title"] === undefined) return false;
  if (data["status"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "id": if (value !== undefined && !check353(value)) return false; break;
      case "title": if (value !== undefined && !check354(value)) return false; break;
      case "status": if (value !== undefined && !check193(value)) return false; break;
      case "blocked_reason": if (value !== undefined && !check355(value)) return false; break;
      case "description": if (value !== undefined && !check356(value)) return false; break;
      case "subitems": if (value !== undefined && !check357(value)) return false; break;
      default: return false;
    }
  }
  if (!(check360(data) ? check358(data) : check359(data))) return false;
  return true;
}
const check289 = check38;
function check290(data) {
  if (!(data === null)) return false;
  return true;
}
function check291(data) {
  if (data !== "blocked") return false;
  return true;
}
function check292(data) {
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
      case "path": if (value !== undefined && !check361(value)) return false; break;
      case "old_path": if (value !== undefined && !check362(value)) return false; break;
      case "change": if (value !== undefined && !check363(value)) return false; break;
      case "binary": if (value !== undefined && !check364(value)) return false; break;
      case "old_mode": if (value !== undefined && !check365(value)) return false; break;
      case "new_mode": if (value !== undefined && !check366(value)) return false; break;
      case "hunks": if (value !== undefined && !check367(value)) return false; break;
      default: return false;
    }
  }
  if (!(check369(data) ? check368(data) : true)) return false;
  return true;
}
const check293 = check38;
const check294 = check27;
const check295 = check27;
function check296(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["run_id"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "run_id": if (value !== undefined && !check370(value)) return false; break;
      case "title": if (value !== undefined && !check371(value)) return false; break;
      case "status": if (value !== undefined && !check230(value)) return false; break;
      case "call_id": if (value !== undefined && !check372(value)) return false; break;
      case "path": if (value !== undefined && !check373(value)) return false; break;
      case "location": if (value !== undefined && !check374(value)) return false; break;
      case "transcript": if (value !== undefined && !check5(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check297(data) {
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
      case "path": if (value !== undefined && !check375(value)) return false; break;
      case "name": if (value !== undefined && !check376(value)) return false; break;
      case "kind": if (value !== undefined && !check377(value)) return false; break;
      case "iteration": if (value !== undefined && !check378(value)) return false; break;
      case "status": if (value !== undefined && !check230(value)) return false; break;
      case "started_at": if (value !== undefined && !check379(value)) return false; break;
      case "ended_at": if (value !== undefined && !check380(value)) return false; break;
      case "error": if (value !== undefined && !check381(value)) return false; break;
      case "result": if (value !== undefined && !check382(value)) return false; break;
      case "child_run_id": if (value !== undefined && !check383(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
const check298 = check38;
const check299 = check27;
const check300 = check14;
const check301 = check47;
const check302 = check27;
function check303(data) {
  if (data !== "tool") return false;
  return true;
}
function check304(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["declarations"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check384(value)) return false; break;
      case "declarations": if (value !== undefined && !check385(value)) return false; break;
      case "created_at": if (value !== undefined && !check386(value)) return false; break;
      case "location": if (value !== undefined && !check387(value)) return false; break;
      case "sha256": if (value !== undefined && !check388(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check305(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["type"] === undefined) return false;
  if (data["path"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "type": if (value !== undefined && !check389(value)) return false; break;
      case "path": if (value !== undefined && !check390(value)) return false; break;
      case "media_type": if (value !== undefined && !check391(value)) return false; break;
      case "description": if (value !== undefined && !check392(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check306(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      default: if (!check393(value)) return false; break;
    }
  }
  return true;
}
const check307 = check12;
function check308(data) {
  if (!(Number.isInteger(data))) return false;
  if (data < 2) return false;
  return true;
}
const check309 = check12;
const check310 = check77;
const check311 = check27;
const check312 = check27;
const check313 = check27;
const check314 = check61;
const check315 = check290;
const check316 = check27;
const check317 = check27;
const check318 = check27;
const check319 = check14;
function check320(data) {
  if (!(data === "system" || data === "developer")) return false;
  return true;
}
function check321(data) {
  if (data !== "user") return false;
  return true;
}
function check322(data) {
  if (data !== "assistant") return false;
  return true;
}
const check323 = check271;
const check324 = check271;
const check325 = check271;
const check326 = check271;
const check327 = check27;
const check328 = check27;
const check329 = check27;
function check330(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern13.test(data)) return false;
  return true;
}
function check331(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "url" || data === "document" || data === "search_result" || data === "file")) return false;
  return true;
}
const check332 = check27;
const check333 = check27;
const check334 = check27;
const check335 = check12;
const check336 = check12;
const check337 = check12;
const check338 = check27;
const check339 = check27;
function check340(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["data"] === undefined) return false;
  }
  return true;
}
function check341(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["url"] === undefined) return false;
  }
  return true;
}
function check342(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["path"] === undefined) return false;
  }
  return true;
}
function check343(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["file_id"] === undefined) return false;
  }
  return true;
}
const check344 = check340;
const check345 = check341;
const check346 = check342;
const check347 = check343;
const check348 = check340;
const check349 = check341;
const check350 = check342;
const check351 = check343;
function check352(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["text"] === undefined) return false;
  }
  return true;
}
const check353 = check38;
const check354 = check27;
const check355 = check194;
const check356 = check194;
const check357 = check196;
function check358(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] === undefined) return false;
    if (data["blocked_reason"] !== undefined && !check394(data["blocked_reason"])) return false;
  }
  return true;
}
function check359(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["blocked_reason"] !== undefined && !check395(data["blocked_reason"])) return false;
  }
  return true;
}
function check360(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["status"] === undefined) return false;
    if (data["status"] !== undefined && !check396(data["status"])) return false;
  }
  return true;
}
const check361 = check38;
const check362 = check27;
function check363(data) {
  if (!(typeof data === "string")) return false;
  if (!members14.has(data)) return false;
  return true;
}
const check364 = check47;
function check365(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern15.test(data)) return false;
  return true;
}
const check366 = check365;
function check367(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check397(data[index])) return false;
  return true;
}
function check368(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["old_path"] === undefined) return false;
  }
  return true;
}
function check369(data) {
  if ((typeof data === "object" && data !== null && !Array.isArray(data))) {
    if (data["change"] === undefined) return false;
    if (data["change"] !== undefined && !check398(data["change"])) return false;
  }
  return true;
}
const check370 = check38;
const check371 = check27;
const check372 = check27;
const check373 = check27;
const check374 = check27;
const check375 = check27;
const check376 = check27;
const check377 = check27;
const check378 = check12;
const check379 = check13;
const check380 = check13;
const check381 = check27;
const check382 = check14;
const check383 = check27;
function check384(data) {
  if (data !== "snapshot") return false;
  return true;
}
function check385(data) {
  if (!(Array.isArray(data))) return false;
  if (data.length < 1) return false;
  for (let index = 0; index < data.length; index += 1) if (!check399(data[index])) return false;
  return true;
}
const check386 = check13;
const check387 = check27;
function check388(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern16.test(data)) return false;
  return true;
}
const check389 = check180;
const check390 = check38;
const check391 = check27;
const check392 = check27;
const check393 = check12;
const check394 = check38;
const check395 = check290;
const check396 = check291;
function check397(data) {
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
      case "old_start": if (value !== undefined && !check400(value)) return false; break;
      case "old_lines": if (value !== undefined && !check401(value)) return false; break;
      case "new_start": if (value !== undefined && !check402(value)) return false; break;
      case "new_lines": if (value !== undefined && !check403(value)) return false; break;
      case "header": if (value !== undefined && !check404(value)) return false; break;
      case "lines": if (value !== undefined && !check405(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check398(data) {
  if (!(data === "renamed" || data === "copied")) return false;
  return true;
}
function check399(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["version"] === undefined) return false;
  if (data["kind"] === undefined) return false;
  if (data["path"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "version": if (value !== undefined && !check406(value)) return false; break;
      case "kind": if (value !== undefined && !check407(value)) return false; break;
      case "path": if (value !== undefined && !check408(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
const check400 = check12;
const check401 = check12;
const check402 = check12;
const check403 = check12;
const check404 = check27;
function check405(data) {
  if (!(Array.isArray(data))) return false;
  for (let index = 0; index < data.length; index += 1) if (!check409(data[index])) return false;
  return true;
}
function check406(data) {
  if (!(Number.isInteger(data))) return false;
  if (data !== 1) return false;
  return true;
}
function check407(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "repo" || data === "file")) return false;
  return true;
}
function check408(data) {
  if (!(typeof data === "string")) return false;
  if (!pattern17.test(data)) return false;
  return true;
}
function check409(data) {
  if (!((typeof data === "object" && data !== null && !Array.isArray(data)))) return false;
  if (data["kind"] === undefined) return false;
  if (data["text"] === undefined) return false;
  const prototype = Object.getPrototypeOf(data);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in data) {
    const value = data[key];
    switch (key) {
      case "kind": if (value !== undefined && !check410(value)) return false; break;
      case "text": if (value !== undefined && !check411(value)) return false; break;
      default: return false;
    }
  }
  return true;
}
function check410(data) {
  if (!(typeof data === "string")) return false;
  if (!(data === "context" || data === "added" || data === "removed" || data === "no_newline")) return false;
  return true;
}
const check411 = check27;
export const Event = check0;
export const MessagePayload = check1;
export const ToolPayload = check2;
export const Message = check3;
export const Part = check4;
export const Transcript = check5;
